import { lazy } from 'react';
import type { RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-hire serves, each its own chunk. The manifest gives mf-hire the prefixes `/hire` and
 * `/userdashboard`; every path under them is routed here, so a new page needs no shell or gateway change.
 */
const routes: RemoteRoutes = [
  { path: '/hire', Component: lazy(() => import('../features/jobs-board/JobsPage')) },
  { path: '/hire/:id', Component: lazy(() => import('../features/job-page/JobPage')) },
  { path: '/userdashboard', Component: lazy(() => import('../features/user-dashboard/UserDashboardPage')) },
];

export default routes;
