import { Type, type Static } from '@sinclair/typebox';
import { NavEntry } from './navigation';

/**
 * The remotes manifest the gateway serves at /mf/remotes.json from configuration.
 * The shell registers these at runtime, so a remote is redeployed without rebuilding the shell.
 * `routes` are the route prefixes the remote owns: the shell sends every path under one to the
 * remote's exposed `./routes`, and the remote routes inside it.
 */
/** The shell's composed pages: /clinicdashboard (role Clinic) and /userdashboard (role user). */
export const WIDGET_SLOTS = ['clinic-dashboard', 'user-dashboard'] as const;
export type WidgetSlot = (typeof WIDGET_SLOTS)[number];

export const Widget = Type.Object({
  // Literals (not an Unsafe enum) so the gateway can check a configured manifest with Value.Check.
  slot: Type.Union(WIDGET_SLOTS.map((s) => Type.Literal(s))),
  module: Type.String({ pattern: '^\\./[A-Za-z][A-Za-z0-9]*$' }),
  /** Place on the page among the slot's widgets, smallest first (then by module name); default 0. */
  order: Type.Optional(Type.Integer()),
});
export type Widget = Static<typeof Widget>;

export const RemoteEntry = Type.Object({
  /** Federation name, snake_case: mf_core, mf_hire ... */
  name: Type.String({ pattern: '^mf_[a-z]+$' }),
  /** URL of the remote's remoteEntry.js (absolute or origin-relative). */
  entry: Type.String({ minLength: 1 }),
  /**
   * Route prefixes this remote owns, e.g. ["/hire"]: `/hire` owns `/hire` and every
   * path under it (`/hire/<job>`). The root `/` owns only the home page. Plain path segments only.
   */
  routes: Type.Array(Type.String({ pattern: '^/([a-z0-9-]+(/[a-z0-9-]+)*)?$' })),
  /**
   * Widgets the shell composes into its own pages: each names a slot (e.g. `clinic-dashboard`, the
   * shell's /clinicdashboard; `user-dashboard`, its /userdashboard) and the exposed module rendering it
   * (e.g. `./ClinicJobs`).
   */
  widgets: Type.Optional(Type.Array(Widget)),
});
export type RemoteEntry = Static<typeof RemoteEntry>;

const DashboardPath = Type.Optional(Type.String({ pattern: '^/' }));

export const RemotesManifest = Type.Object({
  remotes: Type.Array(RemoteEntry),
  /** Navbar links of the modules whose remote is listed, in order (from the module descriptors). */
  navigation: Type.Optional(Type.Array(NavEntry)),
  /** Footer "Product" links, likewise. */
  footer: Type.Optional(Type.Array(NavEntry)),
  /** Where each role's Dashboard button leads. */
  dashboards: Type.Optional(
    Type.Object({ user: DashboardPath, Clinic: DashboardPath, admin: DashboardPath }),
  ),
});
export type RemotesManifest = Static<typeof RemotesManifest>;
