import type { Job } from '@platform/svc-hire/contract';
import { useTranslation } from '@platform/ui';
import { JobFacts } from '../shared/JobFacts';
import { JobActions } from '../shared/JobActions';
import type { ViewerState } from '../shared/viewer-state';
import { ShareJob } from './ShareJob';

/**
 * One job as its page shows it: facts, the whole description, Apply and Share. The page draws it, and so
 * does the server's first screen (first-screens.tsx) with the same answer.
 */
export function JobArticle({
  job,
  canApply,
  onApply,
  viewer,
  origin,
}: {
  job: Job;
  canApply: boolean;
  onApply(): void;
  viewer: ViewerState;
  /** The site's address, for the share links. */
  origin: string;
}) {
  const { t } = useTranslation('hire');
  return (
    <article className="card" aria-labelledby="job-title">
      <h1 id="job-title">{job.title}</h1>
      <JobFacts job={job} />
      <h2>{t('job.description')}</h2>
      <p className="job-description">{job.description}</p>
      <div className="job-actions">
        <JobActions
          job={job}
          canApply={canApply}
          onApply={onApply}
          viewer={viewer}
          applyText={t('job.apply')}
        />
        {!canApply && <p className="muted">{t('board.clinicCannotApply')}</p>}
      </div>
      <ShareJob job={job} origin={origin} />
    </article>
  );
}
