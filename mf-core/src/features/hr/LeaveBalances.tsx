import './texts';
import { useState, type FormEvent } from 'react';
import type { PersonBalances } from '@platform/svc-core/contract';
import { useApiPages, useApiQuery } from '@platform/data';
import {
  Alert,
  Button,
  SelectField,
  Spinner,
  TextField,
  useFileDownload,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { orNull, useFailure, useOrgDay, useSubmit } from './hr-access';
import { parseDays, useNameOf } from './leave-common';

/**
 * Each person's balances in one's scope, a page at a time, and the CSV of them all; HR also enters what
 * a person brought in from before the organisation kept their leave here (`OpeningBalance`).
 */
export function LeaveBalances({ isHr }: { isHr: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const nameOf = useNameOf();
  const list = useApiPages((page) => coreApi.leaveBalances(page));
  const file = useFileDownload('core', 'hrPage.csvFailed');
  return (
    <section className="card" aria-labelledby="leave-balances">
      <h2 id="leave-balances">{t('leave.balancesTitle')}</h2>
      <div className="hr-export">
        <Button
          variant="secondary"
          loading={file.busy}
          onClick={() => void file.download(() => coreApi.leaveBalancesCsv(), 'leave-balances.csv')}
        >
          {t('leave.balancesCsv')}
        </Button>
        {file.error && <Alert kind="error">{file.error}</Alert>}
      </div>
      {isHr && <p className="field-hint">{t('leave.openingIntro')}</p>}
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      <ul className="hr-list">
        {list.items.map((p) => (
          <li key={p.staffId}>
            <strong>{p.name}</strong>:{' '}
            {p.balances
              .filter((b) => b.available !== null)
              .map((b) => t('leave.balanceOf', { type: nameOf(b.typeName), days: b.available }))
              .join(' · ')}
            {isHr && <OpeningBalance person={p} />}
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

type Field = 'typeId' | 'broughtForward' | 'taken';

/**
 * HR's form for one person: for a type that keeps a balance and a year, the days carried in and the days
 * already taken before (and a note), filled in with what was entered for this year.
 */
function OpeningBalance({ person }: { person: PersonBalances }) {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  const { submit, busy, message, setMessage } = useSubmit();
  const types = useApiQuery(coreApi.leaveTypes());
  const thisYear = Number(useOrgDay()().slice(0, 4));
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({
    typeId: '',
    year: String(thisYear),
    broughtForward: '',
    taken: '',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const kept = (types.data?.data ?? []).filter((type) => type.active && type.accrual !== 'none');

  /** Choosing a type (or this year) shows what was entered for it, to change. */
  function choose(typeId: string, year: string) {
    const entered =
      year === String(thisYear) ? person.balances.find((b) => b.typeId === typeId)?.opening : null;
    setForm({
      typeId,
      year,
      broughtForward: entered ? String(entered.broughtForward) : '',
      taken: entered ? String(entered.taken) : '',
      note: entered?.note ?? '',
    });
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const broughtForward = parseDays(form.broughtForward || '0');
    const taken = parseDays(form.taken || '0');
    const found: typeof errors = {};
    if (!form.typeId) found.typeId = t('leave.typeRequired');
    if (broughtForward === null) found.broughtForward = t('leave.numberInvalid');
    if (taken === null) found.taken = t('leave.numberInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit(
      () =>
        coreApi.setLeaveOpening(person.staffId, {
          typeId: form.typeId,
          year: Number(form.year),
          broughtForward: broughtForward!,
          taken: taken!,
          note: orNull(form.note),
        }),
      {
        success: (res) => {
          const b = res.ok ? res.body.data : null;
          return b
            ? t('leave.openingSaved', { type: nameOf(b.typeName), year: b.year, days: b.available })
            : '';
        },
        // Every balance list, one's own too.
        refresh: ['/api/core/leave/balances'],
      },
    );
  }

  const label = t('leave.openingFor', { name: person.name });
  return (
    <>
      {' '}
      <Button variant="secondary" aria-expanded={open} aria-label={label} onClick={() => setOpen((o) => !o)}>
        {t('leave.opening')}
      </Button>
      {open && (
        <form onSubmit={save} noValidate className="hr-form" aria-label={label}>
          <SelectField
            label={t('leave.type')}
            required
            value={form.typeId}
            error={errors.typeId}
            onChange={(e) => choose(e.target.value, form.year)}
            options={[
              { value: '', label: t('leave.chooseType') },
              ...kept.map((type) => ({ value: type.id, label: nameOf(type.names) })),
            ]}
          />
          <SelectField
            label={t('leave.year')}
            value={form.year}
            onChange={(e) => choose(form.typeId, e.target.value)}
            options={[thisYear - 1, thisYear].map((y) => ({ value: String(y), label: String(y) }))}
          />
          <TextField
            label={t('leave.broughtForward')}
            hint={t('leave.broughtForwardHint')}
            inputMode="decimal"
            value={form.broughtForward}
            error={errors.broughtForward}
            onChange={(e) => setForm((f) => ({ ...f, broughtForward: e.target.value }))}
          />
          <TextField
            label={t('leave.taken')}
            hint={t('leave.takenHint')}
            inputMode="decimal"
            value={form.taken}
            error={errors.taken}
            onChange={(e) => setForm((f) => ({ ...f, taken: e.target.value }))}
          />
          <TextField
            label={t('leave.openingNote')}
            maxLength={300}
            value={form.note}
            onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))}
          />
          <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
          <div className="hr-actions">
            <Button type="submit" loading={busy}>
              {t('leave.saveOpening')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              {t('leave.close')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
