import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { remotesServed } from './modules';
import type { RemoteStartAssets } from './page-decoration';

/** The part of a federation build's `mf-manifest.json` read here. */
interface FederationManifest {
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

const mtimeOf = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

// Only plain paths of files: these are build outputs, but they end up in every page's HTML.
const plainPaths = (paths: unknown) =>
  Array.isArray(paths)
    ? paths.filter((p): p is string => typeof p === 'string' && /^\/[\w./-]+$/.test(p))
    : [];

/**
 * For each remote served from this gateway, the files its `./routes` module loads at once, as its build's
 * federation manifest lists them (under /mf/<folder>/). Re-read when the file changes, so a rebuilt remote
 * is hinted without a restart; a remote without the file (an older build) just gets no hints.
 */
export class StartAssets {
  // Each file's content as last read, by its modification time.
  private readonly read = new Map<string, { mtimeMs: number; assets: RemoteStartAssets | undefined }>();

  private shellRead: { mtimeMs: number; assets: RemoteStartAssets | undefined } | undefined;

  constructor(
    private readonly modules: ModuleDescriptor[],
    private readonly remotesRoot: string,
    private readonly shellDist: string,
  ) {}

  /** The shell's start-up files after main.js, as its build lists them (mf-config's StartAssetsPlugin). */
  shell(): RemoteStartAssets | undefined {
    const file = path.join(this.shellDist, 'start-assets.json');
    const mtimeMs = mtimeOf(file);
    if (mtimeMs === undefined) return undefined;
    if (this.shellRead?.mtimeMs !== mtimeMs) {
      let assets: RemoteStartAssets | undefined;
      try {
        const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<RemoteStartAssets>;
        assets = { js: plainPaths(read.js), css: plainPaths(read.css) };
      } catch {
        assets = undefined;
      }
      this.shellRead = { mtimeMs, assets };
    }
    return this.shellRead.assets;
  }

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
    const mtimeMs = mtimeOf(file);
    if (mtimeMs === undefined) return undefined;
    const known = this.read.get(folder);
    if (known?.mtimeMs === mtimeMs) return known.assets;
    let assets: RemoteStartAssets | undefined;
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
      const routes = manifest.exposes?.find((e) => e.path === './routes');
      const files = (names: string[] | undefined) =>
        plainPaths((names ?? []).filter((n) => !n.includes('/')).map((n) => `/mf/${folder}/${n}`));
      if (routes) assets = { js: files(routes.assets?.js?.sync), css: files(routes.assets?.css?.sync) };
    } catch {
      assets = undefined;
    }
    this.read.set(folder, { mtimeMs, assets });
    return assets;
  }
}
