import '@platform/ui/theme.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { initI18n, LanguageSwitcher, Spinner, ToastProvider } from '@platform/ui';
import routes from './exposes/routes';

/** mf-core on its own dev page, for working on the module without the shell. */
async function start() {
  await initI18n();
  const router = createBrowserRouter(
    routes.map(({ path, Component }) => ({
      path,
      element: (
        <>
          <div className="container row" style={{ justifyContent: 'flex-end', padding: 8 }}>
            <LanguageSwitcher />
          </div>
          <Suspense fallback={<Spinner label="…" />}>
            <Component />
          </Suspense>
        </>
      ),
    })),
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>,
  );
}

void start();
