import { useCallback, useEffect, useState } from 'react';
import type { Application, PostedJob } from '@platform/contracts';
import { apiRequest } from '@platform/shell-state';
import { Alert, Button, failureText, Spinner, useToast, useTranslation } from '@platform/ui';
import { useDateFormat } from '../shared/format';
import { StatusBadge } from '../shared/StatusBadge';

const PAGE_SIZE = 20;

/** One job's applicants (the server returns only the clinic's own), with Accept and Reject. */
export function Applicants({ job }: { job: PostedJob }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const date = useDateFormat();
  const [list, setList] = useState<{ items: Application[]; total: number; page: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const fetchPage = useCallback(
    async (page: number, keep: Application[]) => {
      setError(null);
      try {
        const res = await apiRequest<{ data: Application[]; pageInfo: { total: number } }>(
          `/api/application/get?jobId=${job.id}&page=${page}&limit=${PAGE_SIZE}`,
        );
        if (res.ok) setList({ items: [...keep, ...res.body.data], total: res.body.pageInfo.total, page });
        else setError(failureText(t, res, 'clinic.loadFailed'));
      } catch (err) {
        setError(failureText(t, err, 'clinic.loadFailed'));
      }
    },
    [job.id, t],
  );

  useEffect(() => void fetchPage(1, []), [fetchPage]);

  async function decide(a: Application, status: 'accepted' | 'rejected') {
    setPending(a.id);
    try {
      const res = await apiRequest<{ data: Application }>(`/api/application/${a.id}`, {
        method: 'PATCH',
        body: { status },
      });
      if (res.ok) {
        setList((l) => l && { ...l, items: l.items.map((x) => (x.id === a.id ? res.body.data : x)) });
        toast.show({
          kind: 'success',
          message: t('clinic.decided', { name: a.fullName, status: t(`status.${status}`) }),
        });
      } else toast.show({ kind: 'error', message: failureText(t, res, 'clinic.decideFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'clinic.decideFailed') });
    }
    setPending(null);
  }

  return (
    <section className="applicants" aria-label={t('clinic.applicantsOf', { title: job.title })}>
      {error && <Alert kind="error">{error}</Alert>}
      {!list && !error && <Spinner label={t('clinic.applicantsLoading')} />}
      {list && list.items.length === 0 && <p>{t('clinic.noApplicants')}</p>}
      {list && list.items.length > 0 && (
        <ul className="application-list">
          {list.items.map((a) => (
            <li key={a.id} className="applicant">
              <h4>{a.fullName}</h4>
              <dl>
                <dt>{t('clinic.email')}</dt>
                <dd>
                  <a href={`mailto:${a.email}`}>{a.email}</a>
                </dd>
                <dt>{t('clinic.phone')}</dt>
                <dd>
                  <a href={`tel:${a.phoneNumber.replace(/\s+/g, '')}`}>{a.phoneNumber}</a>
                </dd>
                <dt>{t('clinic.coverLetter')}</dt>
                <dd>{a.coverLetter || t('clinic.noCoverLetter')}</dd>
                <dt>{t('clinic.resume')}</dt>
                <dd>
                  {/* The server accepts only http(s) links; a new tab without access to this page. */}
                  <a href={a.resumeUrl} target="_blank" rel="noopener noreferrer">
                    {t('clinic.openResume')}
                  </a>
                </dd>
                <dt>{t('clinic.status')}</dt>
                <dd>
                  <StatusBadge status={a.status} />
                </dd>
              </dl>
              <p className="muted">
                <time dateTime={a.appliedAt}>{t('clinic.appliedOn', { date: date(a.appliedAt) })}</time>
              </p>
              {a.status !== 'withdrawn' && (
                <div className="job-actions">
                  <Button
                    onClick={() => void decide(a, 'accepted')}
                    disabled={a.status === 'accepted'}
                    loading={pending === a.id}
                    aria-label={t('clinic.acceptName', { name: a.fullName })}
                  >
                    {t('clinic.accept')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void decide(a, 'rejected')}
                    disabled={a.status === 'rejected' || pending === a.id}
                    aria-label={t('clinic.rejectName', { name: a.fullName })}
                  >
                    {t('clinic.reject')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && list.items.length < list.total && (
        <Button variant="secondary" onClick={() => void fetchPage(list.page + 1, list.items)}>
          {t('clinic.showMore')}
        </Button>
      )}
    </section>
  );
}
