import type { Application } from '@platform/svc-hire/contract';
import { Button, useDateFormat, useTranslation } from '@platform/ui';
import { StatusBadge } from '../shared/StatusBadge';

/** One of the professional's applications; Withdraw is offered only while the clinic has not decided. */
export function ApplicationItem({
  application: a,
  onWithdraw,
}: {
  application: Application;
  onWithdraw?(): void;
}) {
  const { t } = useTranslation('hire');
  const date = useDateFormat();
  const title = a.jobId.title || t('user.noTitle');
  // Shortlisted is not yet a decision: the applicant may still withdraw.
  const canWithdraw = onWithdraw && (a.status === 'pending' || a.status === 'shortlisted');
  return (
    <article className="card application-item">
      <h3>{title}</h3>
      <ul className="job-meta">
        {a.jobId.organization && <li>{a.jobId.organization}</li>}
        <li>{a.jobId.location || t('user.noLocation')}</li>
        <li>
          <StatusBadge status={a.status} />
        </li>
        <li>
          <time dateTime={a.appliedAt}>{t('user.applied', { date: date(a.appliedAt) })}</time>
        </li>
      </ul>
      {a.jobId.removed && <p className="muted">{t('user.removed')}</p>}
      {a.decisionMessage && (
        <blockquote className="decision-message">
          <p className="muted">{t('user.messageFromClinic')}</p>
          <p>{a.decisionMessage}</p>
        </blockquote>
      )}
      {canWithdraw && (
        <Button variant="secondary" onClick={onWithdraw} aria-label={`${t('user.withdraw')}: ${title}`}>
          {t('user.withdraw')}
        </Button>
      )}
    </article>
  );
}
