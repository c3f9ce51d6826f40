import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for what admins write (home blocks, blog posts, HR policies): structure and emphasis, links to http(s),
 * mailto and the site's own paths, images from https only. Everything else is dropped with its content when
 * it can run (script, style) and unwrapped otherwise. Applied on every write, so what is stored is what may
 * be shown; the pages apply their own allow-list again when they render.
 */
const ADMIN_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'code',
    'pre',
    'span',
  ],
  // rel and target are the ones transformTags writes (it runs before the attributes are filtered).
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image only from an https address (a relative or missing one is dropped with its tag).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    // Links admins write lead out of the site as plain links: no opener access, no referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        href: attribs.href ?? '',
        ...(attribs.title ? { title: attribs.title } : {}),
        ...linkTarget(attribs.href),
      },
    }),
  },
};

/** An address out of the site opens apart from it, with no opener access and no referrer. */
const linkTarget = (href: string | undefined): Record<string, string> =>
  href && /^https?:/i.test(href) ? { rel: 'noopener noreferrer', target: '_blank' } : {};

/** `html` with nothing active left in it (see ADMIN_HTML), trimmed. */
export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, ADMIN_HTML).trim();
}

/** The text of sanitised HTML (for previews and page descriptions), on one line. */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
