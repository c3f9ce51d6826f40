import { startStandalone } from '@platform/ui/standalone';
import routes from './exposes/routes';

/** mf-content on its own dev page, for working on the panel without the shell. */
void startStandalone(routes);
