import { useEffect } from 'react';
import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { registerNamespace } from './i18n';
import { useTranslation } from './use-translation';
import { renderScreen } from '../test/screen';

registerNamespace('first', async (lng) => ({ greeting: lng === 'sw' ? 'Habari' : 'Hello' }));
registerNamespace('other', async () => ({ word: 'other' }));

/** A page that loads its data whenever `t` changes, as pages do when `t` is among an effect's dependencies. */
let loads = 0;
function Greeting() {
  const { t } = useTranslation('first');
  useEffect(() => {
    loads++;
  }, [t]);
  return <h1>{t('greeting')}</h1>;
}

describe('useTranslation', () => {
  it('keeps the same t while the language is unchanged, and a new one in the new language', async () => {
    await renderScreen(<Greeting />);
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(loads).toBe(1);

    // Another part of the page loading its namespace does not make this page load again.
    await act(() => i18next.loadNamespaces('other'));
    expect(loads).toBe(1);

    await act(async () => {
      await i18next.loadLanguages('sw');
      await i18next.changeLanguage('sw');
    });
    expect(screen.getByRole('heading', { name: 'Habari' })).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});
