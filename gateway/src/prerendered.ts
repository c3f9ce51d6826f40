import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemotesManifest } from '@platform/contracts';

/**
 * Prerendered pages (the build's `scripts/prerender.ts`): for a page path a remote declares in
 * `remote.prerender`, which HTML file to send instead of the plain shell. A page is only valid for the
 * builds it was rendered from (the shell's index.html, the owning remote's remoteEntry.js, the remotes
 * manifest that made its navbar): when any of them changed, the plain shell is sent rather than a page
 * the scripts would no longer hydrate.
 */

/** In the shell's build folder, written by the prerender step, wiped by the shell's next build. */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_INDEX = 'pages.json';
/** Cookies the shell sets, so the first HTML matches what it will render: its language, its banner. */
export const LANGUAGE_COOKIE = 'afya.lang';
export const CONSENT_COOKIE = 'afya.consent';
const LANGUAGES = ['en', 'sw', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

export interface PrerenderedIndex {
  /** sha256 of the shell's index.html the pages were made from. */
  shell: string;
  /** sha256 of the remotes manifest (JSON) the gateway served while they were rendered. */
  manifest: string;
  pages: Record<string, { remote: string; remoteEntry: string; languages: Language[] }>;
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const manifestStamp = (manifest: RemotesManifest) => sha256(JSON.stringify(manifest));

/** `/` -> `index`, `/hire/jobs` -> `hire_jobs`. */
const slugOf = (page: string) => (page === '/' ? 'index' : page.slice(1).replaceAll('/', '_'));

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
  const chosen = cookie(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const first = acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : 'en';
}

/** A file's sha256, recomputed only when its size or modification time changed. */
class FileStamps {
  private readonly known = new Map<string, { key: string; hash: string }>();
  of(file: string): string | undefined {
    try {
      const { size, mtimeMs } = statSync(file);
      const key = `${size}:${mtimeMs}`;
      const hit = this.known.get(file);
      if (hit?.key === key) return hit.hash;
      const hash = sha256(readFileSync(file));
      this.known.set(file, { key, hash });
      return hash;
    } catch {
      return undefined;
    }
  }
}

export class PrerenderedPages {
  private readonly stamps = new FileStamps();
  private index: { key: string; value: PrerenderedIndex | undefined } | undefined;

  constructor(
    private readonly shellDist: string,
    private readonly remotesRoot: string,
    /** The manifest the gateway serves now (remotes come and go without a rebuild of the shell). */
    private readonly manifest: () => RemotesManifest,
  ) {}

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
    const page = index?.pages[pathname];
    if (!index || !page) return undefined;
    if (this.stamps.of(path.join(this.shellDist, 'index.html')) !== index.shell) return undefined;
    const remoteEntry = path.join(this.remotesRoot, page.remote, 'dist', 'remoteEntry.js');
    if (this.stamps.of(remoteEntry) !== page.remoteEntry) return undefined;
    if (manifestStamp(this.manifest()) !== index.manifest) return undefined;
    const language = pageLanguage(headers.cookie, headers['accept-language']);
    if (!page.languages.includes(language)) return undefined;
    const consented = Boolean(cookie(headers.cookie, CONSENT_COOKIE));
    return prerenderedFile(pathname, language, consented);
  }
}
