import { lazyPage, type RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-connect serves, each its own chunk (`lazyPage`). The manifest gives mf-connect the prefix
 * `/connect`; every path under it is routed here, so a new page needs no shell or gateway change.
 */
const routes: RemoteRoutes = [
  { path: '/connect', Component: lazyPage(() => import('../features/directory/ConnectPage')) },
  {
    path: '/connect/discussions',
    Component: lazyPage(() => import('../features/discussions/DiscussionsPage')),
  },
  {
    path: '/connect/people/:id',
    Component: lazyPage(() => import('../features/person/PersonPage')),
  },
  {
    path: '/connect/discussions/:id',
    Component: lazyPage(() => import('../features/discussion/DiscussionPage')),
  },
  { path: '/connect/network', Component: lazyPage(() => import('../features/network/NetworkPage')) },
];

export default routes;
