import type { RemotesManifest } from '@platform/contracts';
import { AFTER_PAINT } from '@platform/contracts/values';

/** The id of the inlined manifest; the shell reads it (shell/src/remotes.ts) before fetching /mf/remotes.json. */
export const MANIFEST_ELEMENT_ID = 'afya-remotes';

/** What a remote's first screen needs besides its entry: the files of its `./routes` module. */
export interface RemoteStartAssets {
  js: string[];
  css: string[];
}

export interface PageContext {
  manifest: RemotesManifest;
  /** The path of the page served, without the query. */
  pathname: string;
  /** The shell's start-up files after main.js (its build's start-assets.json). */
  shellAssets?: RemoteStartAssets;
  /** Per remote name, the files its routes module loads at once (from its build's federation manifest). */
  startAssets?: Record<string, RemoteStartAssets>;
  /** API calls the page's first screen makes, fetched in parallel with the code. */
  dataPreloads?: string[];
  /**
   * The page is readable before its scripts run (prerendered) and starts them once painted (the shell's
   * start.js): its scripts are listed for start.js to preload then, not hinted in the head, where they
   * would share the bandwidth and the main thread with what the first paint waits for.
   */
  scriptsAfterPaint?: boolean;
}

/**
 * JSON safe inside a `<script>` element: `<` (so `</script>` or `<!--` in a label cannot end or alter
 * the element), `>`, `&` and the two line separators JavaScript once rejected are written as escapes.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The remote whose route prefix holds the path: `/` owns only the home page (as in the shell's router). */
export function remoteForPath(manifest: RemotesManifest, pathname: string) {
  let best: { name: string; entry: string; prefix: string } | undefined;
  for (const r of manifest.remotes) {
    for (const prefix of r.routes) {
      const under =
        prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (under && (!best || prefix.length > best.prefix.length))
        best = { name: r.name, entry: r.entry, prefix };
    }
  }
  return best;
}

/**
 * The served page with what its first paint would otherwise wait for, one round trip after another:
 * the remotes manifest inlined (JSON, never executed, so the CSP needs no hash), and preload hints for
 * the shell's start-up chunks, the current route's remote entry, its routes module's files and the first
 * screen's data. A pure function of the HTML, so it applies to the plain shell and to a prerendered page
 * alike (which gets its scripts' list for after its paint instead: `scriptsAfterPaint`).
 */
export function decoratePage(html: string, page: PageContext): string {
  const tags = [
    `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${scriptSafeJson(page.manifest)}</script>`,
  ];
  const scripts: string[] = [];
  const preload = (assets: RemoteStartAssets | undefined) => {
    for (const css of assets?.css ?? [])
      tags.push(`<link rel="preload" as="style" href="${escapeAttribute(css)}" />`);
    scripts.push(...(assets?.js ?? []));
  };
  preload(page.shellAssets);
  const remote = remoteForPath(page.manifest, page.pathname);
  if (remote) {
    // Remote entries are classic scripts, loaded by the federation runtime without crossorigin.
    scripts.push(remote.entry);
    preload(page.startAssets?.[remote.name]);
  }
  if (page.scriptsAfterPaint)
    tags.push(
      `<script type="application/json" id="${AFTER_PAINT.listId}">${scriptSafeJson(scripts)}</script>`,
    );
  else
    for (const js of scripts) tags.push(`<link rel="preload" as="script" href="${escapeAttribute(js)}" />`);
  // fetch() requests are CORS mode with same-origin credentials: `crossorigin` (anonymous) matches them.
  for (const url of page.dataPreloads ?? [])
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}" />`);
  // A function replacement: `$` in the JSON is never read as a pattern.
  return html.replace(/<\/head>/i, () => `${tags.join('')}</head>`);
}
