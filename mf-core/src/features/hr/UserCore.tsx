import './texts';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { useLanguage } from '@platform/shell-state';
import { Alert, Spinner, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { dayIn, useFailure, useOrgTimeZone } from './hr-access';
import { MyTasks } from './MyTasks';
import { PulseSurveys } from './PulseSurveys';
import { ShiftSwap } from './ShiftSwap';
import '../shared/core.css';

const SHIFTS_SHOWN = 5;

/** The day in `timeZone` (the organisation's), and this month's first. */

/**
 * Core's widget on the professional's /userdashboard: the wellness surveys they are asked to answer, their
 * open tasks from HR workflows (when there are some), their
 * next shifts (each to offer for swap; the clock and the swaps page), their leave balances and this month's
 * timesheet. Only for someone with a staff record in an organisation with Core:
 * anyone else (no organisation, no record, a plan without Core) sees nothing of it.
 */
export default function UserCore() {
  const record = useApiQuery(coreApi.myRecord());
  const zone = useOrgTimeZone();
  if (!record.data || !zone) return null;
  return (
    <div className="stack user-core">
      <PulseSurveys />
      <MyTasks quiet />
      <MyShifts zone={zone} />
      <MyLeave />
      <MyTimesheet zone={zone} />
    </div>
  );
}

function MyShifts({ zone }: { zone: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const today = dayIn(zone);
  const shifts = useApiPages((page) => coreApi.myShifts(page, today));
  return (
    <section className="card" aria-labelledby="core-my-shifts">
      <h2 id="core-my-shifts">{t('userCore.shifts')}</h2>
      {shifts.loading && <Spinner label={t('hrPage.loading')} />}
      {shifts.error && <Alert kind="error">{failure(shifts.error)}</Alert>}
      {!shifts.loading && !shifts.error && shifts.items.length === 0 && <p>{t('rosters.noShifts')}</p>}
      {shifts.items.length > 0 && (
        <ul className="hr-list">
          {shifts.items.slice(0, SHIFTS_SHOWN).map((s) => (
            <li key={s.id}>
              <strong>{date(s.day)}</strong> · {s.shiftName} ({s.startsAt}–{s.endsAt}) · {s.departmentName}
              <ShiftSwap shift={s} />
            </li>
          ))}
        </ul>
      )}
      <p className="row">
        <Link to="/hr/clock">{t('hrPage.clockLink')}</Link>
        <Link to="/hr/rosters">{t('userCore.allShifts')}</Link>
        <Link to="/hr/swaps">{t('swaps.link')}</Link>
      </p>
    </section>
  );
}

function MyLeave() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const language = useLanguage((s) => s.language);
  const balances = useApiQuery(coreApi.myLeaveBalances());
  const shown = (balances.data?.data ?? []).filter((b) => b.available !== null).slice(0, 3);
  return (
    <section className="card" aria-labelledby="core-my-leave">
      <h2 id="core-my-leave">{t('userCore.leave')}</h2>
      {balances.loading && <Spinner label={t('hrPage.loading')} />}
      {balances.error && <Alert kind="error">{failure(balances.error)}</Alert>}
      {shown.length > 0 && (
        <ul className="hr-list">
          {shown.map((b) => (
            <li key={b.typeId}>
              <strong>{b.typeName[language] ?? b.typeName.en}</strong> ·{' '}
              {t('leave.available', { days: b.available })}
              {b.pending > 0 && <> · {t('userCore.pending', { days: b.pending })}</>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/hr/leave">{t('userCore.askLeave')}</Link>
      </p>
    </section>
  );
}

function MyTimesheet({ zone }: { zone: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const today = dayIn(zone);
  const period = { from: `${today.slice(0, 8)}01`, to: today };
  const sheets = useApiQuery(coreApi.timesheets(period, 1, 1));
  const mine = sheets.data?.data[0];
  return (
    <section className="card" aria-labelledby="core-my-timesheet">
      <h2 id="core-my-timesheet">{t('userCore.timesheet')}</h2>
      {sheets.loading && <Spinner label={t('hrPage.loading')} />}
      {sheets.error && <Alert kind="error">{failure(sheets.error)}</Alert>}
      {mine && (
        <>
          <p>
            {t('userCore.hoursThisMonth', {
              total: mine.totals.total,
              regular: mine.totals.regular,
              night: mine.totals.night,
              overtime: mine.totals.overtime,
            })}
          </p>
          <p>
            {t('timesheets.counts', {
              shifts: mine.totals.shifts,
              late: mine.totals.late,
              missed: mine.totals.missed,
              unscheduled: mine.totals.unscheduled,
            })}
          </p>
          <p>{mine.approval ? t('userCore.approved') : t('timesheets.notApproved')}</p>
        </>
      )}
      <p>
        <Link to="/hr/timesheets">{t('userCore.allTimesheets')}</Link>
      </p>
    </section>
  );
}
