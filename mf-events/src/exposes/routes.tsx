import type { RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-events serves, each its own chunk (`lazy`). The manifest gives mf-events the prefix
 * `/event`; every path under it is routed here, so a new page needs no shell or gateway change.
 */
const routes: RemoteRoutes = [];

export default routes;
