import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { remotesServed } from './modules';
import type { RemoteStartAssets } from './page-decoration';

/** The part of a federation build's `mf-manifest.json` read here. */
interface FederationManifest {
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * For each remote served from this gateway, the files its `./routes` module loads at once, as its build's
 * federation manifest lists them (under /mf/<folder>/). Re-read when the file changes, so a rebuilt remote
 * is hinted without a restart; a remote without the file (an older build) just gets no hints.
 */
export class StartAssets {
  private readonly read = new Map<string, { mtimeMs: number; assets: RemoteStartAssets | undefined }>();

  constructor(
    private readonly modules: ModuleDescriptor[],
    private readonly remotesRoot: string,
  ) {}

  all(): Record<string, RemoteStartAssets> {
    const out: Record<string, RemoteStartAssets> = {};
    for (const r of remotesServed(this.modules)) {
      const assets = this.of(r.folder);
      if (assets) out[r.name] = assets;
    }
    return out;
  }

  private of(folder: string): RemoteStartAssets | undefined {
    const file = path.join(this.remotesRoot, folder, 'dist', 'mf-manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    const known = this.read.get(folder);
    if (known?.mtimeMs === mtimeMs) return known.assets;
    let assets: RemoteStartAssets | undefined;
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
      const routes = manifest.exposes?.find((e) => e.path === './routes');
      const url = (name: string) => `/mf/${folder}/${name}`;
      // Only plain file names: the manifest is a build output, but it ends up in every page's HTML.
      const files = (names: string[] | undefined) =>
        (names ?? []).filter((n) => /^[\w.-]+$/.test(n)).map(url);
      if (routes) assets = { js: files(routes.assets?.js?.sync), css: files(routes.assets?.css?.sync) };
    } catch {
      assets = undefined;
    }
    this.read.set(folder, { mtimeMs, assets });
    return assets;
  }
}
