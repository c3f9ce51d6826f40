import type { Job } from '@platform/svc-hire/contract';
import { Button, useTranslation } from '@platform/ui';
import { SaveToggle } from './SaveToggle';
import type { ViewerState } from './viewer-state';

/**
 * Apply, or "Applied" once the professional has applied, or nothing once closed (its facts say
 * "Closed"); and Save for a signed-in professional: the same on the board's cards and on a job's page.
 */
export function JobActions({
  job,
  canApply,
  onApply,
  viewer,
  applyText,
}: {
  job: Job;
  canApply: boolean;
  onApply(): void;
  viewer: ViewerState;
  /** The job's own page says "Apply for this job"; a card names its job in the button's name. */
  applyText?: string;
}) {
  const { t } = useTranslation('hire');
  const applied = viewer.applied(job.id);
  return (
    <>
      {applied ? (
        <span className="badge badge-applied">{t('board.applied')}</span>
      ) : (
        // A closed job says "Closed" once, in its facts; it has no Apply.
        !job.closed &&
        canApply && (
          <Button
            onClick={onApply}
            aria-label={applyText ? undefined : t('board.applyFor', { title: job.title })}
          >
            {applyText ?? t('board.apply')}
          </Button>
        )
      )}
      {viewer.signedIn && <SaveToggle jobId={job.id} title={job.title} saved={viewer.saved(job.id)} />}
    </>
  );
}
