import { useEffect, useRef } from 'react';
import { useLocation } from '@platform/router';

function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return '';
  }
}

/**
 * Brings the element the address's #fragment names into view and focus once the page has drawn it (`ready`:
 * the list it is in has loaded), once per navigation. A link to a part of a page (a notice's
 * `/hr/me#policy-…`, a dashboard figure's `/hr?within=30#hr-expiring`) otherwise leaves the reader at the
 * top: the shell scrolls every new page to its top, the router does not follow fragments, and an element of
 * a list fetched after the first render is not there when the browser looks for it. Give the target
 * `tabIndex={-1}` so keyboard and screen-reader users start there too. Answers the fragment's id, so a list
 * can open the item it names.
 */
export function useScrollToHash(ready: boolean): string {
  const { hash, key } = useLocation();
  const id = fragmentId(hash);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !id || done.current === key) return;
    // After this commit's other effects: the shell's scroll to the top runs after its children's effects.
    const timer = setTimeout(() => {
      const target = document.getElementById(id);
      if (!target) return;
      done.current = key;
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [ready, id, key]);
  return id;
}
