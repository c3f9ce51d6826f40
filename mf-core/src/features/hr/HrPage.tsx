import './texts';
import { useId, useState, type FormEvent } from 'react';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate, useSearchParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  failureText,
  Pager,
  SelectField,
  Spinner,
  TextField,
  useDateFormat,
  useFileDownload,
  useRouteMeta,
  useScrollToHash,
  useTranslation,
} from '@platform/ui';
import { coreApi, type StaffFilter } from '../../api';
import { Clearance } from './Clearance';
import { LicenceAlertRoles } from './LicenceAlertRoles';
import { TimeZoneSetting } from './TimeZoneSetting';
import { useFailure, useOrgRole, useSubmit } from './hr-access';
import '../shared/core.css';

const WINDOWS = [30, 60, 90] as const;
type Window = (typeof WINDOWS)[number];
const PAGE_SIZE = 20;

/**
 * `/hr`: Core HR's compliance view. HR and managers see the figures of their scope (each a link to the list
 * behind it), the licences expiring within 30/60/90 days and the staff list with its filters (kept in the
 * address, so a figure's link opens the list filtered); HR also sees its compliance documents' figures
 * (linking to `/hr/compliance`), sets up locations and departments and imports staff. Staff see their own record and licences. The service decides what each may see.
 */
export default function HrPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('hrPage.title'));
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to={loginPath('/hr')} replace />;
  return (
    <div className="container section hr-page">
      <h1>{t('hrPage.title')}</h1>
      {user.role === 'admin' ? (
        <p>
          {t('hrPage.notForAdmins')} <Link to="/core">{t('hrPage.toCore')}</Link>
        </p>
      ) : (
        <HrHome />
      )}
    </div>
  );
}

function HrHome() {
  const { t } = useTranslation('core');
  const { role, isHr } = useOrgRole();
  return (
    <>
      <nav className="row hr-actions" aria-label={t('hrPage.actions')}>
        {role !== 'owner' && <Link to="/hr/me">{t('hrPage.myRecord')}</Link>}
        {isHr && <Link to="/hr/import">{t('hrPage.importLink')}</Link>}
        {(isHr || role === 'manager') && <Link to="/hr/policies">{t('hrPage.policiesLink')}</Link>}
        {isHr && <Link to="/hr/compliance">{t('hrPage.complianceLink')}</Link>}
        {role !== undefined && <Link to="/hr/trainings">{t('hrPage.trainingsLink')}</Link>}
        {role !== undefined && <Link to="/hr/leave">{t('hrPage.leaveLink')}</Link>}
        {role !== undefined && <Link to="/hr/rosters">{t('hrPage.rostersLink')}</Link>}
        {role !== undefined && <Link to="/hr/swaps">{t('swaps.link')}</Link>}
        {(isHr || role === 'manager') && <Link to="/hr/calendar">{t('calendar.link')}</Link>}
        {role !== undefined && role !== 'owner' && <Link to="/hr/clock">{t('hrPage.clockLink')}</Link>}
        {role !== undefined && <Link to="/hr/timesheets">{t('hrPage.timesheetsLink')}</Link>}
        {isHr && <Link to="/hr/wellness">{t('hrPage.wellnessLink')}</Link>}
        {role !== undefined && (
          <Link to="/hr/workflows">{isHr ? t('hrPage.workflowsLink') : t('hrPage.myTasksLink')}</Link>
        )}
      </nav>
      <Dashboard />
      {isHr && <RecentHires invites={role === 'owner'} />}
      {isHr && <Setup />}
      {isHr && <TimeZoneSetting />}
      {isHr && <LicenceAlertRoles owner={role === 'owner'} />}
      <Expiring />
      <Staff />
    </>
  );
}

function Dashboard() {
  const { t } = useTranslation('core');
  const dashboard = useApiQuery(coreApi.hrDashboard());
  // Staff have no dashboard (403): their own record and licences follow.
  if (dashboard.error || !dashboard.data)
    return dashboard.loading ? <Spinner label={t('hrPage.loading')} /> : null;
  const d = dashboard.data.data;
  // The organisation's own documents: HR's figures only (null for a manager).
  const documents = d.compliance;
  const documentFigures: [string, number, string][] = documents
    ? [
        ...WINDOWS.map((days): [string, number, string] => [
          t('hrPage.documentsExpiringIn', { days }),
          documents.expiring[`within${days}`],
          `/hr/compliance?within=${days}#compliance-documents`,
        ]),
        [t('hrPage.documentsExpired'), documents.expired, '/hr/compliance#compliance-documents'],
        [t('hrPage.documentsMissing'), documents.missing, '/hr/compliance'],
      ]
    : [];
  // Required trainings of the members in one's scope (one per person and training required of them).
  const trainings = d.trainings;
  const trainingFigures: [string, number, string][] = [
    [t('hrPage.trainingsValid'), trainings.valid, '/hr/trainings#training-records'],
    ...WINDOWS.map((days): [string, number, string] => [
      t('hrPage.trainingsExpiringIn', { days }),
      trainings.expiring[`within${days}`],
      `/hr/trainings?within=${days}#training-records`,
    ]),
    [t('hrPage.trainingsExpired'), trainings.expired, '/hr/trainings#training-records'],
    [t('hrPage.trainingsMissing'), trainings.missing, '/hr/trainings'],
  ];
  const figures: [string, number, string][] = [
    [t('hrPage.headcount'), d.headcount, '/hr#hr-staff'],
    [t('hrPage.cleared'), d.cleared, '/hr?cleared=true#hr-staff'],
    [t('hrPage.notCleared'), d.notCleared, '/hr?cleared=false#hr-staff'],
    ...WINDOWS.map((days): [string, number, string] => [
      t('hrPage.expiringIn', { days }),
      d.expiring[`within${days}`],
      `/hr?within=${days}#hr-expiring`,
    ]),
    ...documentFigures,
    ...trainingFigures,
  ];
  return (
    <section className="card" aria-labelledby="hr-figures">
      <h2 id="hr-figures">{t('hrPage.figures')}</h2>
      {trainings.required > 0 && (
        <p>
          {t('hrPage.trainingCompletion', {
            valid: trainings.valid,
            required: trainings.required,
            percent: Math.floor((trainings.valid * 100) / trainings.required),
          })}
        </p>
      )}
      <dl className="hr-figures">
        {figures.map(([label, value, to]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Link to={to} aria-label={t('hrPage.figureLink', { label, value })}>
                {value}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      {(
        [
          ['byLocation', d.byLocation, 'locationId'],
          ['byDepartment', d.byDepartment, 'departmentId'],
        ] as const
      ).map(
        ([key, counts, param]) =>
          counts.length > 0 && (
            <div key={key}>
              <h3>{t(`hrPage.${key}`)}</h3>
              <ul>
                {counts.map((c) => (
                  <li key={c.id ?? 'none'}>
                    {c.id ? (
                      <Link to={`/hr?${param}=${c.id}#hr-staff`}>{c.name}</Link>
                    ) : (
                      t(key === 'byLocation' ? 'hrPage.noLocation' : 'hrPage.noDepartment')
                    )}
                    : {c.count}
                  </li>
                ))}
              </ul>
            </div>
          ),
      )}
    </section>
  );
}

/**
 * Applicants accepted in Hire, not yet on the team: the owner (who alone invites, on `/team`) opens the
 * invitation with their e-mail filled in; HR may dismiss one. Their record takes the job's title when they join.
 */
function RecentHires({ invites }: { invites: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.recentHires(page));
  const { submit, busy, message } = useSubmit();
  const [dismissing, setDismissing] = useState<string | null>(null);
  function dismiss(id: string) {
    setDismissing(id);
    void submit(() => coreApi.dismissHire(id), { refresh: ['/api/core/hires'] });
  }
  // Nothing to suggest: the page stays as it was.
  if (list.items.length === 0 && !list.error) return null;
  return (
    <section className="card" aria-labelledby="hr-hires-title">
      <h2 id="hr-hires-title">{t('hrPage.hiresTitle')}</h2>
      <p>{t(invites ? 'hrPage.hiresIntro' : 'hrPage.hiresIntroHr')}</p>
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <ul className="hr-list">
        {list.items.map((h) => (
          <li key={h.id}>
            <strong>{h.name || h.email}</strong>
            {h.jobTitle && ` · ${h.jobTitle}`} · {h.email}{' '}
            {invites && (
              <Link
                to={`/team?invite=${encodeURIComponent(h.email)}`}
                aria-label={t('hrPage.inviteHire', { name: h.name || h.email })}
              >
                {t('hrPage.invite')}
              </Link>
            )}{' '}
            <Button
              variant="secondary"
              loading={busy && dismissing === h.id}
              aria-label={t('hrPage.dismissHire', { name: h.name || h.email })}
              onClick={() => dismiss(h.id)}
            >
              {t('hrPage.dismiss')}
            </Button>
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** HR's set-up: the organisation's locations (branches) and departments (wards, units). */
function Setup() {
  const { t } = useTranslation('core');
  const places = useApiQuery(coreApi.places());
  const failure = useFailure();
  return (
    <section className="card" aria-labelledby="hr-setup">
      <h2 id="hr-setup">{t('hrPage.setupTitle')}</h2>
      {places.error && <Alert kind="error">{failure(places.error)}</Alert>}
      <div className="hr-setup">
        {(['location', 'department'] as const).map((kind) => (
          <PlaceList
            key={kind}
            kind={kind}
            names={(kind === 'location' ? places.data?.data.locations : places.data?.data.departments)?.map(
              (p) => p.name,
            )}
          />
        ))}
      </div>
    </section>
  );
}

function PlaceList({ kind, names }: { kind: 'location' | 'department'; names: string[] | undefined }) {
  const { t } = useTranslation('core');
  const [name, setName] = useState('');
  const { submit, busy, message, setMessage } = useSubmit();
  const headingId = useId();

  function add(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') return setMessage({ kind: 'error', text: t('hrPage.nameRequired') });
    void submit(() => coreApi.addPlace(kind, name.trim()), {
      success: (res) => t(`hrPage.${kind}Added`, { name: res.body.data.name }),
      refresh: ['/api/core/places'],
      done: () => setName(''),
    });
  }

  return (
    <div>
      <h3 id={headingId}>{t(`hrPage.${kind}s`)}</h3>
      {names && names.length === 0 && (
        <p className="muted">{t(`hrPage.no${kind === 'location' ? 'Locations' : 'Departments'}`)}</p>
      )}
      {names && names.length > 0 && (
        <ul aria-labelledby={headingId}>
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <TextField
          label={t(`hrPage.${kind}Name`)}
          maxLength={120}
          value={name}
          error={message?.kind === 'error' ? message.text : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={busy}>
          {t(`hrPage.add${kind === 'location' ? 'Location' : 'Department'}`)}
        </Button>
      </form>
      {message?.kind === 'success' && <Alert kind="success">{message.text}</Alert>}
    </div>
  );
}

function Expiring() {
  const { t } = useTranslation('core');
  // Expiry dates are calendar days: read as UTC so no time zone moves them.
  const date = useDateFormat('UTC');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('within'));
  const days: Window = (WINDOWS as readonly number[]).includes(asked) ? (asked as Window) : 30;
  const selectId = useId();
  const list = useApiPages((page) => coreApi.expiringLicences(days, page));
  // The dashboard's figures link here (`#…`): the list in view once loaded.
  useScrollToHash(!list.loading);
  return (
    <section className="card" tabIndex={-1} id="hr-expiring" aria-labelledby="hr-expiring-title">
      <h2 id="hr-expiring-title">{t('hrPage.expiringTitle')}</h2>
      <CsvButton
        label={t('hrPage.expiringCsv')}
        fetchFile={() => coreApi.expiringLicencesCsv(days)}
        fileName={`licences-expiring-${days}-days.csv`}
      />
      <label htmlFor={selectId}>{t('hrPage.within')}</label>{' '}
      <select
        id={selectId}
        value={days}
        onChange={(e) =>
          setParams(
            (p) => {
              p.set('within', e.target.value);
              return p;
            },
            { replace: true },
          )
        }
      >
        {WINDOWS.map((w) => (
          <option key={w} value={w}>
            {t('hrPage.days', { days: w })}
          </option>
        ))}
      </select>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failureText(t, list.error, 'hrPage.failed')}</Alert>}
      {!list.loading && !list.error && list.items.length === 0 && <p>{t('hrPage.noneExpiring', { days })}</p>}
      {list.items.length > 0 && (
        <ul className="hr-list">
          {list.items.map((c) => (
            <li key={c.id}>
              <strong>{c.holderName}</strong> · {c.councilAbbreviation} {c.number} ·{' '}
              {t('hrPage.expiresOn', { date: date(c.expiresOn) })} · {t(`hrPage.status.${c.status}`)}
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

/** A list's CSV, as filtered on screen: HR's and managers' (staff, whose list is themselves, have none). */
function CsvButton({
  label,
  fetchFile,
  fileName,
}: {
  label: string;
  fetchFile: () => ReturnType<typeof coreApi.staffCsv>;
  fileName: string;
}) {
  const { role, isHr } = useOrgRole();
  const file = useFileDownload('core', 'hrPage.csvFailed');
  if (!isHr && role !== 'manager') return null;
  return (
    <div className="hr-export">
      <Button variant="secondary" loading={file.busy} onClick={() => void file.download(fetchFile, fileName)}>
        {label}
      </Button>
      {file.error && <Alert kind="error">{file.error}</Alert>}
    </div>
  );
}

const FILTERS = ['search', 'departmentId', 'locationId', 'cleared'] as const;

/** The staff list: search and filters kept in the address (a figure's link sets them), a page at a time. */
function Staff() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [params, setParams] = useSearchParams();
  const filter: StaffFilter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? '']));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useApiQuery(coreApi.staff(page, filter));
  const places = useApiQuery(coreApi.places());
  const [search, setSearch] = useState(filter.search ?? '');
  const nameOf = new Map(
    [...(places.data?.data.locations ?? []), ...(places.data?.data.departments ?? [])].map((p) => [
      p.id,
      p.name,
    ]),
  );

  const update = (changes: Partial<Record<(typeof FILTERS)[number] | 'page', string>>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes))
          if (value) p.set(key, value);
          else p.delete(key);
        if (!('page' in changes)) p.delete('page');
        return p;
      },
      { replace: true },
    );
  const total = list.data?.pageInfo.total ?? 0;
  const placeOptions = (kind: 'locations' | 'departments') => [
    { value: '', label: t('hrPage.all') },
    ...(places.data?.data[kind] ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];

  return (
    <section className="card" id="hr-staff" aria-labelledby="hr-staff-title">
      <h2 id="hr-staff-title">{t('hrPage.staffTitle', { count: total })}</h2>
      <CsvButton
        label={t('hrPage.staffCsv')}
        fetchFile={() => coreApi.staffCsv(filter)}
        fileName="staff.csv"
      />
      <form
        className="hr-filters"
        role="search"
        aria-label={t('hrPage.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: search.trim() });
        }}
      >
        <TextField
          label={t('hrPage.search')}
          type="search"
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('hrPage.searchButton')}
        </Button>
        <SelectField
          label={t('hrPage.department')}
          value={filter.departmentId}
          options={placeOptions('departments')}
          onChange={(e) => update({ departmentId: e.target.value })}
        />
        <SelectField
          label={t('hrPage.location')}
          value={filter.locationId}
          options={placeOptions('locations')}
          onChange={(e) => update({ locationId: e.target.value })}
        />
        <SelectField
          label={t('hrPage.clearedFilter')}
          value={filter.cleared}
          options={[
            { value: '', label: t('hrPage.all') },
            { value: 'true', label: t('hrPage.isCleared') },
            { value: 'false', label: t('hrPage.isNotCleared') },
          ]}
          onChange={(e) => update({ cleared: e.target.value })}
        />
      </form>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('hrPage.noStaff')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="hr-list hr-staff-list">
          {list.data.data.map((s) => (
            <li key={s.id}>
              <Link to={`/hr/staff/${s.id}`}>{s.name}</Link>
              {s.jobTitle ? ` · ${s.jobTitle}` : ''}
              {[s.departmentId, s.locationId]
                .map((id) => (id ? nameOf.get(id) : undefined))
                .filter(Boolean)
                .map((name) => ` · ${name}`)
                .join('')}{' '}
              · <Clearance clearance={s.clearance} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={(p) => update({ page: String(p) })}
        label={t('hrPage.staffPages')}
      />
    </section>
  );
}
