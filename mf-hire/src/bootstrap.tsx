import { startStandalone } from '@platform/ui/standalone';
import routes from './exposes/routes';
import ClinicJobs from './exposes/ClinicJobs';
import UserJobs from './exposes/UserJobs';

/** mf-hire on its own dev page, for working on the module without the shell (each widget at its shell path). */
void startStandalone([
  ...routes,
  { path: '/clinicdashboard', Component: ClinicJobs },
  { path: '/userdashboard', Component: UserJobs },
]);
