import './texts';
import { useState, type FormEvent } from 'react';
import type { StaffDetail, StaffChangeBody } from '@platform/svc-core/contract';
import { PROFESSIONS } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import { Link, Navigate, useParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
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
import { Clearance } from './Clearance';
import { Credentials } from './Credentials';
import { orNull, useFailure, useOrgRole, useSubmit } from './hr-access';
import { MyPolicies } from './PoliciesPage';
import { MyTrainings } from './TrainingsPage';
import '../shared/core.css';

/** A person's profession (the Clinic account is not one). */
const STAFF_PROFESSIONS = PROFESSIONS.filter((p) => p !== 'Clinic');
const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'contract',
  'locum',
  'intern',
] as const satisfies readonly NonNullable<StaffChangeBody['employmentType']>[];
const ROLES = ['hr-admin', 'manager', 'staff'] as const;

/** `/hr/staff/:id`: one staff record as HR or a manager sees it. */
export function StaffRecordPage() {
  const { id = '' } = useParams();
  return <RecordPage path={`/hr/staff/${id}`} load={coreApi.staffRecord(id)} mine={false} />;
}

/**
 * `/hr/me`: one's own record, contact fields to correct, one's licences, one's required trainings, the
 * policies one is to acknowledge.
 */
export default function MyRecordPage() {
  return <RecordPage path="/hr/me" load={coreApi.myRecord()} mine />;
}

function RecordPage({
  path,
  load,
  mine,
}: {
  path: string;
  load: ReturnType<typeof coreApi.myRecord>;
  mine: boolean;
}) {
  const { t } = useTranslation('core');
  const user = useSession((s) => s.user);
  const record = useApiQuery(user ? load : null);
  const failure = useFailure();
  const { isHr } = useOrgRole();
  useRouteMeta(mine ? t('staffPage.myTitle') : (record.data?.data.name ?? t('staffPage.title')));
  if (!user) return <Navigate to={loginPath(path)} replace />;
  const r = record.data?.data;
  return (
    <div className="container narrow section hr-page">
      <p>
        <Link to="/hr">{t('staffPage.back')}</Link>
      </p>
      <h1>{mine ? t('staffPage.myTitle') : (r?.name ?? t('staffPage.title'))}</h1>
      {record.loading && <Spinner label={t('hrPage.loading')} />}
      {record.error && <Alert kind="error">{failure(record.error)}</Alert>}
      {r && (
        <>
          {!r.clearance.cleared && (
            <div className="hr-not-cleared-banner" role="status">
              <strong>{t('staffPage.notClearedBanner')}</strong> {t(`hrPage.reason.${r.clearance.reason}`)}
            </div>
          )}
          <Details record={r} showSensitive={mine || isHr} />
          {(mine || isHr) && <EditRecord record={r} full={isHr && r.role !== 'owner'} />}
          {isHr && !mine && r.role !== 'owner' && <RoleChange record={r} />}
          <Credentials record={r} mine={mine} canVerify={isHr} />
          {mine && <MyTrainings />}
          {mine && <MyPolicies />}
        </>
      )}
    </div>
  );
}

function Details({ record: r, showSensitive }: { record: StaffDetail; showSensitive: boolean }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const places = useApiQuery(coreApi.places());
  const placeName = (id: string | null) =>
    id
      ? [...(places.data?.data.locations ?? []), ...(places.data?.data.departments ?? [])].find(
          (p) => p.id === id,
        )?.name
      : undefined;
  const none = t('staffPage.none');
  const rows: [string, string | null | undefined][] = [
    [t('staffPage.email'), r.email],
    [t('staffPage.phone'), r.phone],
    [t('staffPage.jobTitle'), r.jobTitle],
    [t('staffPage.profession'), r.profession && t(`professions.${r.profession}`, { ns: 'ui' })],
    [t('hrPage.department'), placeName(r.departmentId)],
    [t('hrPage.location'), placeName(r.locationId)],
    [t('staffPage.startDate'), r.startDate && date(r.startDate)],
    [t('staffPage.employmentType'), r.employmentType && t(`staffPage.employment.${r.employmentType}`)],
    [t('staffPage.role'), t(`staffPage.roles.${r.role}`)],
    // Earned at Events check-ins, wherever the person attended.
    [t('staffPage.cpdPoints'), String(r.cpdPoints)],
  ];
  const sensitive: [string, string | null][] = [
    [t('staffPage.nationalId'), r.nationalId],
    [t('staffPage.kraPin'), r.kraPin],
    [t('staffPage.shaNumber'), r.shaNumber],
    [t('staffPage.nssfNumber'), r.nssfNumber],
    [
      t('staffPage.emergencyContact'),
      r.emergencyContact && `${r.emergencyContact.name}, ${r.emergencyContact.phone}`,
    ],
  ];
  return (
    <section className="card" aria-labelledby="staff-record">
      <h2 id="staff-record">{t('staffPage.recordTitle')}</h2>
      <dl className="hr-record">
        {[...rows, ...(showSensitive ? sensitive : [])].map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || none}</dd>
          </div>
        ))}
        <div>
          <dt>{t('staffPage.clearance')}</dt>
          <dd>
            <Clearance clearance={r.clearance} />
          </dd>
        </div>
      </dl>
      {!showSensitive && <p className="muted">{t('staffPage.sensitiveHidden')}</p>}
    </section>
  );
}

type Fields = Record<
  | 'phone'
  | 'contactName'
  | 'contactPhone'
  | 'jobTitle'
  | 'profession'
  | 'departmentId'
  | 'locationId'
  | 'startDate'
  | 'employmentType'
  | 'nationalId'
  | 'kraPin'
  | 'shaNumber'
  | 'nssfNumber',
  string
>;

const fieldsOf = (r: StaffDetail): Fields => ({
  phone: r.phone ?? '',
  contactName: r.emergencyContact?.name ?? '',
  contactPhone: r.emergencyContact?.phone ?? '',
  jobTitle: r.jobTitle ?? '',
  profession: r.profession ?? '',
  departmentId: r.departmentId ?? '',
  locationId: r.locationId ?? '',
  startDate: r.startDate ?? '',
  employmentType: r.employmentType ?? '',
  nationalId: r.nationalId ?? '',
  kraPin: r.kraPin ?? '',
  shaNumber: r.shaNumber ?? '',
  nssfNumber: r.nssfNumber ?? '',
});

/** What changed, as PATCH takes it: only the fields edited, an emptied one as null. */
export function changesOf(before: Fields, after: Fields, full: boolean): StaffChangeBody {
  const body: Record<string, unknown> = {};
  const keys = full
    ? (Object.keys(after) as (keyof Fields)[]).filter((k) => k !== 'contactName' && k !== 'contactPhone')
    : (['phone'] as const);
  for (const key of keys) if (before[key] !== after[key]) body[key] = orNull(after[key]);
  if (before.contactName !== after.contactName || before.contactPhone !== after.contactPhone)
    body.emergencyContact =
      orNull(after.contactName) && orNull(after.contactPhone)
        ? { name: after.contactName.trim(), phone: after.contactPhone.trim() }
        : null;
  if (typeof body.kraPin === 'string') body.kraPin = body.kraPin.toUpperCase();
  return body as StaffChangeBody;
}

/** HR edits the employment fields; a person corrects their own phone and emergency contact. */
function EditRecord({ record, full }: { record: StaffDetail; full: boolean }) {
  const { t } = useTranslation('core');
  const places = useApiQuery(full ? coreApi.places() : null);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(record));
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    // "Saved" no longer holds once a field is edited; a failure stays until the next save.
    setMessage((m) => (m?.kind === 'success' ? null : m));
    setFields((f) => ({ ...f, [key]: e.target.value }));
  };

  function save(e: FormEvent) {
    e.preventDefault();
    const body = changesOf(fieldsOf(record), fields, full);
    if (Object.keys(body).length === 0)
      return setMessage({ kind: 'error', text: t('staffPage.nothingChanged') });
    if (!fields.contactName.trim() !== !fields.contactPhone.trim())
      return setMessage({ kind: 'error', text: t('staffPage.contactIncomplete') });
    void submit(() => coreApi.changeStaff(record.id, body), {
      success: t('staffPage.saved'),
      refresh: ['/api/core/staff'],
    });
  }

  const text = (key: keyof Fields, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={fields[key]} onChange={set(key)} maxLength={120} {...extra} />
  );
  const options = (values: readonly string[], label: (v: string) => string) => [
    { value: '', label: t('staffPage.none') },
    ...values.map((v) => ({ value: v, label: label(v) })),
  ];
  return (
    <section className="card" aria-labelledby="staff-edit">
      <h2 id="staff-edit">{full ? t('staffPage.editTitle') : t('staffPage.contactTitle')}</h2>
      <form onSubmit={save} noValidate className="hr-form">
        {text('phone', t('staffPage.phone'), { type: 'tel', autoComplete: 'tel' })}
        {text('contactName', t('staffPage.contactName'))}
        {text('contactPhone', t('staffPage.contactPhone'), { type: 'tel' })}
        {full && (
          <>
            {text('jobTitle', t('staffPage.jobTitle'))}
            <SelectField
              label={t('staffPage.profession')}
              value={fields.profession}
              onChange={set('profession')}
              options={options(STAFF_PROFESSIONS, (p) => t(`professions.${p}`, { ns: 'ui' }))}
            />
            <SelectField
              label={t('hrPage.department')}
              value={fields.departmentId}
              onChange={set('departmentId')}
              options={[
                { value: '', label: t('staffPage.none') },
                ...(places.data?.data.departments ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
            <SelectField
              label={t('hrPage.location')}
              value={fields.locationId}
              onChange={set('locationId')}
              options={[
                { value: '', label: t('staffPage.none') },
                ...(places.data?.data.locations ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
            />
            {text('startDate', t('staffPage.startDate'), { type: 'date' })}
            <SelectField
              label={t('staffPage.employmentType')}
              value={fields.employmentType}
              onChange={set('employmentType')}
              options={options(EMPLOYMENT_TYPES, (v) => t(`staffPage.employment.${v}`))}
            />
            {text('nationalId', t('staffPage.nationalId'))}
            {text('kraPin', t('staffPage.kraPin'), { hint: t('staffPage.kraPinHint') })}
            {text('shaNumber', t('staffPage.shaNumber'))}
            {text('nssfNumber', t('staffPage.nssfNumber'))}
          </>
        )}
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('staffPage.save')}
        </Button>
      </form>
    </section>
  );
}

/** HR changes a member's role; a manager is given the departments and locations they manage. */
function RoleChange({ record }: { record: StaffDetail }) {
  const { t } = useTranslation('core');
  const places = useApiQuery(coreApi.places());
  const [role, setRole] = useState<(typeof ROLES)[number]>(record.role === 'owner' ? 'staff' : record.role);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const { submit, busy, message } = useSubmit();
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  function save(e: FormEvent) {
    e.preventDefault();
    const data = places.data?.data;
    const ids = (list: { id: string }[] = []) => list.map((p) => p.id).filter((id) => chosen.has(id));
    void submit(
      () =>
        coreApi.setRole(
          record.id,
          role === 'manager'
            ? { role, departmentIds: ids(data?.departments), locationIds: ids(data?.locations) }
            : { role },
        ),
      {
        success: t('staffPage.roleSaved', { role: t(`staffPage.roles.${role}`) }),
        refresh: ['/api/core/staff'],
      },
    );
  }

  const data = places.data?.data;
  return (
    <section className="card" aria-labelledby="staff-role">
      <h2 id="staff-role">{t('staffPage.roleTitle')}</h2>
      <form onSubmit={save} noValidate>
        <SelectField
          label={t('staffPage.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as typeof role)}
          options={ROLES.map((r) => ({ value: r, label: t(`staffPage.roles.${r}`) }))}
        />
        {role === 'manager' && data && (
          <fieldset>
            <legend>{t('staffPage.manages')}</legend>
            {[...data.departments, ...data.locations].map((p) => (
              <label key={p.id} className="hr-check">
                <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} /> {p.name}
              </label>
            ))}
          </fieldset>
        )}
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('staffPage.saveRole')}
        </Button>
      </form>
    </section>
  );
}
