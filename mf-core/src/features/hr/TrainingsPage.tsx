import './texts';
import { useState, type FormEvent } from 'react';
import type { MyTraining, TrainingRecord } from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
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
import { useFailure, useOrgRole, useSubmit } from './hr-access';
import { ExpiringList } from './ExpiringList';
import { MemberPicker } from './MemberPicker';
import { TrainingTypes } from './TrainingTypes';
import '../shared/core.css';

const CERTIFICATE = /^[A-Za-z0-9][A-Za-z0-9/ .:_-]{1,79}$/;
/** Said in words; the colour (the clearance's) only repeats it. */
const STATUS_CLASS: Record<MyTraining['status'], string | undefined> = {
  valid: 'hr-cleared',
  expiring: undefined,
  expired: 'hr-not-cleared',
  missing: 'hr-not-cleared',
};

/** After a completion is recorded: the lists, one's own statuses and the dashboard's figures. */
const RECORD_LISTS = ['/api/core/trainings', '/api/core/trainings/me', '/api/core/dashboard'];

/**
 * `/hr/trainings`: HR and managers see the completions within their scope (filtered to those expiring
 * within 30/60/90 days); HR records one for any member (found by searching the staff list) and sets the
 * trainings and whom each is required of. Every member sees their own required trainings and records their
 * own completions. The service decides what each may see and do.
 */
export default function TrainingsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('trainings.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/trainings')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('trainings.title')}</h1>
      {role === undefined && <Spinner label={t('hrPage.loading')} />}
      {(isHr || role === 'manager') && <Records canVerify={isHr} />}
      {isHr && <AddRecord forOthers />}
      {isHr && <TrainingTypes />}
      {role !== undefined && role !== 'owner' && <MyTrainings />}
    </div>
  );
}

/** The completions, latest first (soonest expiry first when filtered); the window kept in the address. */
function Records({ canVerify }: { canVerify: boolean }) {
  const date = useDateFormat('UTC');
  return (
    <ExpiringList
      id="training-records"
      texts="trainings"
      pageOf={coreApi.trainingRecords}
      item={(r) => <RecordItem key={r.id} record={r} date={date} canVerify={canVerify} />}
    />
  );
}

function RecordItem({
  record: r,
  date,
  canVerify,
}: {
  record: TrainingRecord;
  date: (d: string) => string;
  canVerify: boolean;
}) {
  const { t } = useTranslation('core');
  const { submit, busy, message } = useSubmit();
  const verify = () => submit(() => coreApi.verifyTrainingRecord(r.id), { refresh: ['/api/core/trainings'] });

  return (
    <li>
      <strong>{r.personName}</strong> · {r.typeName} ·{' '}
      {t('trainings.completedOn', { date: date(r.completedOn) })} ·{' '}
      {r.expiresOn ? t('hrPage.expiresOn', { date: date(r.expiresOn) }) : t('trainings.neverExpires')} ·{' '}
      <span className={STATUS_CLASS[r.status]}>{t(`trainings.status.${r.status}`)}</span>
      {r.renewed && <> · {t('trainings.renewed')}</>}
      {r.source === 'events' && <> · {t('trainings.fromEvents')}</>}
      {!r.verified && <> · {t('trainings.unverified')}</>}
      {r.certificateRef && <> · {t('trainings.certificate', { ref: r.certificateRef })}</>}
      {canVerify && !r.verified && (
        <>
          {' '}
          <Button
            variant="secondary"
            loading={busy}
            onClick={() => void verify()}
            aria-label={t('trainings.verifyFor', { name: r.personName, training: r.typeName })}
          >
            {t('trainings.verify')}
          </Button>
        </>
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </li>
  );
}

/** One's own required trainings with their status, and the form to record one's own completion. */
export function MyTrainings() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const mine = useApiQuery(coreApi.myTrainings());
  const list = mine.data?.data ?? [];
  return (
    <section className="card" aria-labelledby="my-trainings">
      <h2 id="my-trainings">{t('trainings.mineTitle')}</h2>
      {mine.loading && <Spinner label={t('hrPage.loading')} />}
      {mine.error && <Alert kind="error">{failure(mine.error)}</Alert>}
      {mine.data && list.length === 0 && <p>{t('trainings.noneRequired')}</p>}
      {list.length > 0 && (
        <ul className="hr-list">
          {list.map((m) => (
            <li key={m.typeId}>
              <strong>{m.name}</strong> ·{' '}
              <span className={STATUS_CLASS[m.status]}>{t(`trainings.status.${m.status}`)}</span>
              {m.completedOn && <> · {t('trainings.completedOn', { date: date(m.completedOn) })}</>}
              {m.expiresOn && <> · {t('hrPage.expiresOn', { date: date(m.expiresOn) })}</>}
            </li>
          ))}
        </ul>
      )}
      <AddRecord />
    </section>
  );
}

/** Records a completion: HR chooses the member (`forOthers`); otherwise it is the caller's own. */
function AddRecord({ forOthers = false }: { forOthers?: boolean }) {
  const { t } = useTranslation('core');
  const types = useApiQuery(coreApi.trainingTypes());
  const empty = { staffId: '', typeId: '', completedOn: '', certificateRef: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const heading = forOthers ? 'training-add-member' : 'training-add-mine';

  function add(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (forOthers && !form.staffId) found.staffId = t('trainings.memberRequired');
    if (!form.typeId) found.typeId = t('trainings.typeRequired');
    if (!form.completedOn) found.completedOn = t('trainings.dateRequired');
    if (form.certificateRef.trim() && !CERTIFICATE.test(form.certificateRef.trim()))
      found.certificateRef = t('trainings.certificateInvalid');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.addTrainingRecord({
          typeId: form.typeId,
          completedOn: form.completedOn,
          ...(forOthers ? { staffId: form.staffId } : {}),
          ...(form.certificateRef.trim() ? { certificateRef: form.certificateRef.trim() } : {}),
        }),
      {
        success: t(forOthers ? 'trainings.added' : 'trainings.addedMine'),
        refresh: RECORD_LISTS,
        done: () => setForm(empty),
      },
    );
  }

  return (
    <section aria-labelledby={heading} className={forOthers ? 'card' : undefined}>
      <h2 id={heading}>{t(forOthers ? 'trainings.addTitle' : 'trainings.addMineTitle')}</h2>
      <form onSubmit={add} noValidate className="hr-form">
        {forOthers && (
          <MemberPicker
            value={form.staffId}
            error={errors.staffId}
            onChange={(staffId) => setForm((f) => ({ ...f, staffId }))}
          />
        )}
        <SelectField
          label={t('trainings.type')}
          required
          value={form.typeId}
          error={errors.typeId}
          onChange={set('typeId')}
          options={[
            { value: '', label: t('trainings.chooseType') },
            ...(types.data?.data ?? []).map((type) => ({ value: type.id, label: type.name })),
          ]}
        />
        <TextField
          label={t('trainings.completed')}
          type="date"
          required
          value={form.completedOn}
          error={errors.completedOn}
          onChange={set('completedOn')}
        />
        <TextField
          label={t('trainings.certificateRef')}
          maxLength={80}
          value={form.certificateRef}
          error={errors.certificateRef}
          onChange={set('certificateRef')}
        />
        {!forOthers && <p className="field-hint">{t('trainings.mineHint')}</p>}
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('trainings.add')}
        </Button>
      </form>
    </section>
  );
}
