/**
 * The readable text of a post's (already sanitised) HTML, cut at `max` characters on a word with an ellipsis:
 * read through the browser's own parser, never by inserting the HTML.
 */
export function textPreview(html: string, max: number): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Blocks end with a space, so "early.</p><li>CPD" reads "early. CPD".
  for (const block of doc.body.querySelectorAll('p, li, h1, h2, h3, h4, br, div, blockquote, pre'))
    block.append(' ');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}
