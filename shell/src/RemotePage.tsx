import { use, type ReactNode } from 'react';
import { Route, Routes } from '@platform/router';
import { Isolated } from './Isolated';
import type { RemotesManifest } from '@platform/contracts';
import { ownerOf, routesUnder } from './prefixes';
import { forgetModule, remoteRoutes } from './remotes';

/**
 * Loads what the page at `path` (exact, as prerendered) renders first: its remote's routes and, when
 * the remote lets it be loaded ahead, the page itself. A failure is left for the page to show.
 */
export async function preloadPage(manifest: RemotesManifest, path: string): Promise<void> {
  const owner = ownerOf(manifest, path);
  if (!owner) return;
  const routes = await remoteRoutes(owner.remote).catch(() => []);
  const page = routes.find((r) => r.path === path)?.Component;
  if (page && 'preload' in page) await page.preload().catch(() => undefined);
}

function Pages({ remote, prefix, notFound }: { remote: string; prefix: string; notFound: ReactNode }) {
  // The routes module is loaded once per remote (cached promise); each page is the remote's lazy chunk.
  const routes = routesUnder(use(remoteRoutes(remote)), prefix);
  if (prefix === '/') {
    // The root owns only the home page: nothing under it to route.
    const Home = routes[0]?.Component;
    return Home ? <Home /> : notFound;
  }
  return (
    <Routes>
      {routes.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
      <Route path="*" element={notFound} />
    </Routes>
  );
}

/**
 * The pages under one prefix a remote owns: the remote routes inside it (`/hire/:id` is mf-hire's
 * business, not the shell's). Loaded on demand and isolated, so its failure never takes the site down.
 */
export function RemotePage({
  remote,
  prefix,
  notFound,
}: {
  remote: string;
  prefix: string;
  /** Shown for a path under the prefix that none of the remote's routes matches. */
  notFound: ReactNode;
}) {
  return (
    <Isolated forget={() => forgetModule(remote)}>
      <Pages remote={remote} prefix={prefix} notFound={notFound} />
    </Isolated>
  );
}
