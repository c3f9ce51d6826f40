import '@platform/ui/theme.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Router, Switch } from 'wouter';
import { initI18n, registerNamespace, ToastProvider } from '@platform/ui';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { RemotePage } from './RemotePage';
import { COMPOSED_PAGES, ComposedPage, widgetsFor } from './pages/ComposedPage';
import { loadManifest } from './remotes';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  const [manifest] = await Promise.all([loadManifest(), initI18n()]);

  // The manifest decides which remote serves which path: redeploying a remote never rebuilds the shell.
  const pages = manifest.remotes.flatMap((remote) =>
    remote.routes.map((path) => ({ remote: remote.name, path })),
  );
  // The shell's own pages, shown once some remote gives them a widget.
  const composed = COMPOSED_PAGES.map((page) => ({ page, widgets: widgetsFor(manifest, page.slot) })).filter(
    (c) => c.widgets.length > 0,
  );

  createRoot(root).render(
    <StrictMode>
      <ToastProvider>
        <Router>
          <Layout>
            <Switch>
              {pages.map((p) => (
                <Route key={p.path} path={p.path}>
                  <RemotePage remote={p.remote} path={p.path} />
                </Route>
              ))}
              {composed.map((c) => (
                <Route key={c.page.path} path={c.page.path}>
                  <ComposedPage {...c} />
                </Route>
              ))}
              <Route>
                <NotFound />
              </Route>
            </Switch>
          </Layout>
        </Router>
      </ToastProvider>
    </StrictMode>,
  );
}

void start();
