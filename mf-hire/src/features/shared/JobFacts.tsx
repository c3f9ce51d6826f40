import type { Job } from '@platform/svc-hire/contract';
import { BOARD_TIME_ZONE } from '@platform/contracts/values';
import { useDateFormat, useSalaryFormat, useTranslation } from '@platform/ui';
import { useShortDateFormat } from './format';

/** A job's facts as the board's card and the job's own page both show them. */
export function JobFacts({ job }: { job: Job }) {
  const { t } = useTranslation('hire');
  // An East African day, as the server's first screen draws it too (wherever the gateway runs).
  const date = useDateFormat(BOARD_TIME_ZONE);
  const shortDate = useShortDateFormat();
  const salary = useSalaryFormat();
  return (
    <ul className="job-meta">
      <li>{job.organization}</li>
      <li>{job.location}</li>
      {job.department && <li>{job.department}</li>}
      <li>
        <span className="badge">{t(`types.${job.type}`)}</span>
      </li>
      {job.experienceLevel && <li>{t(`experience.${job.experienceLevel}`)}</li>}
      <li>
        {t('board.salary')}: {salary(job.salary)}
      </li>
      <li>
        <time dateTime={job.postedAt}>{t('board.posted', { date: date(job.postedAt) })}</time>
      </li>
      {job.closesAt && (
        <li>
          {job.closed ? (
            <span className="badge badge-closed">{t('board.closed')}</span>
          ) : (
            <time dateTime={job.closesAt}>{t('board.closes', { date: shortDate(job.closesAt) })}</time>
          )}
        </li>
      )}
    </ul>
  );
}
