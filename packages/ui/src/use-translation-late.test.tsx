import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { settleFirstRender } from '@platform/shell-state';
import { initI18n, registerNamespace } from './i18n';
import { useTranslation } from './use-translation';

// A file of its own: i18next keeps, per page, which languages were loaded; this page has loaded only English.
it('hydrates a part whose translations arrive late in the language of its HTML, after a switch', async () => {
  await initI18n('en');
  registerNamespace('late', async (lng) => ({ title: lng === 'sw' ? 'Ripoti' : 'Report' }));
  function Late() {
    const { t } = useTranslation('late');
    return <h2>{t('title')}</h2>;
  }
  // Prerendered in Kiswahili by the build; the visitor picked English before this part was attached, and
  // its Kiswahili texts were never loaded in this page (its code arrived after the page's first ones).
  settleFirstRender('sw');
  const container = document.createElement('div');
  container.innerHTML = '<!--$--><h2>Ripoti</h2><!--/$-->';
  document.body.append(container);
  const heading = container.querySelector('h2');

  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Suspense fallback={null}>
        <Late />
      </Suspense>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  // Attached to its HTML in Kiswahili (the same node), then in English.
  await waitFor(() => expect(container.querySelector('h2')).toHaveTextContent('Report'));
  expect(mismatches).toEqual([]);
  expect(container.querySelector('h2')).toBe(heading);
  container.remove();
});
