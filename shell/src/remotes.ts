import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@platform/contracts';
import type { RemoteRoutes } from '@platform/ui';
import type { ComponentType } from 'react';

/** The manifest the gateway inlined into the page (a JSON script element), if it did. */
function inlinedManifest(): RemotesManifest | undefined {
  const text = document.getElementById('afya-remotes')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RemotesManifest;
  } catch {
    return undefined;
  }
}

async function fetchedManifest(): Promise<RemotesManifest> {
  try {
    const res = await fetch('/mf/remotes.json', { headers: { accept: 'application/json' } });
    if (!res.ok) return { remotes: [] };
    return (await res.json()) as RemotesManifest;
  } catch {
    return { remotes: [] };
  }
}

/**
 * The manifest the gateway serves, inlined in the page (no round trip before the first remote can load)
 * or else fetched; registers every remote at runtime (nothing is baked into the build).
 */
export async function loadManifest(): Promise<RemotesManifest> {
  const manifest = inlinedManifest() ?? (await fetchedManifest());
  registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
  return manifest;
}

const cache = new Map<string, Promise<unknown>>();

/**
 * A remote's exposed module (`./routes`, `./ClinicJobs` ...), loaded once. A failed load stays failed
 * (React re-renders would otherwise retry in a loop) until `forgetModule` is called by "try again".
 */
function remoteModule<T>(name: string, module: string, check: (mod: unknown) => T): Promise<T> {
  const key = `${name}/${module.replace(/^\.\//, '')}`;
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = loadRemote<{ default: unknown }>(key).then((mod) => check(mod?.default));
    cache.set(key, p);
  }
  return p;
}

export function remoteRoutes(name: string): Promise<RemoteRoutes> {
  return remoteModule(name, './routes', (routes) => {
    if (!Array.isArray(routes)) throw new Error(`${name} has no routes`);
    return routes as RemoteRoutes;
  });
}

/** A widget a remote gives one of the shell's pages: its module's default export is a component. */
export function remoteWidget(name: string, module: string): Promise<ComponentType> {
  return remoteModule(name, module, (component) => {
    if (typeof component !== 'function' && typeof component !== 'object')
      throw new Error(`${name}/${module} is not a component`);
    return component as ComponentType;
  });
}

/**
 * A remote's exposed module given rather than loaded (the build's render in Node, where the remote's
 * `dist-server/pages.js` is its `./routes`).
 */
export function provideModule(name: string, module: string, value: unknown): void {
  cache.set(`${name}/${module.replace(/^\.\//, '')}`, Promise.resolve(value));
}

export function forgetModule(name: string, module = './routes'): void {
  cache.delete(`${name}/${module.replace(/^\.\//, '')}`);
}
