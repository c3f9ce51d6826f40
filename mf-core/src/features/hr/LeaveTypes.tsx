import './texts';
import { useState, type FormEvent } from 'react';
import {
  LEAVE_ACCRUALS,
  type LeaveType,
  type LeaveTypeBody,
  type LeaveTypeChangeBody,
} from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, Spinner, TextField, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useSubmit } from './hr-access';
import { parseDays, parseWhole, useNameOf } from './leave-common';

type Accrual = (typeof LEAVE_ACCRUALS)[number];
const SWITCHES = ['countsWeekends', 'countsHolidays', 'allowNegative', 'paid', 'active'] as const;
type Switch = (typeof SWITCHES)[number];
/** The fields typed as text. */
type Text =
  | 'name'
  | 'daysPerYear'
  | 'carryOverCap'
  | 'minServiceMonths'
  | 'halfPayAfterDays'
  | 'documentsRequired'
  | 'documentsAfterDays';
/** The form as typed: figures as text (empty: none), the switches as they are. */
type Draft = Record<Text, string> & Record<Switch, boolean> & { accrual: Accrual };
type Errors = Partial<Record<Text, string>>;
/** Every rule of a type, as the service takes it. */
type Rules = Required<LeaveTypeChangeBody>;

const text = (n: number | null) => (n === null ? '' : String(n));

function draftOf(type?: LeaveType): Draft {
  if (!type)
    return {
      name: '',
      accrual: 'yearly',
      daysPerYear: '',
      carryOverCap: '0',
      minServiceMonths: '0',
      halfPayAfterDays: '',
      documentsRequired: '',
      documentsAfterDays: '',
      countsWeekends: false,
      countsHolidays: false,
      allowNegative: false,
      paid: true,
      active: true,
    };
  return {
    name: type.name,
    accrual: type.accrual,
    daysPerYear: text(type.daysPerYear),
    carryOverCap: text(type.carryOverCap),
    minServiceMonths: String(type.minServiceMonths),
    halfPayAfterDays: text(type.halfPayAfterDays),
    documentsRequired: type.documentsRequired ?? '',
    documentsAfterDays: text(type.documentsAfterDays),
    countsWeekends: type.countsWeekends,
    countsHolidays: type.countsHolidays,
    allowNegative: type.allowNegative,
    paid: type.paid,
    active: type.active,
  };
}

/** The rules a draft says, or the message of each field that is not right (keys of `leave.*`). */
function rulesOf(d: Draft): { rules: Rules } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const optional = (value: string, parse: (v: string) => number | null, field: Text, message: string) => {
    if (value.trim() === '') return null;
    const n = parse(value);
    if (n === null) errors[field] = message;
    return n;
  };
  const name = d.name.trim();
  if (name.length < 2 || name.length > 80) errors.name = 'typeNameRequired';
  const daysPerYear = parseDays(d.daysPerYear);
  if (daysPerYear === null) errors.daysPerYear = 'numberInvalid';
  const minServiceMonths = parseWhole(d.minServiceMonths || '0', 0, 24);
  if (minServiceMonths === null) errors.minServiceMonths = 'monthsInvalid';
  const document = d.documentsRequired.trim();
  if (document.length === 1) errors.documentsRequired = 'documentInvalid';
  const rules = {
    name,
    accrual: d.accrual,
    daysPerYear: daysPerYear ?? 0,
    carryOverCap: optional(d.carryOverCap, parseDays, 'carryOverCap', 'numberInvalid'),
    minServiceMonths: minServiceMonths ?? 0,
    halfPayAfterDays: optional(d.halfPayAfterDays, parseDays, 'halfPayAfterDays', 'numberInvalid'),
    documentsRequired: document || null,
    documentsAfterDays: optional(
      d.documentsAfterDays,
      (v) => parseWhole(v, 0, 366),
      'documentsAfterDays',
      'documentDaysInvalid',
    ),
    countsWeekends: d.countsWeekends,
    countsHolidays: d.countsHolidays,
    allowNegative: d.allowNegative,
    paid: d.paid,
    active: d.active,
  };
  return Object.keys(errors).length > 0 ? { errors } : { rules };
}

/** Only what HR changed, so two people editing different rules do not undo each other. */
function changesOf(type: LeaveType, rules: Rules): LeaveTypeChangeBody {
  return Object.fromEntries(
    Object.entries(rules).filter(([key, value]) => type[key as keyof Rules] !== value),
  ) as LeaveTypeChangeBody;
}

/**
 * HR's leave types: Kenya's presets and HR's own, each with every rule the service keeps (how it is
 * earned, days a year, carry-over, which days count, a negative balance, service before eligibility, half
 * pay, the document asked and when, paid, offered); HR adds a type or edits one in place. The service
 * refuses anyone else.
 */
export function LeaveTypes() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const nameOf = useNameOf();
  const types = useApiQuery(coreApi.leaveTypes());
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  return (
    <section className="card" aria-labelledby="leave-types">
      <h2 id="leave-types">{t('leave.typesTitle')}</h2>
      {types.loading && <Spinner label={t('hrPage.loading')} />}
      {types.error && <Alert kind="error">{failure(types.error)}</Alert>}
      <ul className="hr-list">
        {(types.data?.data ?? []).map((type) => (
          <TypeItem key={type.id} type={type} name={nameOf(type.names)} />
        ))}
      </ul>
      {added && <Alert kind="success">{t('leave.typeAdded')}</Alert>}
      {adding ? (
        <TypeForm
          onDone={(saved) => {
            setAdding(false);
            setAdded(saved);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setAdding(true);
            setAdded(false);
          }}
        >
          {t('leave.addType')}
        </Button>
      )}
    </section>
  );
}

function TypeItem({ type, name }: { type: LeaveType; name: string }) {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState(false);
  return (
    <li>
      <strong>{name}</strong> · {t(`leave.accrual.${type.accrual}`, { days: type.daysPerYear })}
      {!type.active && <> · {t('leave.inactive')}</>}{' '}
      <Button
        variant="secondary"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        aria-label={t('leave.editType', { name })}
      >
        {t('leave.edit')}
      </Button>
      {open && <TypeForm type={type} name={name} onDone={() => setOpen(false)} />}
    </li>
  );
}

/** Adds a type (no `type`) or changes one; Cancel leaves it as it was. */
function TypeForm({
  type,
  name,
  onDone,
}: {
  type?: LeaveType;
  name?: string;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation('core');
  const { submit, busy, message, setMessage } = useSubmit();
  const [draft, setDraft] = useState(() => draftOf(type));
  const [errors, setErrors] = useState<Errors>({});
  const field = (key: Text) => ({
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const checked = rulesOf(draft);
    if ('errors' in checked) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, t(`leave.${key}`)])));
      return;
    }
    setErrors({});
    const { active: _active, ...created } = checked.rules;
    const change = type ? changesOf(type, checked.rules) : null;
    if (change && Object.keys(change).length === 0) {
      setMessage({ kind: 'success', text: t('leave.typeUnchanged') });
      return;
    }
    await submit(
      () =>
        change
          ? coreApi.changeLeaveType(type!.id, change)
          : coreApi.addLeaveType(created satisfies LeaveTypeBody),
      {
        success: type ? t('leave.typeSaved') : undefined,
        refresh: ['/api/core/leave/types'],
        done: () => type || onDone(true),
      },
    );
  }

  return (
    <form
      onSubmit={save}
      noValidate
      className="hr-form"
      aria-label={type ? t('leave.editType', { name }) : t('leave.addType')}
    >
      <TextField
        label={t('leave.typeName')}
        hint={type?.code ? t('leave.presetNameHint') : undefined}
        required
        maxLength={80}
        {...field('name')}
      />
      <SelectField
        label={t('leave.accrualKind')}
        value={draft.accrual}
        onChange={(e) => setDraft((d) => ({ ...d, accrual: e.target.value as Accrual }))}
        options={LEAVE_ACCRUALS.map((a) => ({ value: a, label: t(`leave.accrualKinds.${a}`) }))}
      />
      <TextField label={t('leave.daysPerYear')} required inputMode="decimal" {...field('daysPerYear')} />
      <TextField
        label={t('leave.carryOverCap')}
        hint={t('leave.carryOverHint')}
        inputMode="decimal"
        {...field('carryOverCap')}
      />
      <TextField
        label={t('leave.minServiceMonths')}
        hint={t('leave.minServiceHint')}
        inputMode="numeric"
        {...field('minServiceMonths')}
      />
      <TextField
        label={t('leave.halfPayAfterDays')}
        hint={t('leave.halfPayHint')}
        inputMode="decimal"
        {...field('halfPayAfterDays')}
      />
      <TextField
        label={t('leave.documentsRequired')}
        hint={t('leave.documentsRequiredHint')}
        maxLength={160}
        {...field('documentsRequired')}
      />
      <TextField
        label={t('leave.documentsAfterDays')}
        hint={t('leave.documentsAfterHint')}
        inputMode="numeric"
        {...field('documentsAfterDays')}
      />
      <fieldset>
        <legend>{t('leave.rulesTitle')}</legend>
        {SWITCHES.filter((rule) => type || rule !== 'active').map((rule) => (
          <label key={rule} className="hr-check">
            <input
              type="checkbox"
              checked={draft[rule]}
              onChange={(e) => setDraft((d) => ({ ...d, [rule]: e.target.checked }))}
            />{' '}
            {t(`leave.rules.${rule}`)}
          </label>
        ))}
      </fieldset>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className="hr-actions">
        <Button type="submit" loading={busy}>
          {type ? t('leave.saveType') : t('leave.addTypeButton')}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={busy}>
          {t('leave.close')}
        </Button>
      </div>
    </form>
  );
}
