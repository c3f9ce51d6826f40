import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { LoadingRegion, useMediaQuery, useRouteMeta, useTranslation } from '@platform/ui';
import '../shared/admin.css';

/** The panel's sections, in the spec's order (Settings is left out: it did nothing). */
export const SECTIONS = [
  { path: '/admin/dashboard', key: 'dashboard' },
  { path: '/admin/content', key: 'content' },
  { path: '/admin/users', key: 'users' },
  { path: '/admin/blog', key: 'blog' },
  { path: '/admin/inbox', key: 'inbox' },
  { path: '/admin/moderation', key: 'moderation' },
  { path: '/admin/audit', key: 'audit' },
  { path: '/admin/billing', key: 'billing' },
] as const;
export type Section = (typeof SECTIONS)[number]['key'];

/** Below this width the sidebar folds behind a Menu button. */
const NARROW = '(max-width: 899px)';

/**
 * Every admin page: the header ("Admin panel", "Welcome, {name}" from the session), the sidebar of
 * sections (folded behind "Menu" on phones) and the page under its own heading, shown whole once its
 * first answers are in (a skeleton holds its place until then). The shell lets only
 * admins reach /admin; every call behind it is checked by its service.
 */
export function AdminFrame({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation('admin');
  useRouteMeta(t(`nav.${section}`));
  const name = useSession((s) => s.user?.name);
  const narrow = useMediaQuery(NARROW);
  const [open, setOpen] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  // A section chosen from the folded menu closes it.
  useEffect(() => setOpen(false), [pathname]);
  const shown = !narrow || open;
  return (
    <div className="container section admin-panel">
      <header className="admin-header">
        <p className="admin-brand">{t('panel')}</p>
        <p className="muted admin-welcome">{t('welcome', { name: name ?? t('admin') })}</p>
        {narrow && (
          <button
            type="button"
            className="btn btn-secondary admin-menu-toggle"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((o) => !o)}
          >
            {t('menu')}
          </button>
        )}
      </header>
      <div className="admin-body">
        <nav id={navId} className="admin-sidebar card" aria-label={t('navLabel')} hidden={!shown}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.key}>
                <Link
                  to={s.path}
                  className={s.key === section ? 'active' : undefined}
                  aria-current={s.key === section ? 'page' : undefined}
                >
                  {t(`nav.${s.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-main">
          <h1>{t(`nav.${section}`)}</h1>
          {/* The section's parts appear together once loaded: one drawn first never pushes the next. */}
          <LoadingRegion label={t('loadingSection', { section: t(`nav.${section}`) })}>
            {children}
          </LoadingRegion>
        </div>
      </div>
    </div>
  );
}
