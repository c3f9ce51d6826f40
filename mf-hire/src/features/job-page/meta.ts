import type { TFunction } from 'i18next';
import type { Job } from '@platform/svc-hire/contract';

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160;

/**
 * The job's meta description, for search results and shared links: who, where and what kind of job,
 * then as much of the description as fits, cut at a word.
 */
export function metaDescription(t: TFunction, job: Job): string {
  const lead = t('job.metaLead', {
    organization: job.organization,
    location: job.location,
    type: t(`types.${job.type}`),
  });
  const text = job.description.replace(/\s+/g, ' ').trim();
  const room = META_DESCRIPTION_MAX - lead.length - 1;
  if (text.length <= room) return `${lead} ${text}`;
  const cut = text.slice(0, room - 1);
  const atWord = cut.lastIndexOf(' ') > room / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${lead} ${atWord.replace(/[\s.,;:]+$/, '')}…`;
}
