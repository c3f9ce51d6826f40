import { useState, type FormEvent, type ReactNode } from 'react';
import { refreshApi } from '@platform/data';
import {
  Button,
  FormErrors,
  Modal,
  ModalCancel,
  SelectField,
  TextArea,
  TextField,
  useDateFormat,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { adminApi, type AdminOrganisation, type AdminPrice } from '../../api';
import { useMoney } from './PagedList';

/** A whole number within bounds, as typed; null when it is not one. */
function wholeNumber(typed: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(typed.trim())) return null;
  const n = Number(typed.trim());
  return n >= min && n <= max ? n : null;
}

/** After a change every billing list and figure loads again. */
const refreshBilling = () => refreshApi('/api/billing/admin');

type Errors = 'required' | 'days' | 'amount';
/** What `useForm`'s `field(key)` gives an input. */
type FieldProps = {
  id: string;
  value: string;
  onChange(e: { target: { value: string } }): void;
  error: string | undefined;
};

/**
 * The form every billing change shares: its own fields, then the reason the audit log keeps, asked
 * first; a refusal is shown inside the dialog. Done: a toast, the lists load again, the dialog closes.
 */
function ChangeDialog<F extends { reason: string } & { [K in keyof F]: string }>({
  name,
  title,
  message,
  initial,
  validate,
  send,
  done,
  fields,
  onClose,
}: {
  /** The dialog's key under `billing` (its texts: reason, confirm, failed, errors). */
  name: 'extend' | 'grant' | 'price';
  title: string;
  message: ReactNode;
  initial: F;
  validate(form: F): Partial<Record<keyof F, Errors>>;
  send(form: F): Promise<{ ok: boolean; status: number; body: unknown }>;
  done(form: F): string;
  fields(field: (key: keyof F) => FieldProps): ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const form = useForm<F, Errors>('admin', initial, `billing.${name}.errors`, {
    serverFields: { 'request.invalid': 'reason' as keyof F },
  });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(form.form);
    if (!form.form.reason.trim()) found.reason = 'required';
    if (!form.check(found)) return;
    setBusy(true);
    try {
      const res = await send(form.form);
      if (res.ok) {
        show({ kind: 'success', message: done(form.form) });
        onClose();
        return void (await refreshBilling());
      }
      form.fail(res, `billing.${name}.failed`);
    } catch (err) {
      form.fail(err, `billing.${name}.failed`);
    }
    setBusy(false);
  }
  return (
    <Modal open onClose={onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p>{message}</p>
        <FormErrors form={form} />
        {fields(form.field)}
        <TextArea
          label={t('billing.reason')}
          hint={t('billing.reasonHint')}
          required
          maxLength={500}
          {...form.field('reason' as keyof F)}
        />
        <div className="row confirm-actions">
          <ModalCancel>{t('cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t(`billing.${name}.confirm`)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Moves the clinic's period end (a trial's too) later by a number of days. */
export function ExtendDialog({ clinic, onClose }: { clinic: AdminOrganisation; onClose(): void }) {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const label = clinic.name || clinic.orgId;
  const later = (days: number) =>
    date(new Date(new Date(clinic.periodEnd!).getTime() + days * 86_400_000).toISOString());
  return (
    <ChangeDialog
      name="extend"
      title={t('billing.extend.title', { name: label })}
      message={t('billing.extend.message', { date: date(clinic.periodEnd!) })}
      initial={{ days: '', reason: '' }}
      validate={(f) => (wholeNumber(f.days, 1, 365) === null ? { days: 'days' } : {})}
      send={(f) => adminApi.extendPeriod(clinic.orgId, { days: Number(f.days), reason: f.reason.trim() })}
      done={(f) => t('billing.extend.done', { name: label, date: later(Number(f.days)) })}
      fields={(field) => (
        <TextField
          label={t('billing.extend.days')}
          hint={t('billing.extend.daysHint')}
          inputMode="numeric"
          required
          {...field('days')}
        />
      )}
      onClose={onClose}
    />
  );
}

/** Gives the clinic a Core plan from now, unpaid, for some days (a month when left empty). */
export function GrantDialog({
  clinic,
  plans,
  onClose,
}: {
  clinic: AdminOrganisation;
  plans: AdminPrice[];
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const label = clinic.name || clinic.orgId;
  const nameOf = (id: string) => plans.find((p) => p.id === id)?.name ?? id;
  return (
    <ChangeDialog
      name="grant"
      title={t('billing.grant.title', { name: label })}
      message={t('billing.grant.message', { name: label })}
      initial={{ plan: plans[0]?.id ?? '', days: '', reason: '' }}
      validate={(f) => (f.days.trim() && wholeNumber(f.days, 1, 365) === null ? { days: 'days' } : {})}
      send={(f) =>
        adminApi.grantPlan(clinic.orgId, {
          plan: f.plan,
          ...(f.days.trim() ? { days: Number(f.days) } : {}),
          reason: f.reason.trim(),
        })
      }
      done={(f) => t('billing.grant.done', { name: label, plan: nameOf(f.plan) })}
      fields={(field) => (
        <>
          <SelectField
            label={t('billing.grant.plan')}
            options={plans.map((p) => ({ value: p.id, label: p.name }))}
            {...field('plan')}
          />
          <TextField
            label={t('billing.grant.days')}
            hint={t('billing.grant.daysHint')}
            inputMode="numeric"
            {...field('days')}
          />
        </>
      )}
      onClose={onClose}
    />
  );
}

/** A catalogue item's price for purchases from now on (whole shillings: mobile money takes no cents). */
export function PriceDialog({ item, onClose }: { item: AdminPrice; onClose(): void }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  return (
    <ChangeDialog
      name="price"
      title={t('billing.price.title', { name: item.name })}
      message={t('billing.price.message', { price: money(item.price) })}
      initial={{ shillings: String(item.price / 100), reason: '' }}
      validate={(f) => (wholeNumber(f.shillings, 1, 1_000_000) === null ? { shillings: 'amount' } : {})}
      send={(f) => adminApi.setPrice(item.id, { price: Number(f.shillings) * 100, reason: f.reason.trim() })}
      done={(f) => t('billing.price.done', { name: item.name, price: money(Number(f.shillings) * 100) })}
      fields={(field) => (
        <TextField
          label={t('billing.price.amount')}
          hint={t('billing.price.amountHint')}
          inputMode="numeric"
          required
          {...field('shillings')}
        />
      )}
      onClose={onClose}
    />
  );
}
