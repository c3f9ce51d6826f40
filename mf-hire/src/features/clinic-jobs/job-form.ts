export interface JobForm {
  title: string;
  organization: string;
  department: string;
  location: string;
  type: string;
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

export function jobPayload(f: JobForm) {
  const body: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v.trim()) body[k] = v.trim();
  return body;
}
