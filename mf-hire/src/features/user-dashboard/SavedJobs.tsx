import { Link } from '@platform/router';
import { useApiPages } from '@platform/data';
import { Alert, Button, failureText, useTranslation } from '@platform/ui';
import { hireApi } from '../../api';
import { JobFacts } from '../shared/JobFacts';
import { SaveToggle } from '../shared/SaveToggle';

const PAGE_SIZE = 10;
const savedPath = (page: number) => hireApi.savedJobs(page, PAGE_SIZE);

/** The professional's saved jobs on /userdashboard, most recently saved first. */
export function SavedJobs() {
  const { t } = useTranslation('hire');
  const saved = useApiPages(savedPath);
  return (
    <section className="dashboard-section" aria-labelledby="saved-title">
      <h2 id="saved-title">{t('saved.title')}</h2>
      {saved.error && <Alert kind="error">{failureText(t, saved.error, 'saved.loadFailed')}</Alert>}
      {!saved.loading && !saved.error && saved.items.length === 0 && (
        <p>
          {t('saved.empty')} <Link to="/hire">{t('user.findJobs')}</Link>
        </p>
      )}
      <ul className="application-list">
        {saved.items.map((job) => (
          <li key={job.id}>
            <article className="card application-item" aria-labelledby={`saved-${job.id}`}>
              <h3 id={`saved-${job.id}`}>
                <Link to={`/hire/${job.id}`}>{job.title}</Link>
              </h3>
              <JobFacts job={job} />
              <SaveToggle jobId={job.id} title={job.title} saved />
            </article>
          </li>
        ))}
      </ul>
      {saved.hasMore && (
        <Button variant="secondary" onClick={saved.loadMore}>
          {t('user.showMore')}
        </Button>
      )}
    </section>
  );
}
