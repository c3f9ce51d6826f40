import './theme.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@platform/router';
import { initI18n } from './i18n';
import { LanguageSwitcher } from './components/LanguageSwitcher';
import { Spinner } from './components/Spinner';
import { ToastProvider } from './components/Toast';
import type { RemoteRoutes } from './index';

/**
 * A remote on its own dev page (`npm run dev -w mf-…`), for working on a module without the shell:
 * its routes with a language switcher. Imported from `@platform/ui/standalone` by the standalone
 * entry only, so none of it reaches the shared `@platform/ui` every page loads.
 */
export async function startStandalone(routes: RemoteRoutes): Promise<void> {
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <div className="container row" style={{ justifyContent: 'flex-end', padding: 8 }}>
            <LanguageSwitcher />
          </div>
          <Suspense fallback={<Spinner label="…" />}>
            <Routes>
              {routes.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
            </Routes>
          </Suspense>
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>,
  );
}
