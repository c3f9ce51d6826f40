import type { Job } from '@platform/contracts';
import { useTranslation } from '@platform/ui';
import { useDateFormat } from './format';

/** A job's facts as the board's card and the job's own page both show them. */
export function JobFacts({ job }: { job: Job }) {
  const { t } = useTranslation('hire');
  const date = useDateFormat();
  return (
    <ul className="job-meta">
      <li>{job.organization}</li>
      <li>{job.location}</li>
      {job.department && <li>{job.department}</li>}
      <li>
        <span className="badge">{t(`types.${job.type}`)}</span>
      </li>
      <li>
        {t('board.salary')}: {job.salaryRange || t('board.negotiable')}
      </li>
      <li>
        <time dateTime={job.postedAt}>{t('board.posted', { date: date(job.postedAt) })}</time>
      </li>
    </ul>
  );
}
