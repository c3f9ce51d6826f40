import type { ReactNode } from 'react';
import type { RemotesManifest } from '@platform/contracts';
import { Link, Navigate, useLocation } from '@platform/router';
import { dashboardPath, loginPath, useSession, type Role } from '@platform/shell-state';
import { useRouteMeta, useTranslation } from '@platform/ui';

/**
 * The role whose pages a remote's prefix holds, when that prefix is the role's Dashboard in the manifest
 * (`/admin`, from the Admin module's descriptor): those pages are that role's alone.
 */
export function roleOfPrefix(manifest: RemotesManifest, prefix: string): Role | undefined {
  const entry = Object.entries(manifest.dashboards ?? {}).find(([, path]) => path === prefix);
  return entry?.[0] as Role | undefined;
}

/**
 * A remote's pages kept for one role, as the composed dashboards are: a visitor goes through login and
 * comes back to the page asked for; another role is told the pages are not theirs (and where its own
 * Dashboard is), and the remote's routes are not run. This only spares a wrong page: every call behind it
 * is refused by its service.
 */
export function RoleGate({ role, children }: { role: Role; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  if (!user) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  if (user.role === role) return children;
  return <WrongRole role={role} own={dashboardPath(user.role)} title={t(`rolePages.${role}.title`)} />;
}

function WrongRole({ role, own, title }: { role: Role; own: string | null; title: string }) {
  const { t } = useTranslation('shell');
  useRouteMeta(title);
  return (
    <div className="container section composed-page">
      <h1>{title}</h1>
      <p role="status">{t(`rolePages.${role}.wrongRole`)}</p>
      {own && <Link to={own}>{t('dashboard.yours')}</Link>}
    </div>
  );
}
