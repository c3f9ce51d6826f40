import { useState } from 'react';
import { FIRST_SCREEN } from '@platform/contracts/values';
import { useHydrated } from '../hydrated';

const serverMarkup = () =>
  typeof document === 'undefined' ? '' : (document.getElementById(FIRST_SCREEN.elementId)?.innerHTML ?? '');

/**
 * Where a page's first screen drawn on the server goes (the gateway fills this element of the prerendered
 * page with its remote's `firstScreens` renderer): the same cards the page draws, painted with the HTML
 * instead of after the scripts and the data. A page renders it in place of its list (or item) while the
 * data loads; once the data has arrived its own render replaces it.
 *
 * While hydrating, it renders the markup already in the element, so React finds what it expects and leaves
 * it untouched. Anywhere else (a page opened by the app's own navigation, or one the gateway sent without
 * it) it is empty. A spinner right after it is hidden while it has content (theme.css).
 */
export function FirstScreen() {
  const hydrating = !useHydrated();
  const [html] = useState(() => (hydrating ? serverMarkup() : ''));
  return (
    <div id={FIRST_SCREEN.elementId} className="first-screen" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
