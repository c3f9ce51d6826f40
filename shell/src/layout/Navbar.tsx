import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@platform/router';
import { dashboardPath, navLabel, useLanguage, useSession, useSiteMap } from '@platform/shell-state';
import { Button, LanguageSwitcher, useHydrated, useMediaQuery, useTranslation } from '@platform/ui';
import { useMenuFocus } from './menu-focus';

// Signed-in people only: the bell and its inbox are no part of a visitor's first page (its JS budget).
const NotificationBell = lazy(() =>
  import('../notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

// Signed-in people only, like the bell.
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/** The bar turns primary-coloured once the page has scrolled past this many pixels. */
export const SCROLL_THRESHOLD = 10;

export function Navbar() {
  const { t } = useTranslation('shell');
  const { token, user } = useSession();
  // The deployed modules' links (their module.json), in the page's language.
  const links = useSiteMap((s) => s.navigation);
  const language = useLanguage((s) => s.language);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // Closed on navigation, and when the screen grows past the menu's breakpoint (its sheet, and the page's
  // inertness, would otherwise stay with no toggle to close them).
  const wide = useMediaQuery('(min-width: 1024px)');
  useEffect(() => setMenuOpen(false), [pathname, wide]);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setMenuOpen(false), []);
  useMenuFocus(header, toggle, menuOpen, close);

  const goToDashboard = () => {
    const path = dashboardPath(user?.role);
    if (path) navigate(path);
  };

  return (
    <header ref={header} className={`navbar${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' menu-open' : ''}`}>
      <div className="container navbar-inner">
        {/* Under the open menu sheet: inert with the page. */}
        <Link to="/" className="brand" onClick={close} data-behind-menu>
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          <span>AfyaHR</span>
        </Link>
        {token && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <button
          type="button"
          ref={toggle}
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          // On a prerendered page, the menu opens once its scripts have arrived.
          disabled={!hydrated}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="visually-hidden">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          <span className="hamburger" aria-hidden="true" />
        </button>
        <nav id="main-menu" className="nav-menu" aria-label={t('nav.label')}>
          <ul>
            {links.map((l) => (
              <li key={l.path}>
                {/* Active (and aria-current="page") on its whole section: Hire on /hire/<job> too. */}
                <NavLink to={l.path} onClick={close}>
                  {navLabel(l, language)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-actions">
            <LanguageSwitcher />
            {token ? (
              <>
                <Button variant="secondary" onClick={goToDashboard}>
                  {t('nav.dashboard')}
                </Button>
                {/* Until its code arrives, a button of the same size holds its place. */}
                <Suspense
                  fallback={
                    <Button variant="ghost" className="account-toggle" disabled>
                      {t('nav.account')}
                      <span className="account-caret" aria-hidden="true" />
                    </Button>
                  }
                >
                  <AccountMenu onNavigate={close} />
                </Suspense>
              </>
            ) : (
              <>
                <Link className="btn btn-secondary" to="/login" onClick={close}>
                  {t('nav.login')}
                </Link>
                <Link className="btn btn-primary" to="/signup" onClick={close}>
                  {t('nav.signup')}
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
