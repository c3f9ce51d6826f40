import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { Roster, RosterAssignment, ShiftTemplate } from '@platform/svc-core/contract';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  SelectField,
  Spinner,
  TextField,
  useDateFormat,
  useMediaQuery,
  useRouteMeta,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useOrgDay, useOrgRole, useSubmit } from './hr-access';
import { WardClockCode } from './WardClockCode';
import { ShiftSwap } from './ShiftSwap';
import '../shared/core.css';

/** The professions a shift may need, as the API names them (the Clinic account is none). */
const STAFF_PROFESSIONS = [
  'Nurse',
  'Clinical Officer',
  'Doctor',
  'Pharmacist',
  'Laboratory Technologist',
  'Other',
] as const;
/** The grid fits from this width; narrower, the roster is a list of days. */
const WIDE = '(min-width: 760px)';

/**
 * `/hr/rosters`: every member sees their own published shifts; HR and managers set a department's shifts
 * and minimum staffing, make a roster for some weeks, assign people by hand (each rule an assignment breaks
 * shown beside it, kept only with a reason), fill it with the suggestion and publish it. The service
 * decides what each may see and do.
 */
export default function RostersPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('rosters.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  const [open, setOpen] = useState<string | null>(null);
  if (!user) return <Navigate to={loginPath('/hr/rosters')} replace />;
  const makes = isHr || role === 'manager';
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('rosters.title')}</h1>
      {role === undefined && <Spinner label={t('hrPage.loading')} />}
      {role !== undefined && role !== 'owner' && <MyShifts />}
      {makes && (
        <p>
          <Link to="/hr/swaps">{t('swaps.decideLink')}</Link>
        </p>
      )}
      {makes && <FatigueLimits canChange={isHr} />}
      {makes && <Shifts />}
      {makes && <WardClockCode />}
      {makes && <Rosters onOpen={setOpen} />}
      {makes && open && <RosterView id={open} />}
    </div>
  );
}

/**
 * The organisation's fatigue limits, by which every roster flags people: HR changes them, a manager reads
 * them.
 */
function FatigueLimits({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation('core');
  const org = useApiQuery(coreApi.organisation());
  const limits = org.data?.data.fatigue;
  const [form, setForm] = useState<{ nights: string; rest: string } | null>(null);
  const { submit, busy, message } = useSubmit();
  if (!limits) return null;
  const values = form ?? { nights: String(limits.maxConsecutiveNights), rest: String(limits.minRestDays) };

  function save(e: FormEvent) {
    e.preventDefault();
    void submit(
      () =>
        coreApi.configureOrganisation({
          fatigue: { maxConsecutiveNights: Number(values.nights), minRestDays: Number(values.rest) },
        }),
      {
        success: t('rosters.limitsSaved'),
        refresh: ['/api/core/organisation', '/api/core/rosters/'],
        // The fields show the saved limits once they have loaded again.
        done: () => setForm(null),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="roster-limits">
      <h2 id="roster-limits">{t('rosters.limitsTitle')}</h2>
      <ul className="hr-list">
        <li>{t('rosters.limitsNights', { count: limits.maxConsecutiveNights })}</li>
        <li>{t('rosters.limitsRest', { count: limits.minRestDays })}</li>
      </ul>
      {canChange && (
        <form onSubmit={save} noValidate className="hr-form" aria-labelledby="roster-limits">
          <SelectField
            label={t('rosters.limitNightsLabel')}
            value={values.nights}
            onChange={(e) => setForm({ ...values, nights: e.target.value })}
            options={['1', '2', '3', '4', '5', '6', '7'].map((n) => ({ value: n, label: n }))}
          />
          <SelectField
            label={t('rosters.limitRestLabel')}
            value={values.rest}
            onChange={(e) => setForm({ ...values, rest: e.target.value })}
            options={['1', '2', '3'].map((n) => ({ value: n, label: n }))}
          />
          <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
          <Button type="submit" loading={busy}>
            {t('rosters.limitsSave')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** One's shifts on published rosters, from today. */
function MyShifts() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const today = useOrgDay()();
  const list = useApiPages((page) => coreApi.myShifts(page, today));
  return (
    <section className="card" aria-labelledby="my-shifts">
      <h2 id="my-shifts">{t('rosters.mineTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('rosters.noShifts')}</p>}
      <ul className="hr-list">
        {list.items.map((s) => (
          <li key={s.id}>
            <strong>{date(s.day)}</strong> · {s.shiftName} ({s.startsAt}–{s.endsAt}) · {s.departmentName}
            <ShiftSwap shift={s} />
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
      <p>
        <Link to="/hr/swaps">{t('swaps.link')}</Link>
      </p>
    </section>
  );
}

/** The departments to choose from, as `<select>` options. */
function useDepartments() {
  const places = useApiQuery(coreApi.places());
  return places.data?.data.departments ?? [];
}

/** A department's shifts and the form adding one with its minimum staffing. */
function Shifts() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const departments = useDepartments();
  const [departmentId, setDepartmentId] = useState('');
  const chosen = departmentId || departments[0]?.id || '';
  const list = useApiQuery(chosen ? coreApi.shiftTemplates(chosen) : null);
  const empty = { name: '', startsAt: '', endsAt: '', clinical: true };
  const [form, setForm] = useState(empty);
  const [minimums, setMinimums] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<'name' | 'startsAt' | 'endsAt', string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const clinicalId = useId();
  const set = (key: 'name' | 'startsAt' | 'endsAt') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function add(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!form.name.trim()) found.name = t('rosters.nameRequired');
    if (!form.startsAt) found.startsAt = t('rosters.timeRequired');
    if (!form.endsAt) found.endsAt = t('rosters.timeRequired');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0 || !chosen) return;
    void submit(
      () =>
        coreApi.addShiftTemplate({
          departmentId: chosen,
          name: form.name.trim(),
          startsAt: form.startsAt,
          endsAt: form.endsAt,
          clinical: form.clinical,
          minimumStaffing: STAFF_PROFESSIONS.filter((p) => Number(minimums[p]) > 0).map((p) => ({
            profession: p,
            count: Number(minimums[p]),
          })),
        }),
      {
        success: t('rosters.shiftAdded'),
        refresh: ['/api/core/shift-templates'],
        done: () => {
          setForm(empty);
          setMinimums({});
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="roster-shifts">
      <h2 id="roster-shifts">{t('rosters.shiftsTitle')}</h2>
      <SelectField
        label={t('rosters.department')}
        value={chosen}
        onChange={(e) => setDepartmentId(e.target.value)}
        options={departments.map((d) => ({ value: d.id, label: d.name }))}
      />
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && list.data.data.length === 0 && <p>{t('rosters.noShiftTemplates')}</p>}
      <ul className="hr-list" aria-label={t('rosters.shiftsTitle')}>
        {(list.data?.data ?? []).map((s) => (
          <li key={s.id}>
            <ShiftLabel shift={s} />
            {s.minimumStaffing.length > 0 && (
              <>
                {' · '}
                {t('rosters.needs', {
                  list: s.minimumStaffing
                    .map((m) => `${m.count} ${t(`rosters.profession.${m.profession}`)}`)
                    .join(', '),
                })}
              </>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={add} noValidate className="hr-form" aria-labelledby="roster-shift-add">
        <h3 id="roster-shift-add">{t('rosters.addShift')}</h3>
        <TextField
          label={t('rosters.shiftName')}
          required
          maxLength={60}
          value={form.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label={t('rosters.startsAt')}
          type="time"
          required
          value={form.startsAt}
          error={errors.startsAt}
          onChange={set('startsAt')}
        />
        <TextField
          label={t('rosters.endsAt')}
          type="time"
          required
          hint={t('rosters.endsNextDay')}
          value={form.endsAt}
          error={errors.endsAt}
          onChange={set('endsAt')}
        />
        <label className="hr-check" htmlFor={clinicalId}>
          <input
            id={clinicalId}
            type="checkbox"
            checked={form.clinical}
            onChange={(e) => setForm((f) => ({ ...f, clinical: e.target.checked }))}
          />{' '}
          {t('rosters.clinical')}
        </label>
        <fieldset>
          <legend>{t('rosters.minimumStaffing')}</legend>
          {STAFF_PROFESSIONS.map((p) => (
            <TextField
              key={p}
              label={t(`rosters.profession.${p}`)}
              type="number"
              min={0}
              max={50}
              inputMode="numeric"
              value={minimums[p] ?? ''}
              onChange={(e) => setMinimums((m) => ({ ...m, [p]: e.target.value }))}
            />
          ))}
        </fieldset>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('rosters.addShiftButton')}
        </Button>
      </form>
    </section>
  );
}

function ShiftLabel({ shift: s }: { shift: Pick<ShiftTemplate, 'name' | 'startsAt' | 'endsAt' | 'night'> }) {
  const { t } = useTranslation('core');
  return (
    <>
      <strong>{s.name}</strong> {s.startsAt}–{s.endsAt}
      {s.night && <> ({t('rosters.night')})</>}
    </>
  );
}

/** The rosters one makes (newest first) and the form making one for a department and some weeks. */
function Rosters({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const departments = useDepartments();
  const list = useApiPages((page) => coreApi.rosters(page));
  const [form, setForm] = useState({ departmentId: '', startsOn: '', weeks: '4' });
  const [errors, setErrors] = useState<Partial<Record<'startsOn', string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const departmentId = form.departmentId || departments[0]?.id || '';

  function create(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setErrors(form.startsOn ? {} : { startsOn: t('rosters.startRequired') });
    if (!form.startsOn || !departmentId) return;
    void submit(
      () => coreApi.createRoster({ departmentId, startsOn: form.startsOn, weeks: Number(form.weeks) }),
      { refresh: ['/api/core/rosters'], done: (res) => onOpen(res.body.data.id) },
    );
  }

  return (
    <section className="card" aria-labelledby="rosters-list">
      <h2 id="rosters-list">{t('rosters.listTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('rosters.noRosters')}</p>}
      <ul className="hr-list">
        {list.items.map((r) => (
          <li key={r.id}>
            <strong>{r.departmentName}</strong> ·{' '}
            {t('leave.span', { from: date(r.startsOn), to: date(r.endsOn) })} ·{' '}
            {t(`rosters.status.${r.status}`)}{' '}
            <Button
              variant="secondary"
              onClick={() => onOpen(r.id)}
              aria-label={t('rosters.openFor', { department: r.departmentName, from: date(r.startsOn) })}
            >
              {t('rosters.open')}
            </Button>
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
      <form onSubmit={create} noValidate className="hr-form" aria-labelledby="roster-new">
        <h3 id="roster-new">{t('rosters.newTitle')}</h3>
        <SelectField
          label={t('rosters.department')}
          value={departmentId}
          onChange={(e) => setForm((f) => ({ ...f, departmentId: e.target.value }))}
          options={departments.map((d) => ({ value: d.id, label: d.name }))}
        />
        <TextField
          label={t('rosters.startsOn')}
          type="date"
          required
          value={form.startsOn}
          error={errors.startsOn}
          onChange={(e) => setForm((f) => ({ ...f, startsOn: e.target.value }))}
        />
        <SelectField
          label={t('rosters.weeks')}
          value={form.weeks}
          onChange={(e) => setForm((f) => ({ ...f, weeks: e.target.value }))}
          options={['1', '2', '3', '4', '5', '6'].map((w) => ({
            value: w,
            label: t('rosters.weekCount', { count: Number(w) }),
          }))}
        />
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('rosters.create')}
        </Button>
      </form>
    </section>
  );
}

/** One roster: the grid (a list of days on a phone), the gaps, the hand assignment, fill and publish. */
function RosterView({ id }: { id: string }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const wide = useMediaQuery(WIDE);
  const query = useApiQuery(coreApi.roster(id));
  const { submit, busy, message } = useSubmit();
  const [acting, setActing] = useState<'fill' | 'publish' | null>(null);
  const roster = query.data?.data;
  if (query.loading && !roster) return <Spinner label={t('hrPage.loading')} />;
  if (query.error) return <Alert kind="error">{failure(query.error)}</Alert>;
  if (!roster) return null;
  const draft = roster.status === 'draft';

  function act(kind: 'fill' | 'publish') {
    setActing(kind);
    void submit(() => (kind === 'fill' ? coreApi.fillRoster(id) : coreApi.publishRoster(id)), {
      success: t(kind === 'fill' ? 'rosters.filled' : 'rosters.published'),
      refresh: [`/api/core/rosters/${id}`, '/api/core/rosters'],
    });
  }

  return (
    <section className="card" aria-labelledby="roster-open">
      <h2 id="roster-open">
        {t('rosters.rosterTitle', {
          department: roster.departmentName,
          from: date(roster.startsOn),
          to: date(roster.endsOn),
        })}
      </h2>
      <p>
        {t(`rosters.status.${roster.status}`)} ·{' '}
        {t('rosters.maxNights', { count: roster.maxConsecutiveNights })}
      </p>
      {draft && (
        <div className="row hr-actions">
          <Button loading={busy && acting === 'fill'} onClick={() => act('fill')}>
            {t('rosters.fill')}
          </Button>
          <Button variant="secondary" loading={busy && acting === 'publish'} onClick={() => act('publish')}>
            {t('rosters.publish')}
          </Button>
        </div>
      )}
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      <RuleSummary roster={roster} />
      <Gaps roster={roster} />
      {draft && <Assign roster={roster} />}
      {wide ? <Grid roster={roster} /> : <DayList roster={roster} />}
    </section>
  );
}

/** The rules a shift breaks, and why it is kept, beside it. */
function Violations({ assignment: a }: { assignment: RosterAssignment }) {
  const { t } = useTranslation('core');
  if (a.violations.length === 0) return null;
  return (
    <span className="hr-not-cleared">
      {' '}
      ⚠ {a.violations.map((v) => t(`rosters.rule.${v}`)).join(', ')}
      {a.keptReason && <> · {t('rosters.keptBecause', { reason: a.keptReason })}</>}
    </span>
  );
}

/** One assignment: the shift or the person, what it breaks, and (on a draft) its removal. */
function AssignmentLine({
  roster,
  assignment: a,
  label,
}: {
  roster: Roster;
  assignment: RosterAssignment;
  label: string;
}) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const { submit, message } = useSubmit();
  const person = roster.people.find((p) => p.staffId === a.staffId)?.name ?? '';
  const shift = roster.templates.find((s) => s.id === a.templateId)?.name ?? '';
  const remove = () =>
    submit(() => coreApi.unassignShift(roster.id, a.id), { refresh: [`/api/core/rosters/${roster.id}`] });

  return (
    <li>
      {label}
      <Violations assignment={a} />
      {roster.status === 'draft' && (
        <>
          {' '}
          <Button
            variant="secondary"
            onClick={() => void remove()}
            aria-label={t('rosters.removeFor', { name: person, shift, day: date(a.day) })}
          >
            {t('rosters.remove')}
          </Button>
        </>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </li>
  );
}

const daysOf = (roster: Roster) => {
  const days: string[] = [];
  const start = Date.parse(`${roster.startsOn}T00:00:00Z`);
  for (let i = 0; i < roster.weeks * 7; i++)
    days.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  return days;
};

/** Each shift and day below its minimum of a profession. */
function Gaps({ roster }: { roster: Roster }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const shiftName = (id: string) => roster.templates.find((s) => s.id === id)?.name ?? '';
  return (
    <section aria-labelledby="roster-gaps">
      <h3 id="roster-gaps">{t('rosters.gapsTitle')}</h3>
      {roster.gaps.length === 0 ? (
        <p>{t('rosters.noGaps')}</p>
      ) : (
        <ul className="hr-list">
          {roster.gaps.map((g) => (
            <li key={`${g.day}-${g.templateId}-${g.profession}`}>
              {date(g.day)} · {shiftName(g.templateId)} ·{' '}
              {t('rosters.gap', {
                missing: g.needed - g.assigned,
                profession: t(`rosters.profession.${g.profession}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A person's fatigue flags against the organisation's limits, for their row or line. */
function Fatigue({ roster, person: p }: { roster: Roster; person: Roster['people'][number] }) {
  const { t } = useTranslation('core');
  if (p.fatigue.length === 0) return null;
  const limits = roster.fatigueLimits;
  const words = p.fatigue.map((f) =>
    f === 'many-nights'
      ? t('rosters.fatigue.many-nights', { count: p.nightsInARow, max: limits.maxConsecutiveNights })
      : t('rosters.fatigue.few-rest-days', { count: p.fewestRestDays, min: limits.minRestDays }),
  );
  return <span className="hr-not-cleared"> ⚠ {words.join(', ')}</span>;
}

/** The roster's rule summary: how many assignments break each rule, shifts short, people flagged. */
function RuleSummary({ roster }: { roster: Roster }) {
  const { t } = useTranslation('core');
  const { rules, gaps, fatigue } = roster.summary;
  const lines = [
    ...Object.entries(rules)
      .filter(([, n]) => n > 0)
      .map(([rule, n]) => t('rosters.summaryRule', { count: n, rule: t(`rosters.rule.${rule}`) })),
    ...(gaps > 0 ? [t('rosters.summaryGaps', { count: gaps })] : []),
    ...Object.entries(fatigue)
      .filter(([, n]) => n > 0)
      .map(([reason, n]) =>
        t('rosters.summaryFatigue', { count: n, reason: t(`rosters.fatigueReason.${reason}`) }),
      ),
  ];
  return (
    <section aria-labelledby="roster-summary">
      <h3 id="roster-summary">{t('rosters.summaryTitle')}</h3>
      {lines.length === 0 ? (
        <p>{t('rosters.summaryNone')}</p>
      ) : (
        <ul className="hr-list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** People × days: each cell the person's shifts that day with what they break. */
function Grid({ roster }: { roster: Roster }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const days = daysOf(roster);
  const shiftName = (id: string) => roster.templates.find((s) => s.id === id)?.name ?? '';
  const byCell = new Map<string, RosterAssignment[]>();
  for (const a of roster.assignments)
    byCell.set(`${a.staffId}|${a.day}`, [...(byCell.get(`${a.staffId}|${a.day}`) ?? []), a]);
  return (
    <div className="table-wrap" role="region" aria-label={t('rosters.gridTitle')} tabIndex={0}>
      <table className="table">
        <caption>{t('rosters.gridTitle')}</caption>
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
          {roster.people.map((p) => (
            <tr key={p.staffId}>
              <th scope="row">
                {p.name}
                {p.profession && <> · {t(`rosters.profession.${p.profession}`)}</>} ·{' '}
                {t('rosters.hours', { count: p.hours })}
                <Fatigue roster={roster} person={p} />
              </th>
              {days.map((d) => (
                <td key={d}>
                  <ul className="hr-list">
                    {(byCell.get(`${p.staffId}|${d}`) ?? []).map((a) => (
                      <AssignmentLine
                        key={a.id}
                        roster={roster}
                        assignment={a}
                        label={shiftName(a.templateId)}
                      />
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: each day, each shift with the people on it and what they break. */
function DayList({ roster }: { roster: Roster }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const nameOf = (staffId: string) => roster.people.find((p) => p.staffId === staffId)?.name ?? '';
  const tired = roster.people.filter((p) => p.fatigue.length > 0);
  return (
    <section aria-labelledby="roster-days">
      <h3 id="roster-days">{t('rosters.gridTitle')}</h3>
      {tired.length > 0 && (
        <ul className="hr-list" aria-label={t('rosters.fatigueTitle')}>
          {tired.map((p) => (
            <li key={p.staffId}>
              {p.name}
              <Fatigue roster={roster} person={p} />
            </li>
          ))}
        </ul>
      )}
      {daysOf(roster).map((d) => (
        <section key={d} aria-label={date(d)}>
          <h4>{date(d)}</h4>
          {roster.templates.map((s) => {
            const on = roster.assignments.filter((a) => a.day === d && a.templateId === s.id);
            return (
              <div key={s.id}>
                <p>
                  <ShiftLabel shift={s} />
                </p>
                <ul className="hr-list">
                  {on.map((a) => (
                    <AssignmentLine key={a.id} roster={roster} assignment={a} label={nameOf(a.staffId)} />
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      ))}
    </section>
  );
}

/**
 * A person on a shift by hand. When it breaks a rule the server answers which; they are shown and a reason
 * is asked for to keep it anyway.
 */
function Assign({ roster }: { roster: Roster }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const active = roster.templates.filter((s) => s.active);
  const empty = { staffId: '', templateId: '', day: '', reason: '' };
  const [form, setForm] = useState(empty);
  const [broken, setBroken] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'staffId' | 'templateId' | 'day' | 'reason', string>>>(
    {},
  );
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (key !== 'reason') setBroken(null);
  };

  function send(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!form.staffId) found.staffId = t('rosters.personRequired');
    if (!form.templateId) found.templateId = t('rosters.shiftRequired');
    if (!form.day) found.day = t('rosters.dayRequired');
    if (broken && form.reason.trim().length < 3) found.reason = t('rosters.reasonRequired');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.assignShift(roster.id, {
          staffId: form.staffId,
          templateId: form.templateId,
          day: form.day,
          ...(broken ? { reason: form.reason.trim() } : {}),
        }),
      {
        success: t('rosters.assigned'),
        refresh: [`/api/core/rosters/${roster.id}`],
        done: () => {
          setForm(empty);
          setBroken(null);
        },
        // It breaks a rule: shown, with a reason to keep it anyway.
        refused: (res) => {
          const body = res.body as { code?: string; hints?: string[] };
          if (body.code !== 'core.roster_rule_broken') return false;
          setBroken(body.hints ?? []);
          return true;
        },
      },
    );
  }

  return (
    <form onSubmit={send} noValidate className="hr-form" aria-labelledby="roster-assign">
      <h3 id="roster-assign">{t('rosters.assignTitle')}</h3>
      <SelectField
        label={t('rosters.person')}
        required
        value={form.staffId}
        error={errors.staffId}
        onChange={set('staffId')}
        options={[
          { value: '', label: t('rosters.choosePerson') },
          ...roster.people.map((p) => ({
            value: p.staffId,
            label: p.profession ? `${p.name} · ${t(`rosters.profession.${p.profession}`)}` : p.name,
          })),
        ]}
      />
      <SelectField
        label={t('rosters.shift')}
        required
        value={form.templateId}
        error={errors.templateId}
        onChange={set('templateId')}
        options={[
          { value: '', label: t('rosters.chooseShift') },
          ...active.map((s) => ({ value: s.id, label: `${s.name} ${s.startsAt}–${s.endsAt}` })),
        ]}
      />
      <SelectField
        label={t('rosters.day')}
        required
        value={form.day}
        error={errors.day}
        onChange={set('day')}
        options={[
          { value: '', label: t('rosters.chooseDay') },
          ...daysOf(roster).map((d) => ({ value: d, label: date(d) })),
        ]}
      />
      {broken && (
        <div role="alert">
          <p>{t('rosters.breaks')}</p>
          <ul className="hr-list">
            {broken.map((r) => (
              <li key={r} className="hr-not-cleared">
                {t(`rosters.rule.${r}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {broken && (
        <TextField
          label={t('rosters.reason')}
          required
          maxLength={300}
          value={form.reason}
          error={errors.reason}
          onChange={set('reason')}
        />
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <Button type="submit" loading={busy}>
        {t(broken ? 'rosters.keepAnyway' : 'rosters.assign')}
      </Button>
    </form>
  );
}
