import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]';

/**
 * While `open`: the page outside `container` is inert (siblings of the container, and the parts inside it
 * marked `data-behind-menu`), Tab and Shift+Tab cycle inside it, and Escape calls `onEscape` and returns focus
 * to `returnTo`. A full-screen menu covers the page, so nothing behind it may take focus or be read out.
 */
export function useMenuFocus(
  container: RefObject<HTMLElement | null>,
  returnTo: RefObject<HTMLElement | null>,
  open: boolean,
  onEscape: () => void,
) {
  useEffect(() => {
    const root = container.current;
    if (!open || !root) return;
    const behind = [
      ...Array.from(root.parentElement?.children ?? []).filter((el) => el !== root),
      ...Array.from(root.querySelectorAll('[data-behind-menu]')),
    ].filter((el) => !el.hasAttribute('inert'));
    for (const el of behind) el.setAttribute('inert', '');

    const focusables = () =>
      Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.tabIndex >= 0 && !el.closest('[inert], [hidden]'),
      );
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onEscape();
        returnTo.current?.focus();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const el of behind) el.removeAttribute('inert');
    };
  }, [container, returnTo, open, onEscape]);
}
