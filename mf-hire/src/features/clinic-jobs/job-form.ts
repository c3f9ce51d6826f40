import type { JobBody } from '@platform/contracts';
import type { JobType } from '@platform/contracts/values';

export interface JobForm {
  title: string;
  organization: string;
  department: string;
  location: string;
  type: JobType;
  salaryRange: string;
  description: string;
}

export const emptyJobForm = (organization = ''): JobForm => ({
  title: '',
  organization,
  department: '',
  location: '',
  type: 'Full-time',
  // Empty: the field shows a Ksh example as placeholder, and an empty salary reads "Negotiable".
  salaryRange: '',
  description: '',
});

export const REQUIRED: Array<keyof JobForm> = ['title', 'organization', 'location', 'description'];

export function missingFields(f: JobForm): Array<keyof JobForm> {
  return REQUIRED.filter((k) => !f[k].trim());
}

/**
 * The job as svc-hire takes it: trimmed, empty fields left out. Sent only once `missingFields` is empty,
 * so the required ones are there.
 */
export function jobPayload(f: JobForm): JobBody {
  const filled = Object.entries(f)
    .map(([k, v]: [string, string]) => [k, v.trim()] as const)
    .filter(([, v]) => v);
  return Object.fromEntries(filled) as unknown as JobBody;
}
