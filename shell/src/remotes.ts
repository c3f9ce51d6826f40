import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@platform/contracts';
import type { RemoteRoutes } from '@platform/ui';

/** Reads the manifest the gateway serves and registers every remote at runtime (nothing is baked into the build). */
export async function loadManifest(): Promise<RemotesManifest> {
  try {
    const res = await fetch('/mf/remotes.json', { headers: { accept: 'application/json' } });
    if (!res.ok) return { remotes: [] };
    const manifest = (await res.json()) as RemotesManifest;
    registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
    return manifest;
  } catch {
    return { remotes: [] };
  }
}

const cache = new Map<string, Promise<RemoteRoutes>>();

/**
 * A remote's `./routes`, loaded once. A failed load stays failed (React re-renders would otherwise
 * retry in a loop) until `forgetRemote` is called by the page's "try again".
 */
export function remoteRoutes(name: string): Promise<RemoteRoutes> {
  let p = cache.get(name);
  if (!p) {
    p = loadRemote<{ default: RemoteRoutes }>(`${name}/routes`).then((mod) => {
      if (!mod?.default) throw new Error(`${name} has no routes`);
      return mod.default;
    });
    cache.set(name, p);
  }
  return p;
}

export function forgetRemote(name: string): void {
  cache.delete(name);
}
