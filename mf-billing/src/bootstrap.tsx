import { startStandalone } from '@platform/ui/standalone';
import routes from './exposes/routes';

/** mf-billing on its own dev page, for working on the module without the shell. */
void startStandalone(routes);
