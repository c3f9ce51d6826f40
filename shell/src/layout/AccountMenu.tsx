import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@platform/router';
import { apiRequest, useSession, useSiteMap } from '@platform/shell-state';
import { useTranslation } from '@platform/ui';

export async function logout() {
  // The server revokes the token; even if it cannot be reached, this browser forgets it.
  await apiRequest('/api/user/logout', { method: 'POST', body: {} }).catch(() => undefined);
  useSession.getState().signOut();
  window.location.assign('/login');
}

/** Billing is the account's own business for a clinic, where the Billing module is deployed. */
const BILLING = '/billing';

/**
 * The signed-in person's account actions behind one button (a disclosure: a button with aria-expanded and
 * the list it shows), so the bar keeps one row in every language. Arrow keys, Home and End move through the
 * items, Tab leaves them as usual; Escape, a click elsewhere or focus leaving close it, Escape returning
 * focus to the button. Inside the phone's menu sheet too: its Escape closes this list, not the sheet.
 */
export function AccountMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const billing = useSiteMap((s) => s.navigation.some((l) => l.path === BILLING));
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[data-account-item]') ?? []);
  const focusAt = (index: number) => {
    const all = items();
    all[index < 0 ? all.length + index : index]?.focus();
  };
  // The item to focus once the list opens: focused as the list is shown (a layout effect runs before the
  // next key is handled), so "End, Enter" typed at once acts on the last item, not on the one before.
  const focusOnOpen = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!open || focusOnOpen.current === null) return;
    focusAt(focusOnOpen.current);
    focusOnOpen.current = null;
  }, [open]);
  /** Opens (when closed) and focuses the item at `index` (negative: from the end). */
  const focusItem = (index: number) => {
    if (open) return focusAt(index);
    focusOnOpen.current = index;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const chosen = () => {
    setOpen(false);
    onNavigate();
  };

  function onKeyDown(e: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, () => void> = {
      ArrowDown: () => focusItem(at < 0 ? 0 : (at + 1) % all.length),
      ArrowUp: () => focusItem(at < 0 ? -1 : (at - 1 + all.length) % all.length),
      Home: () => open && focusItem(0),
      End: () => open && focusItem(-1),
      Escape: () => open && close(true),
    };
    const action = move[e.key];
    // Home, End and Escape are the page's (or the menu sheet's) while the list is closed.
    if (!action || (!open && !['ArrowDown', 'ArrowUp'].includes(e.key))) return;
    e.preventDefault();
    e.stopPropagation();
    action();
  }

  return (
    <div
      ref={root}
      className="account-menu"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        className="btn btn-ghost account-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('nav.account')}
        <span className="account-caret" aria-hidden="true" />
      </button>
      <div id={listId} className="account-list" hidden={!open}>
        {user && (
          <p className="account-who">
            {t('nav.signedInAs')} <strong>{user.name}</strong>
          </p>
        )}
        <ul>
          <li>
            <Link to="/profile" className="account-item" data-account-item onClick={chosen}>
              {t('nav.profile')}
            </Link>
          </li>
          {billing && user?.role === 'Clinic' && (
            <li>
              <Link to={BILLING} className="account-item" data-account-item onClick={chosen}>
                {t('nav.billing')}
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="account-item" data-account-item onClick={() => void logout()}>
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
