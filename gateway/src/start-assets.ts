import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { remotesServed } from './modules';
import type { RemoteStartAssets } from './page-decoration';
import type { RemoteFilesFromOrigins } from './remote-origins';

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
 * is hinted without a restart; a remote without the file (an older build) just gets no hints. A remote
 * served by its own origin: its file as the gateway last read it from there (remote-origins.ts).
 */
export class StartAssets {
  // Each file's content as last read, by its modification time.
  private readonly read = new Map<string, { mtimeMs: number; assets: RemoteStartAssets | undefined }>();

  private shellRead: { mtimeMs: number; assets: RemoteStartAssets | undefined } | undefined;

  // A remote's from its origin, by the content last read.
  private readonly fromOrigins = new Map<string, { body: Buffer; assets: RemoteStartAssets | undefined }>();

  constructor(
    private readonly modules: ModuleDescriptor[],
    private readonly remotesRoot: string,
    private readonly shellDist: string,
    private readonly origins?: RemoteFilesFromOrigins,
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
    if (this.origins?.has(folder)) {
      const body = this.origins.current(folder, 'mf-manifest.json');
      if (!body) return undefined;
      const known = this.fromOrigins.get(folder);
      if (known?.body === body) return known.assets;
      const assets = startAssetsOf(folder, body);
      this.fromOrigins.set(folder, { body, assets });
      return assets;
    }
    const file = path.join(this.remotesRoot, folder, 'dist', 'mf-manifest.json');
    const mtimeMs = mtimeOf(file);
    if (mtimeMs === undefined) return undefined;
    const known = this.read.get(folder);
    if (known?.mtimeMs === mtimeMs) return known.assets;
    let assets: RemoteStartAssets | undefined;
    try {
      assets = startAssetsOf(folder, readFileSync(file));
    } catch {
      assets = undefined;
    }
    this.read.set(folder, { mtimeMs, assets });
    return assets;
  }
}

/** The files a remote's `./routes` loads at once, from its federation manifest (under /mf/<folder>/). */
function startAssetsOf(folder: string, text: Buffer): RemoteStartAssets | undefined {
  try {
    const manifest = JSON.parse(text.toString('utf8')) as FederationManifest;
    const routes = manifest.exposes?.find((e) => e.path === './routes');
    const files = (names: string[] | undefined) =>
      plainPaths((names ?? []).filter((n) => !n.includes('/')).map((n) => `/mf/${folder}/${n}`));
    return routes ? { js: files(routes.assets?.js?.sync), css: files(routes.assets?.css?.sync) } : undefined;
  } catch {
    return undefined;
  }
}
