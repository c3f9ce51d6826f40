import { useApiQuery } from '@platform/data';
import type { Subscription } from '@platform/svc-billing/contract';
import { billingApi } from '../../api';

export type Usage = Partial<Record<'openPostings' | 'staff' | 'locations', number>>;

/**
 * How much of each counted limit the clinic uses, asked of the service that keeps it (Hire its open postings,
 * Core its staff records and locations) and only where the plan includes that module; a count a service
 * cannot give (not running, or refusing) is left out and the page shows the limit alone.
 */
export function useUsage(sub: Subscription | undefined): Usage {
  const modules = sub?.entitlements.modules ?? [];
  const postings = useApiQuery(modules.includes('hire') ? billingApi.openPostings() : null);
  const core = modules.includes('core');
  const staff = useApiQuery(core ? billingApi.staffCount() : null);
  const places = useApiQuery(core ? billingApi.places() : null);
  return {
    openPostings: postings.data?.pageInfo?.total,
    staff: staff.data?.pageInfo?.total,
    locations: places.data?.data?.locations?.length,
  };
}
