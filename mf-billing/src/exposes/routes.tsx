import { lazyPage, type RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

/**
 * The pages mf-billing serves, each its own chunk (`lazyPage`). The descriptor gives mf-billing the prefix
 * `/billing`; every path under it is routed here, so a new page needs no shell or gateway change.
 */
const routes: RemoteRoutes = [
  { path: '/billing', Component: lazyPage(() => import('../features/billing-page/BillingPage')) },
  { path: '/billing/checkout', Component: lazyPage(() => import('../features/checkout/CheckoutPage')) },
];

export default routes;
