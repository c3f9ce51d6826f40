import './texts';
import { useId, useState, type FormEvent } from 'react';
import { PROFESSIONS, type Profession } from '@platform/contracts/values';
import { ORG_ROLES, type TrainingType } from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Alert, Button, Spinner, TextField, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useSubmit } from './hr-access';

const STAFF_PROFESSIONS = PROFESSIONS.filter((p) => p !== 'Clinic');
type OrgRole = (typeof ORG_ROLES)[number];

/** After a training changes: the lists, everyone's required trainings and the dashboard's figures. */
const TRAINING_LISTS = ['/api/core/trainings', '/api/core/dashboard'];

/**
 * HR's list of the trainings the organisation tracks (BLS, infection prevention…), each with how long a
 * completion counts and whom it is required of; HR adds one or edits one in place. The service refuses
 * anyone else.
 */
export function TrainingTypes() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const types = useApiQuery(coreApi.trainingTypes());
  const [editing, setEditing] = useState<string | null>(null);
  const list = types.data?.data ?? [];
  const requiredOf = (type: TrainingType) =>
    type.everyone
      ? t('trainingTypes.everyone')
      : [
          ...type.professions.map((p) => t(`professions.${p}`, { ns: 'ui' })),
          ...type.roles.map((r) => t(`staffPage.roles.${r}`)),
        ].join(', ') || t('trainingTypes.nobody');
  return (
    <section className="card" aria-labelledby="training-types">
      <h2 id="training-types">{t('trainingTypes.title')}</h2>
      {types.loading && <Spinner label={t('hrPage.loading')} />}
      {types.error && <Alert kind="error">{failure(types.error)}</Alert>}
      {list.length > 0 && (
        <ul className="hr-list">
          {list.map((type) => (
            <li key={type.id}>
              <strong>{type.name}</strong> ·{' '}
              {type.validityMonths
                ? t('trainingTypes.validFor', { count: type.validityMonths })
                : t('trainings.neverExpires')}{' '}
              · {t('trainingTypes.requiredOf', { who: requiredOf(type) })}{' '}
              {editing === type.id ? (
                <TypeForm type={type} onDone={() => setEditing(null)} />
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => setEditing(type.id)}
                  aria-label={t('trainingTypes.editNamed', { name: type.name })}
                >
                  {t('trainingTypes.edit')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <TypeForm onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          {t('trainingTypes.add')}
        </Button>
      )}
    </section>
  );
}

/** Adds a training (no `type`) or changes one; Cancel leaves it as it was. */
function TypeForm({ type, onDone }: { type?: TrainingType; onDone: () => void }) {
  const { t } = useTranslation('core');
  const id = useId();
  const [name, setName] = useState(type?.name ?? '');
  const [validity, setValidity] = useState(type?.validityMonths ? String(type.validityMonths) : '');
  const [everyone, setEveryone] = useState(type?.everyone ?? false);
  const [professions, setProfessions] = useState<Profession[]>(type?.professions ?? []);
  const [roles, setRoles] = useState<OrgRole[]>(type?.roles ?? []);
  const [errors, setErrors] = useState<{ name?: string; validity?: string }>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const toggle =
    <T extends string>(set: (f: (list: T[]) => T[]) => void, value: T) =>
    () =>
      set((list) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]));

  function save(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (name.trim().length < 2) found.name = t('trainingTypes.nameRequired');
    const months = validity.trim() === '' ? null : Number(validity);
    if (months !== null && !(Number.isInteger(months) && months >= 1 && months <= 120))
      found.validity = t('trainingTypes.validityInvalid');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: name.trim(),
      validityMonths: months,
      everyone,
      professions: everyone ? [] : professions,
      roles: everyone ? [] : roles,
    };
    void submit(() => (type ? coreApi.changeTrainingType(type.id, body) : coreApi.addTrainingType(body)), {
      refresh: TRAINING_LISTS,
      done: onDone,
    });
  }

  const checkbox = (checked: boolean, onChange: () => void, label: string) => (
    <label key={label} className="hr-check">
      <input type="checkbox" checked={checked} onChange={onChange} /> {label}
    </label>
  );

  return (
    <form
      onSubmit={save}
      noValidate
      className="hr-form"
      aria-label={type ? t('trainingTypes.editNamed', { name: type.name }) : t('trainingTypes.add')}
    >
      <TextField
        label={t('trainingTypes.name')}
        required
        maxLength={120}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t('trainingTypes.validity')}
        hint={t('trainingTypes.validityHint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={120}
        value={validity}
        error={errors.validity}
        onChange={(e) => setValidity(e.target.value)}
      />
      <fieldset aria-describedby={`${id}-who`}>
        <legend>{t('trainingTypes.requiredOfTitle')}</legend>
        <p id={`${id}-who`} className="field-hint">
          {t('trainingTypes.requiredOfHint')}
        </p>
        {checkbox(everyone, () => setEveryone((v) => !v), t('trainingTypes.everyone'))}
        {!everyone && (
          <>
            <fieldset>
              <legend>{t('trainingTypes.professions')}</legend>
              {STAFF_PROFESSIONS.map((p) =>
                checkbox(
                  professions.includes(p),
                  toggle(setProfessions, p),
                  t(`professions.${p}`, { ns: 'ui' }),
                ),
              )}
            </fieldset>
            <fieldset>
              <legend>{t('trainingTypes.roles')}</legend>
              {ORG_ROLES.map((r) =>
                checkbox(roles.includes(r), toggle(setRoles, r), t(`staffPage.roles.${r}`)),
              )}
            </fieldset>
          </>
        )}
      </fieldset>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <Button type="submit" loading={busy}>
        {t('trainingTypes.save')}
      </Button>{' '}
      <Button variant="secondary" onClick={onDone} disabled={busy}>
        {t('trainingTypes.cancel')}
      </Button>
    </form>
  );
}
