import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Posts and replies are Markdown. The HTML pages display is made here, on the server: markdown-it with raw
 * HTML off (a `<script>` typed in a post is shown as text) and images off (no tracking pixels), then
 * sanitize-html with an allow-list as a second wall: only formatting tags, links only to http, https and
 * mailto addresses, each with `rel="nofollow ugc noopener"`.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
md.disable(['image']);
// Only these link targets survive rendering; relative links (`/hire`) stay on this site.
const SAFE_LINK = /^(https?:|mailto:|\/(?![/\\]))/i;
md.validateLink = (url) => SAFE_LINK.test(url.trim());

const REL = 'nofollow ugc noopener';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // A post's headings sit under the page's own: # and ## become h3 and h4.
  transformTags: {
    h1: 'h3',
    h2: 'h4',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: REL } }),
  },
};

export interface Rendered {
  html: string;
  /** Links in the text (written or bare addresses made links): a new account may post only a few. */
  links: number;
}

/** Markdown to the sanitised HTML pages display, and how many links it carries. */
export function renderMarkdown(source: string): Rendered {
  const tokens = md.parse(source, {});
  let links = 0;
  for (const t of tokens) for (const c of t.children ?? []) if (c.type === 'link_open') links++;
  return { html: sanitizeHtml(md.renderer.render(tokens, md.options, {}), SANITIZE).trim(), links };
}
