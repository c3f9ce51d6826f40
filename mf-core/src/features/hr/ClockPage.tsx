import './texts';
import { useState, type FormEvent } from 'react';
import type { ClockEntry, ClockShift } from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, Navigate, useLocation, useSearchParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  Spinner,
  TextField,
  useDateTimeFormat,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';
import { PersonEntries } from './ClockEntries';
import '../shared/core.css';

/** Refusals about the ward's code, shown at the code's field. */
const CODE_ERRORS = ['core.clock_code_required', 'core.clock_code_wrong'];

/**
 * `/hr/clock`: a member clocks in and out from their phone. It shows their state, the shift a clock-in
 * now is for (times on the organisation's clock), and, where the ward asks for it, the ward's code: typed,
 * or filled in by opening the address its printed QR code holds (`/hr/clock?code=…`) with the phone's
 * camera. The service matches the shift, flags lateness and checks the code.
 */
export default function ClockPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('clock.title'));
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user) return <Navigate to={loginPath(`/hr/clock${location.search}`)} replace />;
  return (
    <div className="container section hr-page hr-clock">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('clock.title')}</h1>
      <Clock />
    </div>
  );
}

function Clock() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [params] = useSearchParams();
  const mine = useApiQuery(coreApi.myClock());
  const [code, setCode] = useState(params.get('code') ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = mine.data?.data.timeZone;
  const time = useDateTimeFormat({ timeStyle: 'short' }, zone);

  if (mine.loading && !mine.data) return <Spinner label={t('hrPage.loading')} />;
  if (!mine.data) return mine.error ? <Alert kind="error">{failure(mine.error)}</Alert> : null;
  const state = mine.data.data;
  const action = state.state === 'in' ? 'out' : 'in';
  const asksCode = action === 'in' && state.codeRequired;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setCodeError(null);
    setDone(null);
    if (asksCode && !code.trim()) return setCodeError(t('clock.codeMissing'));
    setBusy(true);
    try {
      const res = await coreApi.clock({ action, ...(asksCode && { qr: code.trim() }) });
      if (res.ok) {
        const now = res.body.data;
        setDone(
          action === 'in'
            ? t('clock.clockedIn', { time: time(now.open!.clockIn) })
            : t('clock.clockedOut', { time: time(now.entries[0]?.clockOut ?? new Date().toISOString()) }),
        );
        setCode('');
        await refreshApi('/api/core/clock/me');
      } else if (CODE_ERRORS.includes((res.body as { code?: string }).code ?? '')) setCodeError(failure(res));
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <>
      <section className="card clock-card" aria-labelledby="clock-state">
        <h2 id="clock-state">
          {state.open ? t('clock.isIn', { time: time(state.open.clockIn) }) : t('clock.isOut')}
        </h2>
        {state.open?.late && (
          <p className="clock-late">{t('clock.late', { count: state.open.minutesLate })}</p>
        )}
        <ShiftLine shift={state.open?.shift ?? state.shift} zone={state.timeZone} />
        <form onSubmit={submit} noValidate className="clock-form">
          {asksCode && (
            <TextField
              label={t('clock.code')}
              hint={t('clock.codeHint')}
              value={code}
              error={codeError ?? undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
          <Button type="submit" loading={busy} className="clock-button">
            {action === 'in' ? t('clock.clockIn') : t('clock.clockOut')}
          </Button>
        </form>
        {done && <Alert kind="success">{done}</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
      </section>
      <Entries entries={state.entries} zone={state.timeZone} />
      <MyMonth today={state.today} />
    </>
  );
}

/** The shift a clock-in is for, on the organisation's clock; or that there is none near. */
function ShiftLine({ shift, zone }: { shift: ClockShift | null; zone: string }) {
  const { t } = useTranslation('core');
  const when = useDateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long' }, zone);
  const time = useDateTimeFormat({ timeStyle: 'short' }, zone);
  if (!shift) return <p>{t('clock.noShift')}</p>;
  return (
    <p className="clock-shift">
      {t('clock.shift', {
        name: shift.name,
        ward: shift.departmentName,
        day: when(shift.start),
        from: time(shift.start),
        to: time(shift.end),
      })}
    </p>
  );
}

/** The caller's own entries this month (the organisation's calendar), as their manager corrects them. */
function MyMonth({ today }: { today: string }) {
  const { t } = useTranslation('core');
  return (
    <section className="card" aria-labelledby="clock-month">
      <h2 id="clock-month">{t('clockEntries.myMonth')}</h2>
      <PersonEntries from={`${today.slice(0, 8)}01`} to={today} />
    </section>
  );
}

/** The last day's entries, the latest first. */
function Entries({ entries, zone }: { entries: ClockEntry[]; zone: string }) {
  const { t } = useTranslation('core');
  const time = useDateTimeFormat({ timeStyle: 'short' }, zone);
  return (
    <section className="card" aria-labelledby="clock-entries">
      <h2 id="clock-entries">{t('clock.entriesTitle')}</h2>
      {entries.length === 0 ? (
        <p>{t('clock.noEntries')}</p>
      ) : (
        <ul className="hr-list">
          {entries.map((e) => (
            <li key={e.id}>
              <strong>
                {e.clockOut
                  ? t('clock.entry', { from: time(e.clockIn), to: time(e.clockOut) })
                  : t('clock.entryOpen', { from: time(e.clockIn) })}
              </strong>
              {' · '}
              {e.shift ? e.shift.name : t('clock.unscheduled')}
              {e.late && <> · {t('clock.late', { count: e.minutesLate })}</>}
              {e.correctionReason && <> · {t('clock.corrected', { reason: e.correctionReason })}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
