import './texts';
import { useState } from 'react';
import type { CalendarPerson } from '@platform/svc-core/contract';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useLanguage, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  SelectField,
  Spinner,
  useDateFormat,
  useMediaQuery,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useOrgRole, useOrgTimeZone } from './hr-access';
import '../shared/core.css';

/** The grid fits from this width; narrower, the calendar is a list of days. */
const WIDE = '(min-width: 760px)';
type View = 'week' | 'month';

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(utc(day) + n * DAY_MS);
/** The week (Monday to Sunday) or the month holding `day`. */
function rangeOf(view: View, day: string): { from: string; to: string } {
  if (view === 'week') {
    const monday = addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  const from = `${day.slice(0, 8)}01`;
  const next = new Date(utc(from));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(dayOf(next.getTime()), -1) };
}
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
};
/** The same day a week or a month on (or back). */
function step(view: View, day: string, by: 1 | -1) {
  if (view === 'week') return addDays(day, 7 * by);
  const d = new Date(utc(`${day.slice(0, 8)}01`));
  d.setUTCMonth(d.getUTCMonth() + by);
  return dayOf(d.getTime());
}

/**
 * `/hr/calendar`: the team calendar for HR (every department) and managers (theirs): each person's shifts
 * and approved leave by week or month, who is away today and in the next seven days. The service decides
 * whom each sees; people come a page at a time.
 */
export default function CalendarPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('calendar.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  const zone = useOrgTimeZone();
  const places = useApiQuery(coreApi.places());
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState('');
  if (!user) return <Navigate to={loginPath('/hr/calendar')} replace />;
  const today = zone ? new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()) : null;
  const oversees = isHr || role === 'manager';
  const day = anchor ?? today;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('calendar.title')}</h1>
      {(role === undefined || !day) && <Spinner label={t('hrPage.loading')} />}
      {role !== undefined && !oversees && <p>{t('calendar.forManagers')}</p>}
      {oversees && day && today && (
        <>
          <div className="hr-form" role="group" aria-label={t('calendar.controls')}>
            <SelectField
              label={t('rosters.department')}
              value={departmentId}
              onChange={(e) => setDepartmentId(e.target.value)}
              options={[
                { value: '', label: t('calendar.allDepartments') },
                ...(places.data?.data.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
              ]}
            />
            <div className="row hr-actions">
              {(['week', 'month'] as const).map((v) => (
                <Button
                  key={v}
                  variant={view === v ? 'primary' : 'secondary'}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {t(`calendar.${v}`)}
                </Button>
              ))}
            </div>
            <div className="row hr-actions">
              <Button variant="secondary" onClick={() => setAnchor(step(view, day, -1))}>
                {t(`calendar.previous.${view}`)}
              </Button>
              <Button variant="secondary" onClick={() => setAnchor(null)}>
                {t('calendar.today')}
              </Button>
              <Button variant="secondary" onClick={() => setAnchor(step(view, day, 1))}>
                {t(`calendar.next.${view}`)}
              </Button>
            </div>
          </div>
          <Away title={t('calendar.awayToday')} from={today} to={today} departmentId={departmentId} />
          <Away
            title={t('calendar.awayNextWeek')}
            from={addDays(today, 1)}
            to={addDays(today, 7)}
            departmentId={departmentId}
          />
          <Calendar {...rangeOf(view, day)} departmentId={departmentId} />
        </>
      )}
    </div>
  );
}

/** Approved leave overlapping some days, within the department chosen and one's scope. */
function Away({
  title,
  from,
  to,
  departmentId,
}: {
  title: string;
  from: string;
  to: string;
  departmentId: string;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const language = useLanguage((s) => s.language);
  const list = useApiPages((page) => coreApi.leaveAway(page, from, to, departmentId));
  const id = `away-${from}-${to}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('calendar.nobodyAway')}</p>}
      <ul className="hr-list">
        {list.items.map((r) => (
          <li key={r.id}>
            <strong>{r.personName}</strong> · {r.typeName[language] ?? r.typeName.en} ·{' '}
            {t('leave.span', { from: date(r.from), to: date(r.to) })}
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** What a person has on a day: their shifts (a draft's said so) and their leave. */
function useDayOf() {
  const { t } = useTranslation('core');
  const language = useLanguage((s) => s.language);
  return (p: CalendarPerson, day: string): string[] => [
    ...p.shifts
      .filter((s) => s.day === day)
      .map(
        (s) => `${s.shiftName} ${s.startsAt}–${s.endsAt}${s.published ? '' : ` (${t('calendar.draft')})`}`,
      ),
    ...p.leave
      .filter((l) => l.from <= day && day <= l.to)
      .map((l) => t('calendar.away', { type: l.typeName[language] ?? l.typeName.en })),
  ];
}

/** The people and their days: a table from 760 px, a list of days below. */
function Calendar({ from, to, departmentId }: { from: string; to: string; departmentId: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const wide = useMediaQuery(WIDE);
  const list = useApiPages((page) => coreApi.calendar({ from, to, departmentId }, page));
  const days = daysOf(from, to);
  const on = useDayOf();
  const title = t('calendar.rangeTitle', { from: date(from), to: date(to) });
  return (
    <section className="card" aria-labelledby="calendar-range">
      <h2 id="calendar-range">{title}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('calendar.nobody')}</p>}
      {list.items.length > 0 &&
        (wide ? (
          <div className="table-wrap" role="region" aria-label={title} tabIndex={0}>
            <table className="table">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rosters.person')}</th>
                  {days.map((d) => (
                    <th scope="col" key={d}>
                      {date(d)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.items.map((p) => (
                  <tr key={p.staffId}>
                    <th scope="row">
                      {p.name}
                      {p.departmentName && <> · {p.departmentName}</>}
                    </th>
                    {days.map((d) => (
                      <td key={d}>{on(p, d).join(' · ')}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          days.map((d) => {
            const busy = list.items.map((p) => ({ p, what: on(p, d) })).filter((x) => x.what.length > 0);
            return (
              <section key={d} aria-label={date(d)}>
                <h3>{date(d)}</h3>
                {busy.length === 0 ? (
                  <p>{t('calendar.nothing')}</p>
                ) : (
                  <ul className="hr-list">
                    {busy.map(({ p, what }) => (
                      <li key={p.staffId}>
                        <strong>{p.name}</strong> · {what.join(' · ')}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })
        ))}
      {list.hasMore && <Button onClick={list.loadMore}>{t('calendar.morePeople')}</Button>}
    </section>
  );
}
