import { ApiFailure, useApiQuery } from '@platform/data';
import { Link, useParams, useSearchParams } from '@platform/router';
import { Alert, Button, failureText, FirstScreen, Spinner, usePageMeta, useTranslation } from '@platform/ui';
import { ApplyModal } from '../jobs-board/ApplyModal';
import { useApply } from '../jobs-board/useApply';
import { useViewerState } from '../shared/viewer-state';
import { metaDescription } from './meta';
import { JobArticle } from './JobArticle';
import { hireApi } from '../../api';
import '../shared/hire.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /hire/:id: one job, shared on WhatsApp or by its copied link; Apply opens the same form as on the board. */
export default function JobPage() {
  const { t } = useTranslation('hire');
  const id = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const valid = UUID.test(id);
  const answer = useApiQuery(valid ? hireApi.job(id!) : null);
  const job = answer.data?.data;
  const gone = !valid || (answer.error instanceof ApiFailure && answer.error.status === 404);
  const viewer = useViewerState(job ? [job.id] : []);
  const applyFlow = useApply((j) => `/hire/${j.id}?apply=${j.id}`);
  // Back from login with ?apply=<this job>: the form opens.
  const asked = params.get('apply') === id && applyFlow.signedInProfessional;
  const applying = applyFlow.applying ?? (asked ? job : null) ?? null;

  usePageMeta(
    job
      ? {
          title: t('job.pageTitle', { title: job.title, organization: job.organization }),
          description: metaDescription(t, job),
        }
      : gone
        ? { title: t('job.goneTitle') }
        : null,
  );

  function closeApply() {
    applyFlow.stopApplying();
    if (params.has('apply')) setParams({}, { replace: true });
  }

  const back = (
    <p>
      <Link to="/hire">{t('job.back')}</Link>
    </p>
  );
  if (gone)
    return (
      <div className="container section">
        <h1>{t('job.goneTitle')}</h1>
        <p>{t('job.goneText')}</p>
        {back}
      </div>
    );
  return (
    <div className="container section job-page">
      {back}
      {/* The job the gateway drew on the server, until the page has its own answer. */}
      {!job && !answer.error && <FirstScreen />}
      {answer.loading && <Spinner label={t('job.loading')} />}
      {answer.error && (
        <Alert kind="error">
          {failureText(t, answer.error, 'job.loadFailed')}{' '}
          <Button variant="secondary" onClick={answer.reload}>
            {t('board.retry')}
          </Button>
        </Alert>
      )}
      {job && (
        <JobArticle
          job={job}
          canApply={applyFlow.canApply}
          onApply={() => applyFlow.apply(job)}
          viewer={viewer}
          origin={window.location.origin}
        />
      )}
      {applying && <ApplyModal job={applying} onClose={closeApply} />}
    </div>
  );
}
