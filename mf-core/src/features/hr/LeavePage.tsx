import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { LeaveRequest, PublicHoliday } from '@platform/svc-core/contract';
import { refreshApi, useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useLanguage, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  SelectField,
  Spinner,
  TextField,
  useDateFormat,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { dayIn, useFailure, useOrgDay, useOrgRole, useOrgTimeZone } from './hr-access';
import { refreshLeave, useNameOf } from './leave-common';
import { LeaveBalances } from './LeaveBalances';
import { LeaveRequestsCsv } from './LeaveRequestsCsv';
import { LeaveTypes } from './LeaveTypes';
import {
  DocumentWaiver,
  LeaveDocumentChoice,
  LeaveDocumentStatus,
  MyLeaveDocument,
  useSendLeaveDocument,
} from './LeaveDocument';
import '../shared/core.css';

/**
 * `/hr/leave`: every member asks for leave, seeing the balance before and after, and follows their
 * requests; managers and HR decide on those waiting in their scope, see who is away and each person's
 * balances, and download the balances and requests as CSV; HR sets the leave types, public holidays and
 * the balances people brought in. The service decides what each may see and do.
 */
export default function LeavePage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('leave.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/leave')} replace />;
  const oversees = isHr || role === 'manager';
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('leave.title')}</h1>
      {role === undefined && <Spinner label={t('hrPage.loading')} />}
      {role !== undefined && role !== 'owner' && <MyLeave />}
      {oversees && <ToDecide />}
      {oversees && <Away />}
      {oversees && <LeaveBalances isHr={isHr} />}
      {oversees && <LeaveRequestsCsv />}
      {isHr && <LeaveTypes />}
      {isHr && <Holidays />}
    </div>
  );
}

/** One's balances, the request form with its live count, and one's requests. */
export function MyLeave() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const nameOf = useNameOf();
  const balances = useApiQuery(coreApi.myLeaveBalances());
  return (
    <section className="card" aria-labelledby="my-leave">
      <h2 id="my-leave">{t('leave.mineTitle')}</h2>
      {balances.loading && <Spinner label={t('hrPage.loading')} />}
      {balances.error && <Alert kind="error">{failure(balances.error)}</Alert>}
      {balances.data && (
        <ul className="hr-list" aria-label={t('leave.balancesTitle')}>
          {balances.data.data
            .filter((b) => b.available !== null)
            .map((b) => (
              <li key={b.typeId}>
                <strong>{nameOf(b.typeName)}</strong> · {t('leave.available', { days: b.available })} ·{' '}
                {t('leave.atYearEnd', { days: b.availableAtYearEnd })}
                {b.pending > 0 && <> · {t('leave.pendingDays', { days: b.pending })}</>}
              </li>
            ))}
        </ul>
      )}
      <AskLeave />
      <MyRequests />
    </section>
  );
}

function AskLeave() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const nameOf = useNameOf();
  const types = useApiQuery(coreApi.leaveTypes());
  const empty = { typeId: '', from: '', to: '', halfDay: false, note: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<'typeId' | 'from' | 'to', string>>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The document chosen with the request, sent once it is made; `picked` renews the empty picker.
  const [document, setDocument] = useState<File | null>(null);
  const [picked, setPicked] = useState(0);
  const sendDocument = useSendLeaveDocument();
  const halfId = useId();
  const to = form.halfDay ? form.from : form.to;
  const complete = form.typeId && form.from && to && to >= form.from;
  const quote = useApiQuery(
    complete ? coreApi.leaveQuote({ typeId: form.typeId, from: form.from, to, halfDay: form.halfDay }) : null,
  );
  const set = (key: 'typeId' | 'from' | 'to' | 'note') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const active = (types.data?.data ?? []).filter((type) => type.active);
  const chosen = active.find((type) => type.id === form.typeId);

  async function send(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!form.typeId) found.typeId = t('leave.typeRequired');
    if (!form.from) found.from = t('leave.fromRequired');
    if (!form.halfDay && !form.to) found.to = t('leave.toRequired');
    else if (!form.halfDay && form.to < form.from) found.to = t('leave.toBeforeFrom');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await coreApi.askLeave({
        typeId: form.typeId,
        from: form.from,
        to,
        ...(form.halfDay ? { halfDay: true } : {}),
        ...(form.note.trim() ? { note: form.note.trim() } : {}),
      });
      if (res.ok) {
        const notAttached = document ? await sendDocument(res.body.data.id, document) : null;
        setForm(empty);
        setDocument(null);
        setPicked((n) => n + 1);
        setMessage(
          notAttached
            ? { kind: 'error', text: t('leaveDocument.notAttached', { error: notAttached }) }
            : { kind: 'success', text: t('leave.sent') },
        );
        await Promise.all([refreshLeave(), refreshApi('/api/core/leave/balances/me')]);
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  const q = quote.data?.data;
  return (
    <section aria-labelledby="leave-ask">
      <h2 id="leave-ask">{t('leave.askTitle')}</h2>
      <form onSubmit={send} noValidate className="hr-form">
        <SelectField
          label={t('leave.type')}
          required
          value={form.typeId}
          error={errors.typeId}
          onChange={set('typeId')}
          options={[
            { value: '', label: t('leave.chooseType') },
            ...active.map((type) => ({ value: type.id, label: nameOf(type.names) })),
          ]}
        />
        <TextField
          label={t('leave.from')}
          type="date"
          required
          value={form.from}
          error={errors.from}
          onChange={set('from')}
        />
        <label className="hr-check" htmlFor={halfId}>
          <input
            id={halfId}
            type="checkbox"
            checked={form.halfDay}
            onChange={(e) => setForm((f) => ({ ...f, halfDay: e.target.checked }))}
          />{' '}
          {t('leave.halfDay')}
        </label>
        {!form.halfDay && (
          <TextField
            label={t('leave.to')}
            type="date"
            required
            value={form.to}
            error={errors.to}
            onChange={set('to')}
          />
        )}
        <TextField label={t('leave.note')} maxLength={500} value={form.note} onChange={set('note')} />
        {chosen && chosen.documentsAfterDays !== null && (
          <LeaveDocumentChoice key={picked} needed={Boolean(q?.documentRequired)} onChoose={setDocument} />
        )}
        <div aria-live="polite">
          {quote.loading && <Spinner label={t('leave.counting')} />}
          {quote.error && <Alert kind="error">{failure(quote.error)}</Alert>}
          {q && (
            <p>
              {t('leave.quoteDays', { days: q.days })}
              {q.balanceBefore !== null &&
                ` ${t('leave.quoteBalance', { before: q.balanceBefore, after: q.balanceAfter })}`}
              {q.halfPayDays > 0 && ` ${t('leave.quoteHalfPay', { days: q.halfPayDays })}`}
              {q.documentRequired && chosen?.documentsRequired && (
                <> {t('leave.quoteDocument', { document: chosen.documentsRequired })}</>
              )}
            </p>
          )}
        </div>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('leave.send')}
        </Button>
      </form>
    </section>
  );
}

/** A request's line: who (when not one's own), the kind, the days, the status and the reason given. */
function RequestLine({ request: r, showName }: { request: LeaveRequest; showName: boolean }) {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  const date = useDateFormat('UTC');
  const when = r.from === r.to ? date(r.from) : t('leave.span', { from: date(r.from), to: date(r.to) });
  return (
    <>
      {showName && <strong>{r.personName} · </strong>}
      {nameOf(r.typeName)} · {when} · {t(r.halfDay ? 'leave.halfDayCount' : 'leave.days', { days: r.days })} ·{' '}
      <span
        className={
          r.status === 'approved' ? 'hr-cleared' : r.status === 'declined' ? 'hr-not-cleared' : undefined
        }
      >
        {t(`leave.status.${r.status}`)}
      </span>
      {r.decisionReason && <> · {r.decisionReason}</>}
    </>
  );
}

function MyRequests() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.leaveRequests(page, 'mine'));
  const [error, setError] = useState<string | null>(null);

  async function cancel(id: string) {
    setError(null);
    try {
      const res = await coreApi.cancelLeave(id);
      if (res.ok) await Promise.all([refreshLeave(), refreshApi('/api/core/leave/balances/me')]);
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <section aria-labelledby="leave-mine">
      <h2 id="leave-mine">{t('leave.myRequests')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('leave.noRequests')}</p>}
      {error && <Alert kind="error">{error}</Alert>}
      <ul className="hr-list">
        {list.items.map((r) => (
          <li key={r.id}>
            <RequestLine request={r} showName={false} />
            {r.status === 'pending' && (
              <>
                {' '}
                <Button variant="secondary" onClick={() => void cancel(r.id)}>
                  {t('leave.cancel')}
                </Button>
              </>
            )}
            <MyLeaveDocument request={r} />
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** Requests waiting in one's scope, each approved or declined with a reason; one's own is not listed. */
function ToDecide() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const me = useApiQuery(coreApi.myRecord());
  const list = useApiPages((page) => coreApi.leaveRequests(page, 'pending'));
  const mine = me.data?.data.id;
  const waiting = list.items.filter((r) => r.staffId !== mine);
  return (
    <section className="card" aria-labelledby="leave-decide">
      <h2 id="leave-decide">{t('leave.decideTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && waiting.length === 0 && <p>{t('leave.noneWaiting')}</p>}
      <ul className="hr-list">
        {waiting.map((r) => (
          <Decision key={r.id} request={r} />
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

function Decision({ request: r }: { request: LeaveRequest }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const { isHr } = useOrgRole();
  const [waive, setWaive] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function decide(status: 'approved' | 'declined') {
    setError(null);
    setReasonError(undefined);
    if (status === 'declined' && reason.trim().length < 2) {
      setReasonError(t('leave.reasonRequired'));
      return;
    }
    const withoutDocument = status === 'approved' && waive && r.documentRequired && !r.document;
    if (withoutDocument && reason.trim().length < 2) {
      setReasonError(t('serverErrors.core.leave_document_waiver_reason'));
      return;
    }
    setBusy(true);
    try {
      const res = await coreApi.decideLeave(r.id, {
        status,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(withoutDocument ? { withoutDocument } : {}),
      });
      if (res.ok) await refreshLeave();
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <li>
      <RequestLine request={r} showName />
      {r.note && <> · “{r.note}”</>}
      <LeaveDocumentStatus request={r} withName />
      <DocumentWaiver request={r} isHr={isHr} waive={waive} onWaive={setWaive} />
      <div className="hr-actions">
        <TextField
          label={t('leave.reason', { name: r.personName })}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button
          loading={busy}
          onClick={() => void decide('approved')}
          aria-label={t('leave.approveFor', { name: r.personName })}
        >
          {t('leave.approve')}
        </Button>
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void decide('declined')}
          aria-label={t('leave.declineFor', { name: r.personName })}
        >
          {t('leave.decline')}
        </Button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
    </li>
  );
}

/** Who is away today and in the next seven days, by department. */
function Away() {
  const { t } = useTranslation('core');
  // The organisation's today, once its time zone is known (one request, for the right days).
  const zone = useOrgTimeZone();
  return (
    <section className="card" aria-labelledby="leave-away">
      <h2 id="leave-away">{t('leave.awayTitle')}</h2>
      {!zone && <Spinner label={t('hrPage.loading')} />}
      {zone && (
        <>
          <AwayList heading={t('leave.awayToday')} from={dayIn(zone)} to={dayIn(zone)} />
          <AwayList heading={t('leave.awayWeek')} from={dayIn(zone, 1)} to={dayIn(zone, 7)} />
        </>
      )}
    </section>
  );
}

function AwayList({ heading, from, to }: { heading: string; from: string; to: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const places = useApiQuery(coreApi.places());
  const list = useApiPages((page) => coreApi.leaveAway(page, from, to));
  const id = useId();
  const departmentOf = (departmentId: string | null) =>
    places.data?.data.departments.find((d) => d.id === departmentId)?.name ?? t('leave.noDepartment');
  const groups = new Map<string, LeaveRequest[]>();
  for (const r of list.items) {
    const name = departmentOf(r.departmentId);
    groups.set(name, [...(groups.get(name) ?? []), r]);
  }
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('leave.nobodyAway')}</p>}
      {[...groups].map(([department, requests]) => (
        <div key={department}>
          <h4>{department}</h4>
          <ul className="hr-list">
            {requests.map((r) => (
              <li key={r.id}>
                <RequestLine request={r} showName />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** HR's public holidays of a year: the preset's, moved or removed, and days HR adds. */
function Holidays() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const language = useLanguage((s) => s.language);
  const date = useDateFormat('UTC');
  const thisYear = Number(useOrgDay()().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const list = useApiQuery(coreApi.holidays(year));
  const [form, setForm] = useState({ date: '', name: '' });
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function run(call: () => Promise<{ ok: boolean }>, done: string) {
    setMessage(null);
    try {
      const res = await call();
      if (res.ok) {
        setMessage({ kind: 'success', text: done });
        await refreshApi('/api/core/holidays');
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
  }

  function add(e: FormEvent) {
    e.preventDefault();
    if (!form.date || form.name.trim().length < 2) {
      setMessage({ kind: 'error', text: t('leave.holidayRequired') });
      return;
    }
    void run(
      () => coreApi.addHoliday({ date: form.date, name: form.name.trim() }),
      t('leave.holidayAdded'),
    ).then(() => setForm({ date: '', name: '' }));
  }

  const nameOf = (h: PublicHoliday) => h.name[language] ?? h.name.en;
  return (
    <section className="card" aria-labelledby="leave-holidays">
      <h2 id="leave-holidays">{t('leave.holidaysTitle')}</h2>
      <SelectField
        label={t('leave.year')}
        value={String(year)}
        options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({ value: String(y), label: String(y) }))}
        onChange={(e) => setYear(Number(e.target.value))}
      />
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && list.data.data.length === 0 && <p>{t('leave.noHolidays')}</p>}
      <ul className="hr-list">
        {(list.data?.data ?? []).map((h) => (
          <li key={h.id}>
            {date(h.date)} · {nameOf(h)}{' '}
            <Button
              variant="secondary"
              aria-label={t('leave.removeHoliday', { name: nameOf(h) })}
              onClick={() => void run(() => coreApi.removeHoliday(h.id), t('leave.holidayRemoved'))}
            >
              {t('leave.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} noValidate className="hr-form" aria-labelledby="leave-holiday-add">
        <h3 id="leave-holiday-add">{t('leave.addHoliday')}</h3>
        <TextField
          label={t('leave.holidayDate')}
          type="date"
          value={form.date}
          onChange={(e) => setForm((f) => ({ ...f, date: e.target.value }))}
        />
        <TextField
          label={t('leave.holidayName')}
          maxLength={80}
          value={form.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
        <Button type="submit">{t('leave.addHolidayButton')}</Button>
      </form>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </section>
  );
}
