import type { ComponentType } from 'react';
import { lazyPage, registerNamespace, type RemoteRoutes } from '@platform/ui';

registerNamespace('core', (lng) => import(`../locales/${lng}.json`));

type InfoModule = typeof import('../features/info/InfoPage');
/** A text page of the one InfoPage module (loaded once for About us, Privacy, Terms and Cookies). */
const infoPage = (pick: (m: InfoModule) => ComponentType) =>
  lazyPage(() => import('../features/info/InfoPage').then((m) => ({ default: pick(m) })));

/** The pages mf-core serves; each is its own chunk, so the landing page downloads only itself. */
const routes: RemoteRoutes = [
  { path: '/', Component: lazyPage(() => import('../features/landing/LandingPage')) },
  { path: '/core', Component: lazyPage(() => import('../features/core-page/CorePage')) },
  { path: '/hr', Component: lazyPage(() => import('../features/hr/HrPage')) },
  { path: '/hr/me', Component: lazyPage(() => import('../features/hr/StaffPage')) },
  {
    path: '/hr/staff/:id',
    Component: lazyPage(() =>
      import('../features/hr/StaffPage').then((m) => ({ default: m.StaffRecordPage })),
    ),
  },
  { path: '/hr/import', Component: lazyPage(() => import('../features/hr/ImportPage')) },
  { path: '/hr/policies', Component: lazyPage(() => import('../features/hr/PoliciesPage')) },
  {
    path: '/hr/policies/:id',
    Component: lazyPage(() => import('../features/hr/PoliciesPage').then((m) => ({ default: m.PolicyPage }))),
  },
  { path: '/hr/compliance', Component: lazyPage(() => import('../features/hr/CompliancePage')) },
  { path: '/hr/trainings', Component: lazyPage(() => import('../features/hr/TrainingsPage')) },
  { path: '/hr/leave', Component: lazyPage(() => import('../features/hr/LeavePage')) },
  { path: '/hr/rosters', Component: lazyPage(() => import('../features/hr/RostersPage')) },
  { path: '/hr/swaps', Component: lazyPage(() => import('../features/hr/SwapsPage')) },
  { path: '/hr/calendar', Component: lazyPage(() => import('../features/hr/CalendarPage')) },
  { path: '/hr/clock', Component: lazyPage(() => import('../features/hr/ClockPage')) },
  { path: '/hr/timesheets', Component: lazyPage(() => import('../features/hr/TimesheetsPage')) },
  { path: '/hr/wellness', Component: lazyPage(() => import('../features/hr/WellnessPage')) },
  { path: '/hr/workflows', Component: lazyPage(() => import('../features/hr/WorkflowsPage')) },
  { path: '/hr/contracts', Component: lazyPage(() => import('../features/hr/ContractsPage')) },
  {
    path: '/hr/contracts/mine',
    Component: lazyPage(() =>
      import('../features/hr/ContractsPage').then((m) => ({ default: m.MyContractsPage })),
    ),
  },
  {
    path: '/contracts/verify',
    Component: lazyPage(() =>
      import('../features/hr/ContractsPage').then((m) => ({ default: m.VerifyContractPage })),
    ),
  },
  { path: '/pricing', Component: lazyPage(() => import('../features/pricing/PricingPage')) },
  { path: '/login', Component: lazyPage(() => import('../features/auth/LoginPage')) },
  { path: '/login/forgot', Component: lazyPage(() => import('../features/auth/ForgotPasswordPage')) },
  { path: '/login/link', Component: lazyPage(() => import('../features/auth/SignInLinkPage')) },
  { path: '/reset-password', Component: lazyPage(() => import('../features/auth/ResetPasswordPage')) },
  { path: '/verify-email', Component: lazyPage(() => import('../features/auth/VerifyEmailPage')) },
  { path: '/signup', Component: lazyPage(() => import('../features/auth/SignupPage')) },
  { path: '/profile', Component: lazyPage(() => import('../features/profile/ProfilePage')) },
  { path: '/team', Component: lazyPage(() => import('../features/team/TeamPage')) },
  { path: '/contact', Component: lazyPage(() => import('../features/contact/ContactPage')) },
  { path: '/requestdemo', Component: lazyPage(() => import('../features/demo/RequestDemoPage')) },
  { path: '/blog', Component: lazyPage(() => import('../features/blog/BlogPage')) },
  { path: '/blog/:slug', Component: lazyPage(() => import('../features/blog/BlogPostPage')) },
  { path: '/faqs', Component: lazyPage(() => import('../features/info/FaqsPage')) },
  { path: '/aboutus', Component: infoPage((m) => m.AboutPage) },
  { path: '/privacy', Component: infoPage((m) => m.PrivacyPage) },
  { path: '/terms', Component: infoPage((m) => m.TermsPage) },
  { path: '/cookies', Component: infoPage((m) => m.CookiesPage) },
];

export default routes;
