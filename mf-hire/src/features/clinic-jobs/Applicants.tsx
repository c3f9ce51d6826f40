import { useState } from 'react';
import type { Application, PostedJob } from '@platform/svc-hire/contract';
import { refreshApi, useApiPages } from '@platform/data';
import { hireApi } from '../../api';
import { Alert, Button, failureText, Spinner, useDateFormat, useToast, useTranslation } from '@platform/ui';
import { StatusBadge } from '../shared/StatusBadge';
import { ApplicantCv } from './ApplicantCv';
import { DecisionDialog, type Decision } from './DecisionDialog';

const PAGE_SIZE = 20;

/**
 * One job's applicants (the server returns only the clinic's own), with Shortlist (the step before a
 * decision, at once: it can still be decided either way), Accept and Reject (confirmed in a dialog).
 */
export function Applicants({ job }: { job: PostedJob }) {
  const { t } = useTranslation('hire');
  const toast = useToast();
  const date = useDateFormat();
  const applicants = useApiPages((page) => hireApi.applications({ jobId: job.id }, page, PAGE_SIZE));
  const error = applicants.error && failureText(t, applicants.error, 'clinic.loadFailed');
  const list = applicants.loading || applicants.error ? null : applicants;
  const [pending, setPending] = useState<string | null>(null);
  // The decision being confirmed (with its optional message) in the dialog.
  const [asking, setAsking] = useState<{ application: Application; decision: Decision } | null>(null);
  const decide = (a: Application, decision: Decision) => setAsking({ application: a, decision });

  async function shortlist(a: Application) {
    setPending(a.id);
    try {
      const res = await hireApi.setStatus(a.id, 'shortlisted');
      if (res.ok) await decided(a, 'shortlisted');
      else toast.show({ kind: 'error', message: failureText(t, res, 'clinic.decideFailed') });
    } catch (err) {
      toast.show({ kind: 'error', message: failureText(t, err, 'clinic.decideFailed') });
    }
    setPending(null);
  }

  async function decided(a: Application, status: Decision | 'shortlisted') {
    setAsking(null);
    setPending(a.id);
    await refreshApi('/api/application/get');
    toast.show({
      kind: 'success',
      // A sentence per outcome (decided_shortlisted, decided_accepted, decided_rejected): French agrees the participle with
      // « candidature », which a status word glued to the name cannot.
      message: t('clinic.decided', { context: status, name: a.fullName, status: t(`status.${status}`) }),
    });
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
                {/* What the applicant typed, then what an employer checked against a council's register. */}
                <dt>{t('applicant.designation')}</dt>
                <dd>{a.applicantDesignation || t('applicant.notGiven')}</dd>
                <dt>{t('applicant.verified')}</dt>
                <dd title={t('applicant.verifiedHint')}>
                  {a.applicantVerifiedProfessions.length > 0 ? (
                    <ul className="skills verified-professions">
                      {a.applicantVerifiedProfessions.map((p) => (
                        <li key={p}>✓ {t(`professions.${p}`, { ns: 'ui' })}</li>
                      ))}
                    </ul>
                  ) : (
                    t('applicant.verifiedNone')
                  )}
                </dd>
                <dt>{t('applicant.skills')}</dt>
                <dd>
                  {a.applicantSkills.length > 0 ? (
                    <ul className="skills">
                      {a.applicantSkills.map((skill) => (
                        <li key={skill}>{skill}</li>
                      ))}
                    </ul>
                  ) : (
                    t('applicant.notGiven')
                  )}
                </dd>
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
                  <ApplicantCv application={a} />
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
                  {a.status === 'pending' && (
                    <Button
                      variant="secondary"
                      onClick={() => void shortlist(a)}
                      disabled={pending === a.id}
                      aria-label={t('clinic.shortlistName', { name: a.fullName })}
                    >
                      {t('clinic.shortlist')}
                    </Button>
                  )}
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
      <DecisionDialog
        application={asking?.application ?? null}
        decision={asking?.decision ?? 'accepted'}
        onDone={(a, d) => void decided(a, d)}
        onCancel={() => setAsking(null)}
      />
      {list?.hasMore && (
        <Button variant="secondary" onClick={list.loadMore}>
          {t('clinic.showMore')}
        </Button>
      )}
    </section>
  );
}
