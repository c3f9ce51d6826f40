import type { Job, JobBody, JobPatch } from '@platform/svc-hire/contract';
import type { ExperienceLevel, JobType, SalaryPeriod } from '@platform/contracts/values';

export interface JobForm {
  title: string;
  organization: string;
  department: string;
  location: string;
  type: JobType;
  /** Whole shillings as typed; both empty reads "Negotiable". */
  salaryMin: string;
  salaryMax: string;
  salaryPeriod: SalaryPeriod;
  /** '' when not specified. */
  experienceLevel: ExperienceLevel | '';
  /** YYYY-MM-DD or ''. */
  closesAt: string;
  description: string;
}

export const emptyJobForm = (organization = ''): JobForm => ({
  title: '',
  organization,
  department: '',
  location: '',
  type: 'Full-time',
  salaryMin: '',
  salaryMax: '',
  salaryPeriod: 'month',
  experienceLevel: '',
  closesAt: '',
  description: '',
});

export const REQUIRED = ['title', 'organization', 'location', 'description'] as const;

export function missingFields(f: JobForm): Array<keyof JobForm> {
  return REQUIRED.filter((k) => !f[k].trim());
}

const amount = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** The lowest figure is above the highest: the server would refuse it too. */
export const salaryOutOfOrder = (f: JobForm) => {
  const min = amount(f.salaryMin);
  const max = amount(f.salaryMax);
  return min !== null && max !== null && min > max;
};

/**
 * The job as svc-hire takes it: trimmed, empty fields left out, the salary as figures (none: Negotiable).
 * Sent only once `missingFields` is empty, so the required ones are there.
 */
export function jobPayload(f: JobForm): JobBody {
  const { salaryMin, salaryMax, salaryPeriod, experienceLevel, closesAt, ...text } = f;
  const filled = Object.entries(text)
    .map(([k, v]: [string, string]) => [k, v.trim()] as const)
    .filter(([, v]) => v);
  const body = Object.fromEntries(filled) as unknown as JobBody;
  const min = amount(salaryMin);
  const max = amount(salaryMax);
  if (min !== null || max !== null) body.salary = { min, max, currency: 'KES', period: salaryPeriod };
  if (experienceLevel) body.experienceLevel = experienceLevel;
  if (closesAt) body.closesAt = closesAt;
  return body;
}

/** A posted job as the form shows it, for editing. */
export const jobToForm = (job: Job): JobForm => ({
  title: job.title,
  organization: job.organization,
  department: job.department,
  location: job.location,
  type: job.type,
  salaryMin: job.salary?.min == null ? '' : String(job.salary.min),
  salaryMax: job.salary?.max == null ? '' : String(job.salary.max),
  salaryPeriod: job.salary?.period ?? 'month',
  experienceLevel: job.experienceLevel ?? '',
  closesAt: job.closesAt ?? '',
  description: job.description,
});

/**
 * What an edit changed, as a PATCH: only the fields that differ from the job as it was (a cleared optional
 * field is sent empty or null), so an untouched closing date of a closed job, or a salary kept as text,
 * is left as it is. Empty when nothing changed.
 */
export function jobChanges(before: JobForm, after: JobForm): JobPatch {
  const patch: JobPatch = {};
  for (const k of ['title', 'organization', 'location', 'description', 'department'] as const)
    if (after[k].trim() !== before[k].trim()) patch[k] = after[k].trim();
  if (after.type !== before.type) patch.type = after.type;
  const salaryKeys = ['salaryMin', 'salaryMax', 'salaryPeriod'] as const;
  if (salaryKeys.some((k) => after[k].trim() !== before[k].trim())) {
    const min = amount(after.salaryMin);
    const max = amount(after.salaryMax);
    patch.salary =
      min === null && max === null ? null : { min, max, currency: 'KES', period: after.salaryPeriod };
  }
  if (after.experienceLevel !== before.experienceLevel) patch.experienceLevel = after.experienceLevel || null;
  if (after.closesAt !== before.closesAt) patch.closesAt = after.closesAt || null;
  return patch;
}
