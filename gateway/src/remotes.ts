import { existsSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { RemotesManifest } from '@platform/contracts';
import { REMOTES } from './routes-table';

/**
 * The manifest the shell reads at start: configured JSON when given (remotes deployed anywhere),
 * else every remote whose build exists under `remotesRoot`, served by this gateway at /mf/<folder>/.
 */
export function remotesManifest(configured: string | undefined, remotesRoot: string): RemotesManifest {
  if (configured) {
    const parsed: unknown = JSON.parse(configured);
    if (!Value.Check(RemotesManifest, parsed))
      throw new Error('REMOTES_MANIFEST does not match the manifest schema');
    return parsed;
  }
  return {
    remotes: REMOTES.filter((r) =>
      existsSync(path.join(remotesRoot, r.folder, 'dist', 'remoteEntry.js')),
    ).map((r) => ({
      name: r.name,
      entry: `/mf/${r.folder}/remoteEntry.js`,
      routes: r.routes,
      ...(r.widgets ? { widgets: r.widgets } : {}),
    })),
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
