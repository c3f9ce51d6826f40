/** A prerendered page's HTML, from the shell's index.html (scripts/prerender.ts). */
import { AFTER_PAINT } from '@platform/contracts/values';

export interface Rendered {
  /** The site's markup as React's server renderer made it. */
  body: string;
  title: string;
  description: string;
  /** Same-origin stylesheets the rendered page uses (paths), linked in the head so it paints styled. */
  styles?: string[];
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

/** The shell's own title and description (index.html's), for a page that sets none of its own. */
export function templateMeta(template: string): { title: string; description: string } {
  const title = /<title>([\s\S]*?)<\/title>/.exec(template)?.[1] ?? '';
  const description = /<meta name="?description"? content="?([^">]*)"?\s*\/?>/.exec(template)?.[1] ?? '';
  return { title: unescapeHtml(title), description: unescapeHtml(description) };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The shell's index.html with the page in #root and the page's own language, title, description,
 * canonical link and Open Graph tags. The "needs JavaScript" notice goes: this page reads without it.
 * Its scripts start once it has been painted: the shell's `start.js` (mf-config) in place of `main.js`.
 */
export function pageHtml(
  template: string,
  page: string,
  language: 'en' | 'sw' | 'fr',
  rendered: Rendered,
): string {
  const title = escapeHtml(rendered.title);
  const description = escapeHtml(rendered.description);
  const origin = process.env.PUBLIC_URL?.replace(/\/$/, '');
  // An item route's page (`/hire/:id`) serves many addresses: the gateway adds each item's own preview.
  const sharing = page.includes('/:')
    ? []
    : [
        `<link rel="canonical" href="${escapeHtml((origin ?? '') + page)}" />`,
        `<meta property="og:title" content="${title}" />`,
        `<meta property="og:description" content="${description}" />`,
        ...(origin ? [`<meta property="og:url" content="${escapeHtml(origin + page)}" />`] : []),
        `<meta property="og:type" content="website" />`,
        `<meta property="og:site_name" content="AfyaHR" />`,
        `<meta property="og:locale" content="${{ en: 'en_KE', sw: 'sw_KE', fr: 'fr_FR' }[language]}" />`,
      ];
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...sharing,
    ...(rendered.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
  ].join('');
  // The template is minified (unquoted attributes), so each pattern takes either spelling.
  const parts = [
    [/<html lang="?[a-z-]*"?>/, `<html lang="${language}">`],
    [/<title>[\s\S]*?<\/title>\s*/, ''],
    [/<meta name="?description"?[^>]*>\s*/, ''],
    [/<\/head>/, `${tags}</head>`],
    [/<noscript>[\s\S]*?<\/noscript>\s*/, ''],
    [/<div id="?root"?><\/div>/, `<div id="root">${rendered.body}</div>`],
    [
      /<script[^>]*\ssrc="?\/main\.js"?[^>]*><\/script>/,
      `<script defer src="/${AFTER_PAINT.script}"></script>`,
    ],
  ] as const;
  return parts.reduce((html, [pattern, text]) => {
    if (!pattern.test(html)) throw new Error(`the shell's index.html has no ${pattern}`);
    // A function replacement: `$` in the page is never read as a pattern.
    return html.replace(pattern, () => text);
  }, template);
}
