import { useState } from 'react';
import type { PostedJob } from '@platform/svc-hire/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { hireApi } from '../../api';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Modal,
  Pager,
  Spinner,
  usePreparedDateFormats,
  useToast,
  useTranslation,
} from '@platform/ui';
import { PostJobForm } from './PostJobForm';
import { PostedJobCard } from './PostedJobCard';
import '../shared/hire.css';

const PAGE_SIZE = 10;

/** The clinic dashboard's Hire widget: post a job, then review each job's applicants. */
export default function ClinicJobs() {
  const { t } = useTranslation('hire');
  // The jobs' dates come with their data, after the page is drawn.
  usePreparedDateFormats();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PostedJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PostedJob | null>(null);
  const [closing, setClosing] = useState<PostedJob | null>(null);
  const [closeError, setCloseError] = useState<string | null>(null);

  const mine = useApiQuery(hireApi.myJobs(page, PAGE_SIZE));
  const jobs = mine.data && { data: mine.data.data, total: mine.data.pageInfo.total };
  const error = mine.error && failureText(t, mine.error, 'clinic.loadFailed');

  async function remove(job: PostedJob) {
    setBusy(true);
    setDeleteError(null);
    try {
      const res = await hireApi.deleteJob(job.id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('clinic.deleted') });
        setDeleting(null);
        if (openId === job.id) setOpenId(null);
        // Its own list, and the board and job pages, show it gone.
        await refreshApi('/api/job');
      } else setDeleteError(failureText(t, res, 'clinic.deleteFailed'));
    } catch (err) {
      setDeleteError(failureText(t, err, 'clinic.deleteFailed'));
    }
    setBusy(false);
  }

  async function closeNow(job: PostedJob) {
    setBusy(true);
    setCloseError(null);
    try {
      const res = await hireApi.closeJob(job.id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('clinic.closedDone') });
        setClosing(null);
        // Its own list, and the board and job page, show it closed.
        await refreshApi('/api/job');
      } else setCloseError(failureText(t, res, 'clinic.closeFailed'));
    } catch (err) {
      setCloseError(failureText(t, err, 'clinic.closeFailed'));
    }
    setBusy(false);
  }

  const pages = jobs ? Math.max(1, Math.ceil(jobs.total / PAGE_SIZE)) : 1;
  return (
    <div className="stack clinic-jobs">
      <PostJobForm
        onPosted={() => {
          void refreshApi('/api/job');
          setPage(1);
        }}
      />
      <section aria-labelledby="posted-jobs-title" className="dashboard-section">
        <h2 id="posted-jobs-title">{t('clinic.postedJobs', { count: jobs?.total ?? 0 })}</h2>
        {error && (
          <Alert kind="error">
            {error}{' '}
            <Button variant="secondary" onClick={mine.reload}>
              {t('clinic.retry')}
            </Button>
          </Alert>
        )}
        {!jobs && !error && <Spinner label={t('clinic.loading')} />}
        {jobs && jobs.data.length === 0 && <p>{t('clinic.noJobs')}</p>}
        {jobs && jobs.data.length > 0 && (
          <ul className="card-list">
            {jobs.data.map((job) => (
              <li key={job.id}>
                <PostedJobCard
                  job={job}
                  open={openId === job.id}
                  // One job's applicants open at a time.
                  onToggle={() => setOpenId((id) => (id === job.id ? null : job.id))}
                  onEdit={() => setEditing(job)}
                  onClose={() => setClosing(job)}
                  onDelete={() => setDeleting(job)}
                />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('clinic.editTitle', { title: editing?.title ?? '' })}
      >
        {editing && (
          <PostJobForm
            key={editing.id}
            job={editing}
            onSaved={() => {
              setEditing(null);
              // Its own list, and the board and job pages, show the change.
              void refreshApi('/api/job');
              void refreshApi('/api/application/get');
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={closing !== null}
        title={t('clinic.closeTitle')}
        message={t('clinic.closeText', { title: closing?.title ?? '' })}
        confirmLabel={t('clinic.closeConfirm')}
        cancelLabel={t('clinic.cancel')}
        busy={busy}
        error={closeError}
        onConfirm={() => closing && void closeNow(closing)}
        onCancel={() => {
          setClosing(null);
          setCloseError(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('clinic.deleteTitle')}
        message={
          deleting && deleting.applicantCount > 0
            ? t('clinic.deleteTextApplicants', { title: deleting.title, count: deleting.applicantCount })
            : t('clinic.deleteText', { title: deleting?.title ?? '' })
        }
        confirmLabel={t('clinic.deleteConfirm')}
        cancelLabel={t('clinic.cancel')}
        busy={busy}
        error={deleteError}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </div>
  );
}
