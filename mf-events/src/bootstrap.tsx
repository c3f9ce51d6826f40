import { startStandalone } from '@platform/ui/standalone';
import routes from './exposes/routes';
import ClinicEvents from './exposes/ClinicEvents';
import UserEvents from './exposes/UserEvents';

/** mf-events on its own dev page, for working on the module without the shell (each widget at its shell path). */
void startStandalone([
  ...routes,
  { path: '/clinicdashboard', Component: ClinicEvents },
  { path: '/userdashboard', Component: UserEvents },
]);
