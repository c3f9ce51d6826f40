import { use } from 'react';
import { Navigate } from '@platform/router';
import type { RemotesManifest, WidgetSlot } from '@platform/contracts';
import { loginPath, useSession, type Role } from '@platform/shell-state';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { Isolated } from '../Isolated';
import { forgetModule, remoteWidget } from '../remotes';

/** The shell's own pages made of remotes' widgets: each module team adds a widget, not a page. */
export const COMPOSED_PAGES: Array<{ path: string; slot: WidgetSlot; role: Role; key: string }> = [
  { path: '/clinicdashboard', slot: 'clinic-dashboard', role: 'Clinic', key: 'clinicDashboard' },
];

export type SlotWidget = { remote: string; module: string };

export function widgetsFor(manifest: RemotesManifest, slot: WidgetSlot): SlotWidget[] {
  return manifest.remotes.flatMap((r) =>
    (r.widgets ?? []).filter((w) => w.slot === slot).map((w) => ({ remote: r.name, module: w.module })),
  );
}

function Widget({ remote, module }: SlotWidget) {
  const Component = use(remoteWidget(remote, module));
  return <Component />;
}

/**
 * A role's page composed of widgets, each isolated: one module failing to load leaves the others working.
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
  return (
    <div className="container section composed-page">
      <h1>{t(`${page.key}.title`)}</h1>
      {user.role !== page.role ? (
        <p role="status">{t(`${page.key}.wrongRole`)}</p>
      ) : (
        <>
          <p className="muted">{t(`${page.key}.welcome`, { name: user.name })}</p>
          {widgets.map((w) => (
            <Isolated key={`${w.remote}${w.module}`} compact forget={() => forgetModule(w.remote, w.module)}>
              <Widget {...w} />
            </Isolated>
          ))}
        </>
      )}
    </div>
  );
}
