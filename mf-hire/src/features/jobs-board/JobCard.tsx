import { useId, useState } from 'react';
import type { Job } from '@platform/svc-hire/contract';
import { Link } from '@platform/router';
import { Button, useTranslation } from '@platform/ui';
import { JobFacts } from '../shared/JobFacts';
import { JobActions } from '../shared/JobActions';
import type { ViewerState } from '../shared/viewer-state';

const PREVIEW = 220;

export function JobCard({
  job,
  canApply,
  onApply,
  viewer,
}: {
  job: Job;
  canApply: boolean;
  onApply(): void;
  viewer: ViewerState;
}) {
  const { t } = useTranslation('hire');
  const [open, setOpen] = useState(false);
  const descId = useId();
  const long = job.description.length > PREVIEW;
  const text = open || !long ? job.description : `${job.description.slice(0, PREVIEW).trimEnd()}…`;
  return (
    <article className="card job-card" aria-labelledby={`${descId}-title`}>
      <h3 id={`${descId}-title`}>
        {/* The job's own page: a link to share, with the whole description. */}
        <Link to={`/hire/${job.id}`}>{job.title}</Link>
      </h3>
      <JobFacts job={job} />
      <p className="job-description" id={descId}>
        {text}
      </p>
      <div className="job-actions">
        <JobActions job={job} canApply={canApply} onApply={onApply} viewer={viewer} />
        {long && (
          <Button
            variant="ghost"
            aria-expanded={open}
            aria-controls={descId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('board.showLess') : t('board.showMore')}
          </Button>
        )}
      </div>
    </article>
  );
}
