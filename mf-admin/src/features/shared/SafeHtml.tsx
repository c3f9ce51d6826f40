/** Elements kept in admin-edited HTML (the server's allow-list, applied again on render). */
const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
  'code',
  'pre',
  'hr',
]);
/** Elements dropped with everything inside them (their text is not content). */
const DROP = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
]);
const SAFE_URL = /^(https?:|mailto:|\/(?!\/))/i;

function clean(node: Node, into: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP.has(tag)) continue;
    if (!TAGS.has(tag)) {
      // An unknown wrapper keeps its text and allowed children.
      clean(el, into, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    if (tag === 'a') {
      const href = (el.getAttribute('href') ?? '').trim();
      if (SAFE_URL.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('rel', 'noopener noreferrer');
      }
    }
    clean(el, copy, doc);
    into.appendChild(copy);
  }
}

/**
 * HTML an admin wrote, reduced to the allow-list: the service sanitises on every write, and the page does
 * again before rendering (and for the preview of a draft not yet saved). Parsed by DOMParser, which runs
 * no script and loads nothing; only listed elements survive, with no attribute but a safe link's href.
 */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  clean(parsed.body, root, out);
  return root.innerHTML;
}

/** Admin-edited HTML shown as the public site shows it (sanitised again here). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `admin-html ${className}` : 'admin-html'}
      // Sanitised by the service on save and by sanitizeHtml here.
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
