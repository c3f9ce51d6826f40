import { lazy } from 'react';
import type { RemotesManifest } from '@platform/contracts';
import { BrowserRouter, Route, Routes } from '@platform/router';
import { ToastProvider } from '@platform/ui';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { RemotePage } from './RemotePage';
import { COMPOSED_PAGES, ComposedPage, widgetsFor } from './pages/ComposedPage';
import { RoleGate, roleOfPrefix } from './pages/RoleGate';
import { ownedPrefixes, prefixPattern } from './prefixes';

// The platform inbox's page: loaded only when opened.
const NotificationsPage = lazy(() =>
  import('./notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);

/**
 * The site for one remotes manifest: each remote serves the route prefixes the manifest gives it and
 * routes inside them; the shell keeps its own composed pages and the 404. In the browser's router.
 */
export function App({ manifest }: { manifest: RemotesManifest }) {
  return (
    <ToastProvider>
      <BrowserRouter>
        <Site manifest={manifest} />
      </BrowserRouter>
    </ToastProvider>
  );
}

/** The site inside a router: the browser's (App), or the build's for one address (server-page.tsx). */
export function Site({ manifest }: { manifest: RemotesManifest }) {
  // The shell's own pages, shown once some remote gives them a widget.
  const composed = COMPOSED_PAGES.map((page) => ({ page, widgets: widgetsFor(manifest, page.slot) })).filter(
    (c) => c.widgets.length > 0,
  );
  return (
    <Layout>
      <Routes>
        {ownedPrefixes(manifest).map(({ remote, prefix }) => {
          // Keyed, so a failed remote's error state never carries over to another prefix.
          const page = <RemotePage key={prefix} remote={remote} prefix={prefix} notFound={<NotFound />} />;
          // A prefix that is a role's Dashboard (/admin) is that role's alone.
          const role = roleOfPrefix(manifest, prefix);
          return (
            <Route
              key={prefix}
              path={prefixPattern(prefix)}
              element={role ? <RoleGate role={role}>{page}</RoleGate> : page}
            />
          );
        })}
        {composed.map((c) => (
          <Route key={c.page.path} path={c.page.path} element={<ComposedPage {...c} />} />
        ))}
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Layout>
  );
}
