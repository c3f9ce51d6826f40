import { useApiQuery } from '@platform/data';
import type { Subscription } from '@platform/svc-billing/contract';
import { billingApi } from '../../api';

export type Usage = Partial<Record<'openPostings' | 'staff' | 'locations' | 'licenceAlertRoles', number>>;

/**
 * How much of each counted limit the clinic uses, asked of the service that keeps it (Hire its open postings,
 * Core its staff records, locations and the roles HR chose for licence alerts) and only where the plan
 * includes that module; a count a service cannot give (not running, or refusing) is left out and the page
 * shows the limit alone. Licence alert roles are counted only under a limit: without one every role alerts,
 * and "3 in use" would say otherwise.
 */
export function useUsage(sub: Subscription | undefined): Usage {
  const modules = sub?.entitlements.modules ?? [];
  const postings = useApiQuery(modules.includes('hire') ? billingApi.openPostings() : null);
  const core = modules.includes('core');
  const staff = useApiQuery(core ? billingApi.staffCount() : null);
  const places = useApiQuery(core ? billingApi.places() : null);
  const rolesLimited = core && sub?.entitlements.limits.licenceAlertRoles != null;
  const alertRoles = useApiQuery(rolesLimited ? billingApi.licenceAlertRoles() : null);
  return {
    openPostings: postings.data?.pageInfo?.total,
    staff: staff.data?.pageInfo?.total,
    locations: places.data?.data?.locations?.length,
    licenceAlertRoles: alertRoles.data?.data?.roles?.length,
  };
}
