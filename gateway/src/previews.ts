import type { ModuleDescriptor } from '@platform/contracts';

/** What a page's preview says; plain text from a service, escaped here. */
export interface PagePreview {
  title: string;
  description: string;
}

export interface PreviewRoute {
  module: string;
  pattern: RegExp;
  names: string[];
  api: string;
}

const SITE_NAME = 'AfyaHR';
const TIMEOUT_MS = 1500;
const CACHE_MS = 60_000;
/** Misses and failures are retried sooner: a job just posted gets its preview quickly. */
const MISS_CACHE_MS = 5_000;
const CACHE_MAX = 500;
const MAX_TEXT = 300;

/** A page route of a descriptor (`/hire/:id`) with the API path it names (`/api/job/:id`). */
export function pageRoute(module: string, route: string, api: string): PreviewRoute {
  const names: string[] = [];
  const source = route
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(seg.slice(1));
      return '([A-Za-z0-9_-]{1,100})';
    })
    .join('/');
  return { module, pattern: new RegExp(`^${source}/?$`), names, api };
}

/** The route's API path for a page path (its `:name` segments filled in), or undefined if it does not match. */
export function apiFor(route: PreviewRoute, pathname: string): string | undefined {
  const match = route.pattern.exec(pathname);
  if (!match) return undefined;
  return route.names.reduce((p, name, i) => p.replace(`:${name}`, match[i + 1]!), route.api);
}

/** The page routes with previews the module descriptors declare (`remote.previews`). */
export function previewRoutes(modules: ModuleDescriptor[]): PreviewRoute[] {
  return modules.flatMap((m) =>
    (m.remote?.previews ?? []).map(({ route, api }) => pageRoute(m.name, route, api)),
  );
}

/** `<`, `>`, `&`, quotes: escaped for an attribute or text, so no page text can end a tag. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 3)}...` : s);

/** index.html with the page's title, description and Open Graph / Twitter tags in its head. */
export function withPreview(indexHtml: string, preview: PagePreview, url: string): string {
  const title = escapeHtml(clip(preview.title));
  const description = escapeHtml(clip(preview.description));
  const tags = [
    `<title>${title} | ${SITE_NAME}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const head = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta name="description"[^>]*>\s*/i, '');
  // A function replacement: `$` in the text is never read as a pattern.
  return head.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/**
 * Asks a module's service for the preview of a page (short timeout, small cache of answers and of
 * misses); undefined for a page without one, an unknown item, or any failure: the plain shell then.
 */
export class PreviewSource {
  private readonly routes: PreviewRoute[];
  private readonly cache = new Map<string, { at: number; preview: PagePreview | undefined }>();

  constructor(
    modules: ModuleDescriptor[],
    private readonly upstreams: Record<string, string | undefined>,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {
    this.routes = previewRoutes(modules);
  }

  async previewOf(pathname: string): Promise<PagePreview | undefined> {
    for (const route of this.routes) {
      const api = apiFor(route, pathname);
      const upstream = this.upstreams[route.module];
      if (api === undefined || !upstream) continue;
      return this.cached(`${upstream.replace(/\/$/, '')}${api}`);
    }
    return undefined;
  }

  private async cached(url: string): Promise<PagePreview | undefined> {
    const hit = this.cache.get(url);
    if (hit && Date.now() - hit.at < (hit.preview ? CACHE_MS : MISS_CACHE_MS)) return hit.preview;
    const preview = await this.fetchPreview(url);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(url, { at: Date.now(), preview });
    return preview;
  }

  private async fetchPreview(url: string): Promise<PagePreview | undefined> {
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) return undefined;
      const body = (await res.json()) as { data?: { title?: unknown; description?: unknown } };
      const { title, description } = body?.data ?? {};
      if (typeof title !== 'string' || typeof description !== 'string' || !title.trim()) return undefined;
      return { title, description };
    } catch {
      return undefined;
    }
  }
}
