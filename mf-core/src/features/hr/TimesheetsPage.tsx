import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { Timesheet } from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  Pager,
  SelectField,
  Spinner,
  TextField,
  useDateFormat,
  useDateTimeFormat,
  useFileDownload,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { coreApi, type TimesheetFilter } from '../../api';
import { useFailure, useOrgRole, useOrgTimeZone } from './hr-access';
import { PersonEntries } from './ClockEntries';
import { instantIn } from './wall-clock';
import '../shared/core.css';

const PAGE_SIZE = 20;

/** This month so far, as the organisation's calendar has it: the first to today. */
function thisMonth(timeZone: string): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * `/hr/timesheets`: each person's hours for a period (at most 31 days) within the caller's scope (a member
 * their own): regular, night and overtime, late and missed shifts; the person's manager or HR closes an
 * entry left open, approves a period (once) or reopens it saying why; HR and managers download payroll's
 * CSV. The service computes the hours and decides who may do what.
 */
export default function TimesheetsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('timesheets.title'));
  const user = useSession((s) => s.user);
  const zone = useOrgTimeZone();
  if (!user) return <Navigate to={loginPath('/hr/timesheets')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('timesheets.title')}</h1>
      <p>{t('timesheets.intro')}</p>
      {zone ? <Timesheets zone={zone} /> : <Spinner label={t('hrPage.loading')} />}
    </div>
  );
}

function Timesheets({ zone }: { zone: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const { role, isHr } = useOrgRole();
  const oversees = isHr || role === 'manager';
  const [filter, setFilter] = useState<TimesheetFilter>(() => thisMonth(zone));
  const [form, setForm] = useState<TimesheetFilter>(filter);
  const [page, setPage] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);
  const places = useApiQuery(oversees ? coreApi.places() : null);
  const list = useApiQuery(coreApi.timesheets(filter, page, PAGE_SIZE));
  const csv = useFileDownload('core', 'hrPage.csvFailed');

  function apply(e: FormEvent) {
    e.preventDefault();
    if (!form.from || !form.to || form.to < form.from) return setFormError(t('timesheets.periodInvalid'));
    setFormError(null);
    setPage(1);
    setFilter({ ...form, search: form.search?.trim() });
  }

  const total = list.data?.pageInfo.total ?? 0;
  return (
    <>
      <section className="card" aria-labelledby="timesheets-filters">
        <h2 id="timesheets-filters">{t('timesheets.period')}</h2>
        <form onSubmit={apply} noValidate className="row hr-filters">
          <TextField
            type="date"
            label={t('timesheets.from')}
            value={form.from}
            error={formError ?? undefined}
            onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))}
          />
          <TextField
            type="date"
            label={t('timesheets.to')}
            value={form.to}
            onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))}
          />
          {oversees && (
            <SelectField
              label={t('rosters.department')}
              value={form.departmentId ?? ''}
              options={[
                { value: '', label: t('hrPage.all') },
                ...(places.data?.data.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
              ]}
              onChange={(e) => setForm((f) => ({ ...f, departmentId: e.target.value }))}
            />
          )}
          {oversees && (
            <TextField
              type="search"
              label={t('hrPage.search')}
              value={form.search ?? ''}
              maxLength={100}
              onChange={(e) => setForm((f) => ({ ...f, search: e.target.value }))}
            />
          )}
          <Button type="submit" variant="secondary">
            {t('timesheets.show')}
          </Button>
        </form>
        {oversees && (
          <div className="hr-export">
            <Button
              variant="secondary"
              loading={csv.busy}
              onClick={() =>
                void csv.download(
                  () => coreApi.timesheetsCsv(filter),
                  `timesheets-${filter.from}-${filter.to}.csv`,
                )
              }
            >
              {t('timesheets.csv')}
            </Button>
            {csv.error && <Alert kind="error">{csv.error}</Alert>}
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="timesheets-list">
        <h2 id="timesheets-list">{t('timesheets.listTitle', { from: filter.from, to: filter.to })}</h2>
        {list.loading && <Spinner label={t('hrPage.loading')} />}
        {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
        {list.data && total === 0 && <p>{t('timesheets.none')}</p>}
        <ul className="hr-list timesheets">
          {list.data?.data.map((sheet) => (
            <li key={sheet.staffId}>
              <Sheet sheet={sheet} zone={zone} />
            </li>
          ))}
        </ul>
        {total > PAGE_SIZE && (
          <Pager
            page={page}
            pages={Math.ceil(total / PAGE_SIZE)}
            onPage={setPage}
            label={t('timesheets.pages')}
          />
        )}
      </section>
    </>
  );
}

/** One person's hours and counts, its approval, and what their manager or HR may do. */
function Sheet({ sheet, zone }: { sheet: Timesheet; zone: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat(zone);
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [showEntries, setShowEntries] = useState(false);
  const entriesId = useId();
  const { totals, approval } = sheet;

  async function send(run: () => Promise<{ ok: boolean }>, success: string) {
    setBusy(true);
    setMessage(null);
    try {
      const res = await run();
      if (res.ok) {
        setMessage({ kind: 'success', text: success });
        await refreshApi('/api/core/timesheets');
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  function reopen(e: FormEvent) {
    e.preventDefault();
    if (reason.trim().length < 3) return setReasonError(t('timesheets.reasonRequired'));
    setReasonError(null);
    void send(() => coreApi.reopenTimesheet(approval!.id, reason.trim()), t('timesheets.reopened'));
  }

  const figures: [string, number][] = [
    [t('timesheets.regular'), totals.regular],
    [t('timesheets.night'), totals.night],
    [t('timesheets.overtime'), totals.overtime],
    [t('timesheets.total'), totals.total],
  ];
  return (
    <article aria-labelledby={headingId}>
      <h3 id={headingId}>
        {sheet.name}
        {sheet.departmentName && <span className="muted"> · {sheet.departmentName}</span>}
      </h3>
      <dl className="timesheet-hours">
        {figures.map(([label, hours]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{t('timesheets.hours', { count: hours })}</dd>
          </div>
        ))}
      </dl>
      <p>
        {t('timesheets.counts', {
          shifts: totals.shifts,
          late: totals.late,
          missed: totals.missed,
          unscheduled: totals.unscheduled,
        })}
      </p>
      {approval ? (
        <p>
          <strong>
            {t('timesheets.approvedBy', { name: approval.approvedBy, day: date(approval.approvedAt) })}
          </strong>
          {(approval.from !== sheet.from || approval.to !== sheet.to) && (
            <> · {t('timesheets.approvedFor', { from: approval.from, to: approval.to })}</>
          )}
        </p>
      ) : (
        <p>{t('timesheets.notApproved')}</p>
      )}
      <Button
        variant="secondary"
        aria-expanded={showEntries}
        aria-controls={entriesId}
        aria-label={t('clockEntries.showFor', { name: sheet.name })}
        onClick={() => setShowEntries((shown) => !shown)}
      >
        {showEntries ? t('clockEntries.hide') : t('clockEntries.show')}
      </Button>
      <div id={entriesId}>
        {showEntries && <PersonEntries staffId={sheet.staffId} from={sheet.from} to={sheet.to} />}
      </div>
      {sheet.approvable &&
        sheet.openEntries.map((entry) => (
          <CloseEntry key={entry.id} entry={entry} name={sheet.name} zone={zone} />
        ))}
      {sheet.approvable && !approval && totals.open === 0 && (
        <Button
          loading={busy}
          aria-label={t('timesheets.approveFor', { name: sheet.name })}
          onClick={() =>
            void send(
              () => coreApi.approveTimesheet({ staffId: sheet.staffId, from: sheet.from, to: sheet.to }),
              t('timesheets.approved', { name: sheet.name }),
            )
          }
        >
          {t('timesheets.approve')}
        </Button>
      )}
      {sheet.approvable && approval && (
        <form onSubmit={reopen} noValidate className="row hr-filters">
          <TextField
            label={t('timesheets.reopenReason', { name: sheet.name })}
            value={reason}
            maxLength={300}
            error={reasonError ?? undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('timesheets.reopen')}
          </Button>
        </form>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </article>
  );
}

export { instantIn };

/** An entry left open: its manager or HR gives the clock-out time (the organisation's clock) and why. */
function CloseEntry({
  entry,
  name,
  zone,
}: {
  entry: { id: string; clockIn: string };
  name: string;
  zone: string;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const since = useDateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }, zone);
  const [at, setAt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ at?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function close(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!at) found.at = t('timesheets.timeRequired');
    if (reason.trim().length < 3) found.reason = t('timesheets.reasonRequired');
    setErrors(found);
    setError(null);
    if (found.at || found.reason) return;
    setBusy(true);
    try {
      const res = await coreApi.correctClockEntry(entry.id, {
        clockOut: instantIn(at, zone),
        reason: reason.trim(),
      });
      if (res.ok) await refreshApi('/api/core/timesheets');
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={close} noValidate className="timesheet-open">
      <p>
        <strong>{t('timesheets.openSince', { name, time: since(entry.clockIn) })}</strong>
      </p>
      <div className="row hr-filters">
        <TextField
          type="datetime-local"
          label={t('timesheets.clockOutAt')}
          value={at}
          error={errors.at}
          onChange={(e) => setAt(e.target.value)}
        />
        <TextField
          label={t('timesheets.why')}
          value={reason}
          maxLength={300}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={busy}>
          {t('timesheets.closeEntry')}
        </Button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
    </form>
  );
}
