import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemotesManifest } from '@platform/contracts';
import { AFTER_PAINT, PAGE_COOKIES } from '@platform/contracts/values';
import { pageRoute } from './previews';
import type { RemoteFilesFromOrigins } from './remote-origins';

/**
 * Prerendered pages (the build's `scripts/prerender/prerender.ts`): for a page path a remote declares in
 * `remote.prerender` (or a path an item route there matches: `/hire/:id`), which HTML file to send
 * instead of the plain shell. A page is only valid for the
 * builds it was rendered from (the shell's index.html, the owning remote's remoteEntry.js, the remotes
 * manifest that made its navbar): when any of them changed, the plain shell is sent rather than a page
 * the scripts would no longer hydrate.
 */

/** In the shell's build folder, written by the prerender step, wiped by the shell's next build. */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_INDEX = 'pages.json';
const LANGUAGES = ['en', 'sw', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

export interface PrerenderedIndex {
  /** `shellStamp` of the shell build the pages were made from. */
  shell: string;
  /** sha256 of the remotes manifest (JSON) the gateway served while they were rendered. */
  manifest: string;
  pages: Record<string, { remote: string; remoteEntry: string; languages: Language[] }>;
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const manifestStamp = (manifest: RemotesManifest) => sha256(JSON.stringify(manifest));

/**
 * The shell build's identity: its index.html and the scripts it loads (its entry, `main.js`, keeps its
 * name from build to build, so the HTML alone would not change with the code), and `start.js`, which
 * prerendered pages load in its place, where the build has one.
 */
export function shellStamp(shellDist: string, read = (file: string) => readFileSync(file)): string {
  const html = read(path.join(shellDist, 'index.html'));
  const scripts = [...html.toString().matchAll(/<script[^>]*\ssrc="?\/?([^">\s]+)/g)].map((m) => m[1]!);
  if (existsSync(path.join(shellDist, AFTER_PAINT.script))) scripts.push(AFTER_PAINT.script);
  return sha256(Buffer.concat([html, ...scripts.map((s) => read(path.join(shellDist, s)))]));
}

/** `/` -> `index`, `/hire/jobs` -> `hire_jobs`, `/hire/:id` -> `hire_-id`. */
const slugOf = (page: string) =>
  page === '/' ? 'index' : page.slice(1).replaceAll('/', '_').replaceAll(':', '-');

/** A page route with `:name` segments (an item's page, prerendered in its loading state). */
export const isPattern = (page: string) => page.includes('/:');

/**
 * The value a `:name` segment takes when such a page is prerendered: a well-formed id (every item id
 * on the platform is a UUID) that names no item, so the page renders the state it is in until its
 * item has loaded.
 */
export const PATTERN_PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** The file (relative to the shell's build folder) of one page in one language, with or without the banner. */
export function prerenderedFile(page: string, language: Language, consented: boolean): string {
  return `${PRERENDERED_DIR}/${slugOf(page)}.${language}${consented ? '.consented' : ''}.html`;
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The page's language: the one the shell last settled on (cookie), else the browser's first language
 * (what the shell itself falls back to, `navigator.language`), else English.
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = cookie(cookieHeader, PAGE_COOKIES.language);
  if (isLanguage(chosen)) return chosen;
  const first = acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : 'en';
}

/** Stamps of files, recomputed only when a file's size or modification time changed. */
class FileStamps {
  private readonly known = new Map<string, { key: string; hash: string }>();
  private cached(id: string, files: string[], stamp: () => string): string | undefined {
    try {
      const key = files
        .map((f) => {
          const { size, mtimeMs } = statSync(f);
          return `${size}:${mtimeMs}`;
        })
        .join(',');
      const hit = this.known.get(id);
      if (hit?.key === key) return hit.hash;
      const hash = stamp();
      this.known.set(id, { key, hash });
      return hash;
    } catch {
      return undefined;
    }
  }
  of(file: string): string | undefined {
    return this.cached(file, [file], () => sha256(readFileSync(file)));
  }
  shell(shellDist: string): string | undefined {
    // Whichever of them changes, the build changed; the names of main.js and start.js are fixed.
    const files = ['index.html', 'main.js', AFTER_PAINT.script].map((f) => path.join(shellDist, f));
    return this.cached(
      `shell:${shellDist}`,
      files.filter((f) => existsSync(f)),
      () => shellStamp(shellDist),
    );
  }
}

export class PrerenderedPages {
  private readonly stamps = new FileStamps();
  private index: { key: string; value: PrerenderedIndex | undefined } | undefined;
  /** The index's item routes as patterns, made once per index read. */
  private patterns: { index: PrerenderedIndex; routes: { route: string; match: RegExp }[] } | undefined;

  constructor(
    private readonly shellDist: string,
    private readonly remotesRoot: string,
    /** The manifest the gateway serves now (remotes come and go without a rebuild of the shell). */
    private readonly manifest: () => RemotesManifest,
    /** Remotes served by their own origin: their remoteEntry.js as the gateway last read it there. */
    private readonly origins?: RemoteFilesFromOrigins,
  ) {}

  // A remote's remoteEntry.js from its origin, by the content last read, and its hash.
  private readonly originStamps = new Map<string, { body: Buffer; hash: string }>();

  private remoteEntryStamp(folder: string): string | undefined {
    if (!this.origins?.has(folder))
      return this.stamps.of(path.join(this.remotesRoot, folder, 'dist', 'remoteEntry.js'));
    const body = this.origins.current(folder, 'remoteEntry.js');
    if (!body) return undefined;
    const known = this.originStamps.get(folder);
    if (known?.body === body) return known.hash;
    const hash = sha256(body);
    this.originStamps.set(folder, { body, hash });
    return hash;
  }

  private readIndex(): PrerenderedIndex | undefined {
    const file = path.join(this.shellDist, PRERENDERED_DIR, PRERENDERED_INDEX);
    let key: string;
    try {
      const { size, mtimeMs } = statSync(file);
      key = `${size}:${mtimeMs}`;
    } catch {
      return undefined;
    }
    if (this.index?.key !== key) {
      let value: PrerenderedIndex | undefined;
      try {
        value = JSON.parse(readFileSync(file, 'utf8')) as PrerenderedIndex;
      } catch {
        value = undefined;
      }
      this.index = { key, value };
    }
    return this.index.value;
  }

  /**
   * The prerendered file (relative to the shell's build folder) for a GET of `pathname`, or undefined
   * for the plain shell: a page nobody prerendered, or one made from builds that are no longer served.
   */
  fileFor(pathname: string, headers: { cookie?: string; 'accept-language'?: string }): string | undefined {
    const index = this.readIndex();
    if (!index) return undefined;
    const route = this.routeOf(index, pathname);
    const page = route === undefined ? undefined : index.pages[route];
    if (route === undefined || !page) return undefined;
    if (this.stamps.shell(this.shellDist) !== index.shell) return undefined;
    if (this.remoteEntryStamp(page.remote) !== page.remoteEntry) return undefined;
    if (manifestStamp(this.manifest()) !== index.manifest) return undefined;
    const language = pageLanguage(headers.cookie, headers['accept-language']);
    if (!page.languages.includes(language)) return undefined;
    const consented = Boolean(cookie(headers.cookie, PAGE_COOKIES.consent));
    return prerenderedFile(route, language, consented);
  }

  /** The prerendered route serving `pathname`: the page itself, else an item route it matches. */
  private routeOf(index: PrerenderedIndex, pathname: string): string | undefined {
    if (Object.hasOwn(index.pages, pathname)) return pathname;
    if (this.patterns?.index !== index)
      this.patterns = {
        index,
        routes: Object.keys(index.pages)
          .filter(isPattern)
          .map((route) => ({ route, match: pageRoute('', route, '').pattern })),
      };
    return this.patterns.routes.find((r) => r.match.test(pathname))?.route;
  }
}
