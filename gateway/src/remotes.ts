import { existsSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { RemotesManifest, type ModuleDescriptor, type NavEntry } from '@platform/contracts';
import { remotesServed } from './modules';

/**
 * The manifest the shell reads at start: the remotes (configured JSON when given, for remotes deployed
 * anywhere, else every remote whose build exists under `remotesRoot` or whose folder is in `fromOrigins`
 * (served by a static origin of its own, proxied): each at /mf/<folder>/ of this origin either way), and,
 * from the descriptors of the modules whose remote is there, the navbar and footer links and where each
 * role's Dashboard leads. A module whose pages are not deployed is not linked to.
 */
export function remotesManifest(
  modules: ModuleDescriptor[],
  configured: string | undefined,
  remotesRoot: string,
  fromOrigins: ReadonlySet<string> = new Set(),
): RemotesManifest {
  let remotes: RemotesManifest['remotes'];
  if (configured) {
    const parsed: unknown = JSON.parse(configured);
    if (!Value.Check(RemotesManifest, parsed))
      throw new Error('REMOTES_MANIFEST does not match the manifest schema');
    remotes = parsed.remotes;
  } else {
    remotes = remotesServed(modules)
      .filter(
        (r) =>
          fromOrigins.has(r.folder) || existsSync(path.join(remotesRoot, r.folder, 'dist', 'remoteEntry.js')),
      )
      .map((r) => ({
        name: r.name,
        entry: `/mf/${r.folder}/remoteEntry.js`,
        routes: r.routes,
        ...(r.widgets ? { widgets: r.widgets } : {}),
      }));
  }
  const present = new Set(remotes.map((r) => r.name));
  const live = modules.filter((m) => m.remote && present.has(m.remote.name));
  const ordered = (entries: NavEntry[]) => [...entries].sort((a, b) => a.order - b.order);
  return {
    remotes,
    navigation: ordered(live.flatMap((m) => m.navigation ?? [])),
    footer: ordered(live.flatMap((m) => m.footer ?? [])),
    dashboards: Object.assign({}, ...live.map((m) => m.dashboards ?? {})),
  };
}

/** Origins of remotes hosted elsewhere, which the CSP must allow. */
export function remoteOrigins(manifest: RemotesManifest): string[] {
  const origins = new Set<string>();
  for (const r of manifest.remotes) {
    if (/^https?:\/\//.test(r.entry)) origins.add(new URL(r.entry).origin);
  }
  return [...origins];
}
