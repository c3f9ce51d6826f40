import { lazyPage, type RemoteRoutes } from '@platform/ui';
import '../features/shared/namespace';

const dashboard = lazyPage(() => import('../features/dashboard/DashboardPage'));

/**
 * The admin panel's pages, each its own chunk (`lazyPage`). The manifest gives mf-content the prefix
 * `/admin` (the admin's Dashboard); the shell lets only admins in, and every call is checked again by
 * its service.
 */
const routes: RemoteRoutes = [
  { path: '/admin', Component: dashboard },
  { path: '/admin/dashboard', Component: dashboard },
  { path: '/admin/content', Component: lazyPage(() => import('../features/content/ContentPage')) },
  { path: '/admin/users', Component: lazyPage(() => import('../features/users/UsersPage')) },
  { path: '/admin/blog', Component: lazyPage(() => import('../features/blog/BlogPage')) },
  { path: '/admin/inbox', Component: lazyPage(() => import('../features/inbox/InboxPage')) },
  { path: '/admin/moderation', Component: lazyPage(() => import('../features/moderation/ModerationPage')) },
  { path: '/admin/audit', Component: lazyPage(() => import('../features/audit/AuditPage')) },
  { path: '/admin/billing', Component: lazyPage(() => import('../features/billing/BillingPage')) },
];

export default routes;
