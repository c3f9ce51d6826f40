import type { TFunction } from 'i18next';
import type { Job } from '@platform/svc-hire/contract';
import { META_DESCRIPTION_MAX, metaDescription } from './meta';

// The English texts' shape: "{{organization}}, {{location}} ({{type}}):".
const t = ((key: string, o?: Record<string, string>) =>
  key === 'job.metaLead'
    ? `${o!.organization}, ${o!.location} (${o!.type}):`
    : key.replace('types.', '')) as unknown as TFunction;
const job = (description: string) =>
  ({ organization: 'Nakuru Family Clinic', location: 'Nakuru', type: 'Full-time', description }) as Job;

describe('metaDescription', () => {
  it('says who, where and what kind of job, then the description on one line', () => {
    expect(metaDescription(t, job('Night shifts.\n\nLicence required.'))).toBe(
      'Nakuru Family Clinic, Nakuru (Full-time): Night shifts. Licence required.',
    );
  });

  it('cuts a long description at a word, within what search results show', () => {
    const description = 'Night shifts on the maternity ward, '.repeat(10).trim();
    const text = metaDescription(t, job(description));
    expect(text.length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    const kept = text.slice('Nakuru Family Clinic, Nakuru (Full-time): '.length, -1);
    expect(text.endsWith(`${kept}…`)).toBe(true);
    expect(description.startsWith(kept)).toBe(true);
    // A whole word, with no comma or space before the ellipsis.
    expect(kept).toMatch(/\w$/);
    expect(description[kept.length]).toMatch(/[\s,]/);
  });
});
