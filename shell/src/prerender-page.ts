import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';

/**
 * The site's HTML for the current page, as React's server renderer makes it (with the markers
 * `hydrateRoot` needs), once every lazy page and translation it waits for has arrived. Run only in the
 * build's prerender step (a chunk of its own: visitors never download the server renderer).
 */
export async function renderToHtml(site: ReactElement): Promise<string> {
  // One piece: no boundary outlined for streaming (that would need an inline script, which the CSP forbids).
  const { prelude } = await prerender(site, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}
