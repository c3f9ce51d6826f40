import { use } from 'react';
import { Link, Navigate } from '@platform/router';
import type { RemotesManifest, WidgetSlot } from '@platform/contracts';
import { dashboardPath, loginPath, useSession, type Role } from '@platform/shell-state';
import { LoadingRegion, useRouteMeta, useTranslation } from '@platform/ui';
import { Isolated } from '../Isolated';
import { forgetModule, remoteWidget } from '../remotes';

/** The shell's own pages made of remotes' widgets: each module team adds a widget, not a page. */
export const COMPOSED_PAGES: Array<{ path: string; slot: WidgetSlot; role: Role; key: string }> = [
  { path: '/clinicdashboard', slot: 'clinic-dashboard', role: 'Clinic', key: 'clinicDashboard' },
  { path: '/userdashboard', slot: 'user-dashboard', role: 'user', key: 'userDashboard' },
];

export type SlotWidget = { remote: string; module: string };

/** A slot's widgets in their descriptors' order (smallest first; then by remote, as the manifest lists them). */
export function widgetsFor(manifest: RemotesManifest, slot: WidgetSlot): SlotWidget[] {
  return manifest.remotes
    .flatMap((r) =>
      (r.widgets ?? [])
        .filter((w) => w.slot === slot)
        .map((w) => ({ remote: r.name, module: w.module, order: w.order ?? 0 })),
    )
    .sort((a, b) => a.order - b.order)
    .map(({ remote, module }) => ({ remote, module }));
}

function Widget({ remote, module }: SlotWidget) {
  const Component = use(remoteWidget(remote, module));
  return <Component />;
}

/**
 * A role's page composed of widgets, each isolated: one module failing to load leaves the others working.
 * They load out of sight behind one skeleton and appear at once (`LoadingRegion`).
 * The role check here only spares a wrong page; every call behind it is checked by its service.
 */
export function ComposedPage({
  page,
  widgets,
}: {
  page: (typeof COMPOSED_PAGES)[number];
  widgets: SlotWidget[];
}) {
  const { t } = useTranslation('shell');
  useRouteMeta(t(`${page.key}.title`));
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to={loginPath(page.path)} replace />;
  const own = user.role !== page.role ? dashboardPath(user.role) : null;
  return (
    <div className="container section composed-page">
      <h1>{t(`${page.key}.title`)}</h1>
      {user.role !== page.role ? (
        <>
          <p role="status">{t(`${page.key}.wrongRole`)}</p>
          {/* The page this account's Dashboard button leads to, where it has one. */}
          {own && own !== page.path && <Link to={own}>{t('dashboard.yours')}</Link>}
        </>
      ) : (
        <>
          <p className="muted">{t(`${page.key}.welcome`, { name: user.name })}</p>
          {/* The widgets appear together once their code and first answers are in: none drawn late or
              growing with its data pushes another (layout shift). */}
          <LoadingRegion label={t('dashboard.loading')} className="composed-widgets">
            {widgets.map((w) => (
              <Isolated
                key={`${w.remote}${w.module}`}
                compact
                forget={() => forgetModule(w.remote, w.module)}
              >
                <Widget {...w} />
              </Isolated>
            ))}
          </LoadingRegion>
        </>
      )}
    </div>
  );
}
