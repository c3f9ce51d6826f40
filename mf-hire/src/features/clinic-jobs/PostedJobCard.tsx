import { useId } from 'react';
import type { PostedJob } from '@platform/svc-hire/contract';
import { Button, useDateFormat, useSalaryFormat, useTranslation } from '@platform/ui';
import { Applicants } from './Applicants';

export function PostedJobCard({
  job,
  open,
  onToggle,
  onEdit,
  onClose,
  onDelete,
}: {
  job: PostedJob;
  open: boolean;
  onToggle(): void;
  onEdit(): void;
  onClose(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('hire');
  const date = useDateFormat();
  const salary = useSalaryFormat();
  const panelId = useId();
  return (
    <article className="card job-card" aria-label={job.title}>
      <h3>{job.title}</h3>
      <ul className="job-meta">
        <li>{job.organization}</li>
        <li>{job.location}</li>
        <li>
          <time dateTime={job.postedAt}>{t('clinic.postedOn', { date: date(job.postedAt) })}</time>
        </li>
        <li>
          <span className="badge">{t(`types.${job.type}`)}</span>
        </li>
        <li>
          {t('board.salary')}: {salary(job.salary)}
        </li>
        <li>{t('clinic.applicants', { count: job.applicantCount })}</li>
        {job.closed && (
          <li>
            <span className="badge badge-closed">{t('board.closed')}</span>
          </li>
        )}
      </ul>
      {job.closed && <p className="muted">{t('clinic.closedNote')}</p>}
      <div className="job-actions">
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? t('clinic.hideDetails') : t('clinic.viewApplicants')}
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={t('clinic.editName', { title: job.title })}>
          {t('clinic.edit')}
        </Button>
        {!job.closed && (
          <Button variant="ghost" onClick={onClose} aria-label={t('clinic.closeName', { title: job.title })}>
            {t('clinic.closeNow')}
          </Button>
        )}
        <Button variant="ghost" onClick={onDelete} aria-label={`${t('clinic.delete')}: ${job.title}`}>
          {t('clinic.delete')}
        </Button>
      </div>
      <div id={panelId}>{open && <Applicants job={job} />}</div>
    </article>
  );
}
