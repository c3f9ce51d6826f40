import { useState } from 'react';
import { useApiQuery } from '@platform/data';
import { Alert, Button, ListStatus, Pager, TextField, failureText, useTranslation } from '@platform/ui';
import { adminApi, type AuditEntry, type AuditQuery } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';
import { useDateTime } from '../shared/use-dates';
import { scrollable } from '../shared/scrollable';

const EMPTY: AuditQuery = { target: '', actor: '', from: '', to: '', page: 1 };

/**
 * /admin/audit: every admin action on every service (who, what, target, before and after, address,
 * request id, time), filtered by target, actor and dates, newest first; and the tamper check, which
 * walks the log's chain of hashes and names the first entry that does not follow from the one before.
 */
export default function AuditPage() {
  return (
    <AdminFrame section="audit">
      <TamperCheck />
      <Log />
    </AdminFrame>
  );
}

function TamperCheck() {
  const { t } = useTranslation('admin');
  const when = useDateTime();
  const [asked, setAsked] = useState(false);
  const verdict = useApiQuery(asked ? adminApi.auditVerify() : null);
  const v = verdict.data;
  return (
    <section className="card admin-block" aria-labelledby="audit-check">
      <h2 id="audit-check">{t('audit.check')}</h2>
      <p className="muted">{t('audit.checkIntro')}</p>
      <Button
        variant="secondary"
        loading={asked && verdict.loading}
        onClick={() => (asked ? verdict.reload() : setAsked(true))}
      >
        {t('audit.checkButton')}
      </Button>
      {asked && (
        <LoadState
          loading={false}
          error={verdict.error}
          onRetry={verdict.reload}
          loadingText={t('audit.checking')}
          failedKey="audit.checkFailed"
        >
          {v &&
            (v.ok ? (
              <Alert kind="success">{t('audit.intact', { count: v.checked })}</Alert>
            ) : (
              <Alert kind="error">
                {v.firstBroken
                  ? t('audit.broken', { seq: v.firstBroken.seq, time: when(v.firstBroken.at) })
                  : t('audit.brokenSomewhere')}
              </Alert>
            ))}
        </LoadState>
      )}
    </section>
  );
}

function Log() {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState(EMPTY);
  const [q, setQ] = useState(EMPTY);
  const list = useApiQuery(adminApi.audit(q));
  const info = list.data?.pageInfo;
  const field = (key: 'target' | 'actor' | 'from' | 'to') => ({
    value: typed[key],
    onChange: (e: { target: { value: string } }) => setTyped((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <section aria-labelledby="audit-log">
      <h2 id="audit-log">{t('audit.log')}</h2>
      <form
        className="admin-toolbar"
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setQ({ ...typed, page: 1 });
        }}
      >
        <TextField
          label={t('audit.target')}
          placeholder={t('audit.targetHint')}
          maxLength={200}
          {...field('target')}
        />
        <TextField
          label={t('audit.actor')}
          placeholder={t('audit.actorHint')}
          maxLength={200}
          {...field('actor')}
        />
        <TextField type="date" label={t('audit.from')} {...field('from')} />
        <TextField type="date" label={t('audit.to')} {...field('to')} />
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
      </form>
      <ListStatus
        error={list.error ? `${t('audit.failed')}: ${failureText(t, list.error, 'audit.failed')}` : null}
        loaded={!!list.data}
        pageInfo={info}
        onRetry={list.reload}
        texts={{
          retry: t('retry'),
          loading: t('audit.loading'),
          count: (n, capped) => t(capped ? 'audit.countCapped' : 'audit.count', { count: n }),
        }}
      >
        {list.data?.data.length === 0 ? (
          <p>{t('audit.empty')}</p>
        ) : (
          <Entries entries={list.data?.data ?? []} />
        )}
        {info && (
          <Pager
            page={q.page}
            pages={Math.max(1, Math.ceil(info.total / info.limit))}
            exact={!info.totalCapped}
            onPage={(page) => setQ((cur) => ({ ...cur, page }))}
            label={t('audit.pages')}
          />
        )}
      </ListStatus>
    </section>
  );
}

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

function Entries({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const when = useDateTime();
  return (
    <div className="admin-table-wrap" {...scrollable(t('audit.log'))}>
      <table className="admin-table">
        <caption className="visually-hidden">{t('audit.log')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.time')}</th>
            <th scope="col">{t('audit.actor')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.change')}</th>
            <th scope="col">{t('audit.origin')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.seq}>
              <th scope="row">{when(e.at)}</th>
              <td>
                {e.actor.name || e.actor.id}
                <br />
                <small className="muted">{e.actor.email}</small>
              </td>
              <td>
                <code>{e.action}</code>
                <br />
                <small className="muted">{e.service}</small>
              </td>
              <td>
                {e.target.label}
                <br />
                <small className="muted">
                  {e.target.kind} {e.target.id}
                </small>
              </td>
              <td>
                <details>
                  <summary>{t('audit.beforeAfter')}</summary>
                  <dl className="audit-change">
                    <dt>{t('audit.before')}</dt>
                    <dd>
                      <pre>{show(e.before)}</pre>
                    </dd>
                    <dt>{t('audit.after')}</dt>
                    <dd>
                      <pre>{show(e.after)}</pre>
                    </dd>
                  </dl>
                </details>
              </td>
              <td>
                <small>
                  {e.address ?? t('na')}
                  <br />
                  {e.requestId ?? t('na')}
                </small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
