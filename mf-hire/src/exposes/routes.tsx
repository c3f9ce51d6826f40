import { lazy } from 'react';
import type { RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/** The pages mf-hire serves; each is its own chunk. */
const routes: RemoteRoutes = [
  { path: '/hire', Component: lazy(() => import('../features/jobs-board/JobsPage')) },
  { path: '/userdashboard', Component: lazy(() => import('../features/user-dashboard/UserDashboardPage')) },
];

export default routes;
