import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { settleFirstRender } from '@platform/shell-state';
import { initI18n, registerNamespace } from './i18n';
import { useTranslation } from './use-translation';
import { renderScreen } from '../test/screen';

registerNamespace('first', async (lng) => ({
  greeting: lng === 'sw' ? 'Habari' : 'Hello',
  language: lng === 'sw' ? 'Kiswahili' : 'English',
}));
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

/** A page whose text and a language-dependent value are both drawn in its HTML. */
function Page() {
  const { t, i18n } = useTranslation('first');
  return (
    <main>
      <h1>{t('greeting')}</h1>
      <p lang={i18n.language}>{t('language')}</p>
    </main>
  );
}

it('hydrates a page in the language of its HTML though another was chosen meanwhile, then switches to it', async () => {
  await initI18n('en');
  await i18next.loadLanguages('sw');
  await i18next.loadNamespaces('first');
  // The page as the build prerendered it, in Kiswahili; the visitor picks English before it is hydrated.
  await i18next.changeLanguage('sw');
  settleFirstRender('sw');
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const heading = container.querySelector('h1');
  expect(heading).toHaveTextContent('Habari');
  await i18next.changeLanguage('en');

  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: (error) => mismatches.push(error) });
  });
  // Attached to the same nodes (no mismatch, nothing drawn again), then in English.
  expect(mismatches).toEqual([]);
  expect(container.querySelector('h1')).toBe(heading);
  expect(heading).toHaveTextContent('Hello');
  expect(container.querySelector('p')).toHaveTextContent('English');
  expect(container.querySelector('p')).toHaveAttribute('lang', 'en');
  container.remove();
});
