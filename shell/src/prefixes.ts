import type { RemotesManifest } from '@platform/contracts';
import type { RemoteRoutes } from '@platform/ui';

export interface OwnedPrefix {
  remote: string;
  prefix: string;
}

/** Every route prefix of the manifest with the remote that owns it. */
export function ownedPrefixes(manifest: RemotesManifest): OwnedPrefix[] {
  return manifest.remotes.flatMap((r) => r.routes.map((prefix) => ({ remote: r.name, prefix })));
}

/**
 * The shell's route for a prefix: `/hire` owns `/hire` and every path under it. The root `/` owns only
 * the home page, or one remote would own the whole site and unknown paths would never reach the 404.
 */
export function prefixPattern(prefix: string): string {
  return prefix === '/' ? '/' : `${prefix}/*`;
}

function isUnder(path: string, prefix: string): boolean {
  if (prefix === '/') return path === '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The remote serving `path` (the longest prefix holding it), if any. */
export function ownerOf(manifest: RemotesManifest, path: string): OwnedPrefix | undefined {
  let best: OwnedPrefix | undefined;
  for (const owned of ownedPrefixes(manifest))
    if (isUnder(path, owned.prefix) && (!best || owned.prefix.length > best.prefix.length)) best = owned;
  return best;
}

/**
 * A remote's routes that fall under one of its prefixes, with paths relative to it (`/hire/:id` under
 * `/hire` becomes `/:id`): the router matches routes inside a prefix against the rest of the path.
 * Routes outside the prefix are left out; the manifest, not the remote, decides what a remote owns.
 */
export function routesUnder(routes: RemoteRoutes, prefix: string): RemoteRoutes {
  return routes
    .filter((r) => isUnder(r.path, prefix))
    .map((r) => ({ ...r, path: prefix === '/' ? '/' : r.path.slice(prefix.length) || '/' }));
}
