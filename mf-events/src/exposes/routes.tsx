import { lazyPage, type RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-events serves, each its own chunk (`lazyPage`). The manifest gives mf-events the prefix
 * `/event`; every path under it is routed here, so a new page needs no shell or gateway change. Its parts
 * of the shell's dashboards are widgets (`./ClinicEvents`, `./UserEvents`).
 */
const routes: RemoteRoutes = [
  { path: '/event', Component: lazyPage(() => import('../features/events-list/EventsPage')) },
  { path: '/event/:id', Component: lazyPage(() => import('../features/event-page/EventPage')) },
  { path: '/event/:id/checkin', Component: lazyPage(() => import('../features/checkin/CheckinPage')) },
  {
    path: '/event/certificates/:id',
    Component: lazyPage(() => import('../features/certificate/CertificatePage')),
  },
];

export default routes;
