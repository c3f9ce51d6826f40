import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { ClockEntryLine } from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, Modal, ModalCancel, Pager, Spinner, TextField, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';
import { instantIn } from './wall-clock';

const PAGE_SIZE = 20;

/**
 * One person's clock entries over a period (their own without `staffId`), times on the organisation's
 * clock, with the period's totals; their manager or HR corrects an entry in a dialog (times and why), after
 * which the entries and the timesheets are read again. The service decides who sees and corrects what.
 */
export function PersonEntries({ staffId, from, to }: { staffId?: string; from: string; to: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const list = useApiQuery(coreApi.clockEntries({ staffId, from, to }, page, PAGE_SIZE));
  const [editing, setEditing] = useState<ClockEntryLine | null>(null);
  const found = list.data;
  const total = found?.pageInfo.total ?? 0;
  return (
    <section className="clock-entries" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('clockEntries.title', { from, to })}</h4>
      {list.loading && !found && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {found && (
        <p>
          {t('clockEntries.totals', {
            total: found.timesheet.totals.total,
            overtime: found.timesheet.totals.overtime,
            late: found.timesheet.totals.late,
            missed: found.timesheet.totals.missed,
          })}
        </p>
      )}
      {found && total === 0 && <p>{t('clockEntries.none')}</p>}
      <ul className="hr-list">
        {found?.data.map((entry) => (
          <li key={entry.id}>
            <EntryLine entry={entry} />
            {found.canCorrect && !entry.locked && (
              <Button
                variant="secondary"
                aria-label={t('clockEntries.correctOne', {
                  day: entry.clockInLocal.day,
                  time: entry.clockInLocal.time,
                })}
                onClick={() => setEditing(entry)}
              >
                {t('clockEntries.correct')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && (
        <Pager
          page={page}
          pages={Math.ceil(total / PAGE_SIZE)}
          onPage={setPage}
          label={t('clockEntries.pages')}
        />
      )}
      {editing && found && (
        <Correction entry={editing} zone={found.timeZone} onDone={() => setEditing(null)} />
      )}
    </section>
  );
}

/** An entry: in and out on the organisation's clock, its shift, late, a missed clock-out, a correction. */
function EntryLine({ entry }: { entry: ClockEntryLine }) {
  const { t } = useTranslation('core');
  const at = (w: { day: string; time: string }) => `${w.day} ${w.time}`;
  return (
    <p>
      <strong>
        {entry.clockOutLocal
          ? t('clockEntries.span', { from: at(entry.clockInLocal), to: at(entry.clockOutLocal) })
          : t('clockEntries.openSince', { from: at(entry.clockInLocal) })}
      </strong>
      {' · '}
      {entry.shift ? entry.shift.name : t('clock.unscheduled')}
      {entry.late && <> · {t('clock.late', { count: entry.minutesLate })}</>}
      {entry.missedClockOut && <> · {t('clockEntries.missedClockOut')}</>}
      {entry.correctedBy !== null && (
        <>
          {' · '}
          {t('clockEntries.correctedBy', { name: entry.correctedBy, reason: entry.correctionReason ?? '' })}
        </>
      )}
      {entry.locked && <> · {t('clockEntries.locked')}</>}
    </p>
  );
}

/** The correction dialog: the times on the organisation's clock, and why (required). */
function Correction({ entry, zone, onDone }: { entry: ClockEntryLine; zone: string; onDone(): void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const local = (w: { day: string; time: string } | null) => (w ? `${w.day}T${w.time}` : '');
  const [clockIn, setClockIn] = useState(local(entry.clockInLocal));
  const [clockOut, setClockOut] = useState(local(entry.clockOutLocal));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ clockIn?: string; clockOut?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty =
    reason !== '' || clockIn !== local(entry.clockInLocal) || clockOut !== local(entry.clockOutLocal);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!clockIn) found.clockIn = t('timesheets.timeRequired');
    if (!clockOut) found.clockOut = t('timesheets.timeRequired');
    else if (clockIn && clockOut <= clockIn) found.clockOut = t('clockEntries.outBeforeIn');
    if (reason.trim().length < 3) found.reason = t('timesheets.reasonRequired');
    setErrors(found);
    setError(null);
    if (found.clockIn || found.clockOut || found.reason) return;
    setBusy(true);
    try {
      const res = await coreApi.correctClockEntry(entry.id, {
        clockIn: instantIn(clockIn, zone),
        clockOut: instantIn(clockOut, zone),
        reason: reason.trim(),
      });
      if (res.ok) {
        await Promise.all([refreshApi('/api/core/clock/entries'), refreshApi('/api/core/timesheets')]);
        setBusy(false);
        onDone();
        return;
      }
      setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <Modal open onClose={onDone} title={t('clockEntries.dialogTitle')} dirty={dirty}>
      <form onSubmit={save} noValidate className="clock-correction">
        <p>{t('clockEntries.zone', { zone })}</p>
        <TextField
          type="datetime-local"
          label={t('clockEntries.clockIn')}
          value={clockIn}
          error={errors.clockIn}
          onChange={(e) => setClockIn(e.target.value)}
        />
        <TextField
          type="datetime-local"
          label={t('timesheets.clockOutAt')}
          value={clockOut}
          error={errors.clockOut}
          onChange={(e) => setClockOut(e.target.value)}
        />
        <TextField
          label={t('timesheets.why')}
          value={reason}
          maxLength={300}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <div className="row confirm-actions">
          <ModalCancel>{t('clockEntries.cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t('clockEntries.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
