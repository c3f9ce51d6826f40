import '@platform/ui/theme.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { initI18n, registerNamespace, ToastProvider } from '@platform/ui';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { RemotePage } from './RemotePage';
import { loadManifest } from './remotes';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  const [manifest] = await Promise.all([loadManifest(), initI18n()]);

  // The manifest decides which remote serves which path: redeploying a remote never rebuilds the shell.
  const pages: RouteObject[] = manifest.remotes.flatMap((remote) =>
    remote.routes.map((path) => ({ path, element: <RemotePage remote={remote.name} path={path} /> })),
  );
  const router = createBrowserRouter([{ element: <Layout />, children: [...pages, { path: '*', element: <NotFound /> }] }]);

  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </StrictMode>,
  );
}

void start();
