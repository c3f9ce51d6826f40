import { lazy } from 'react';
import type { RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-hire serves, each its own chunk. The manifest gives mf-hire the prefix `/hire`; every path
 * under it is routed here, so a new page needs no shell or gateway change. Its parts of the shell's
 * dashboards are widgets (`./ClinicJobs`, `./UserJobs`).
 */
const routes: RemoteRoutes = [
  { path: '/hire', Component: lazy(() => import('../features/jobs-board/JobsPage')) },
  { path: '/hire/:id', Component: lazy(() => import('../features/job-page/JobPage')) },
];

export default routes;
