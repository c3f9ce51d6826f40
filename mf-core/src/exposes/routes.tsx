import { lazy } from 'react';
import { registerNamespace, type RemoteRoutes } from '@platform/ui';

registerNamespace('core', (lng) => import(`../locales/${lng}.json`));

/** The pages mf-core serves; each is its own chunk, so the landing page downloads only itself. */
const routes: RemoteRoutes = [
  { path: '/', Component: lazy(() => import('../features/landing/LandingPage')) },
  { path: '/core', Component: lazy(() => import('../features/core-page/CorePage')) },
  { path: '/pricing', Component: lazy(() => import('../features/pricing/PricingPage')) },
  { path: '/login', Component: lazy(() => import('../features/auth/LoginPage')) },
  { path: '/signup', Component: lazy(() => import('../features/auth/SignupPage')) },
  { path: '/profile', Component: lazy(() => import('../features/profile/ProfilePage')) },
];

export default routes;
