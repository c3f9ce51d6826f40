import { FACILITY_TYPES } from '@platform/contracts/values';
import { EMAIL } from '@platform/ui';

export { FACILITY_TYPES };

export interface DemoRequest {
  fullName: string;
  organization: string;
  facilityType: (typeof FACILITY_TYPES)[number];
  email: string;
  phone: string;
  preferredDate: string;
  preferredTime: string;
  notes: string;
  /** The honeypot (see Honeypot): empty for people. */
  website: string;
}

export const emptyDemoRequest = (): DemoRequest => ({
  fullName: '',
  organization: '',
  facilityType: 'Clinic',
  email: '',
  phone: '',
  preferredDate: '',
  preferredTime: '',
  notes: '',
  website: '',
});

/** Today as YYYY-MM-DD in the visitor's time zone: the earliest date a demo can be booked. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export type DemoErrors = Partial<Record<keyof DemoRequest, 'required' | 'email' | 'pastDate'>>;

/** The spec's rules: name, organisation, facility type, e-mail, date (not in the past) and time are required. */
export function validateDemo(form: DemoRequest, now = new Date()): DemoErrors {
  const errors: DemoErrors = {};
  for (const key of [
    'fullName',
    'organization',
    'facilityType',
    'email',
    'preferredDate',
    'preferredTime',
  ] as const) {
    if (!form[key].trim()) errors[key] = 'required';
  }
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = 'email';
  if (!errors.preferredDate && form.preferredDate < today(now)) errors.preferredDate = 'pastDate';
  return errors;
}

/** What is sent: trimmed, optional fields left out when empty. */
export function demoPayload(form: DemoRequest) {
  const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as DemoRequest;
  const { phone, notes, website, ...required } = trimmed;
  return {
    ...required,
    ...(phone ? { phone } : {}),
    ...(notes ? { notes } : {}),
    ...(website ? { website } : {}),
  };
}
