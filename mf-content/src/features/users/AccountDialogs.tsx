import { useState } from 'react';
import type { AdminAccount } from '@platform/contracts';
import { refreshApi } from '@platform/data';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  FormErrors,
  Modal,
  ModalCancel,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { adminApi } from '../../api';

export type AccountAction = 'suspend' | 'unsuspend' | 'changeRole' | 'remove' | 'verifyOrganisation';

type Answer = { ok: boolean; status: number; body: { message?: string; code?: string } };

/** After a change every list of accounts (and the dashboard's figures) loads again. */
const refreshAccounts = () => Promise.all([refreshApi('/api/user/admin'), refreshApi('/api/dashboard')]);

/** The day after today, as a date input writes it: the earliest end of a timed suspension. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The dialog of one action on one account; each asks before it acts, and shows a refusal inside itself
 * (the page under an open dialog is inert). Done: a toast, the lists load again, the dialog closes.
 */
export function AccountDialog({
  action,
  account,
  onClose,
}: {
  action: AccountAction;
  account: AdminAccount;
  onClose(): void;
}) {
  if (action === 'suspend') return <SuspendDialog account={account} onClose={onClose} />;
  if (action === 'changeRole') return <RoleDialog account={account} onClose={onClose} />;
  if (action === 'verifyOrganisation')
    return <VerifyOrganisationDialog account={account} onClose={onClose} />;
  return <SimpleDialog action={action} account={account} onClose={onClose} />;
}

function useDone(onClose: () => void) {
  const { show } = useToast();
  return async (message: string) => {
    show({ kind: 'success', message });
    onClose();
    await refreshAccounts();
  };
}

function SimpleDialog({
  action,
  account,
  onClose,
}: {
  action: 'unsuspend' | 'remove';
  account: AdminAccount;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const done = useDone(onClose);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const res: Answer =
        action === 'remove' ? await adminApi.remove(account.id) : await adminApi.unsuspend(account.id);
      if (res.ok) return void (await done(t(`users.${action}.done`, { name: account.name })));
      setError(failureText(t, res, `users.${action}.failed`));
    } catch (err) {
      setError(failureText(t, err, `users.${action}.failed`));
    }
    setBusy(false);
  }
  return (
    <ConfirmDialog
      open
      title={t(`users.${action}.title`, { name: account.name })}
      message={t(`users.${action}.message`, { name: account.name, email: account.email })}
      confirmLabel={t(`users.${action}.confirm`)}
      cancelLabel={t('cancel')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

function SuspendDialog({ account, onClose }: { account: AdminAccount; onClose(): void }) {
  const { t } = useTranslation('admin');
  const done = useDone(onClose);
  const form = useForm<{ reason: string; until: string }, 'required' | 'past'>(
    'admin',
    { reason: '', until: '' },
    'users.suspend.errors',
    { serverFields: { 'request.invalid': 'reason' } },
  );
  const [busy, setBusy] = useState(false);
  const min = tomorrow();
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { reason, until } = form.form;
    const found: Partial<Record<'reason' | 'until', 'required' | 'past'>> = {};
    if (!reason.trim()) found.reason = 'required';
    if (until && until < min) found.until = 'past';
    if (!form.check(found)) return;
    setBusy(true);
    try {
      const res = await adminApi.suspend(account.id, {
        reason: reason.trim(),
        // The suspension ends as the chosen day starts, in the admin's own time.
        ...(until ? { until: new Date(`${until}T00:00:00`).toISOString() } : {}),
      });
      if (res.ok) return void (await done(t('users.suspend.done', { name: account.name })));
      form.fail(res, 'users.suspend.failed');
    } catch (err) {
      form.fail(err, 'users.suspend.failed');
    }
    setBusy(false);
  }
  return (
    <Modal open onClose={onClose} title={t('users.suspend.title', { name: account.name })}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p>{t('users.suspend.message', { name: account.name, email: account.email })}</p>
        <FormErrors form={form} />
        <TextArea
          label={t('users.suspend.reason')}
          hint={t('users.suspend.reasonHint')}
          required
          maxLength={500}
          {...form.field('reason')}
        />
        <TextField
          type="date"
          label={t('users.suspend.until')}
          hint={t('users.suspend.untilHint')}
          min={min}
          {...form.field('until')}
        />
        <div className="row confirm-actions">
          <ModalCancel>{t('cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t('users.suspend.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RoleDialog({ account, onClose }: { account: AdminAccount; onClose(): void }) {
  const { t } = useTranslation('admin');
  const done = useDone(onClose);
  const choices = (['user', 'Clinic'] as const).filter((r) => r !== account.role);
  const [role, setRole] = useState<'user' | 'Clinic'>(choices[0]!);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await adminApi.changeRole(account.id, { role });
      if (res.ok)
        return void (await done(
          t('users.changeRole.done', { name: account.name, role: t(`roles.${role}`) }),
        ));
      setError(failureText(t, res, 'users.changeRole.failed'));
    } catch (err) {
      setError(failureText(t, err, 'users.changeRole.failed'));
    }
    setBusy(false);
  }
  return (
    <Modal open onClose={onClose} title={t('users.changeRole.title', { name: account.name })}>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <p>{t('users.changeRole.message', { name: account.name, role: t(`roles.${account.role}`) })}</p>
        <SelectField
          label={t('users.changeRole.newRole')}
          value={role}
          onChange={(e) => setRole(e.target.value as 'user' | 'Clinic')}
          options={choices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <div className="row confirm-actions">
          <ModalCancel>{t('cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t('users.changeRole.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A Clinic's organisation, verified after the admin checked its registration documents (named here). */
function VerifyOrganisationDialog({ account, onClose }: { account: AdminAccount; onClose(): void }) {
  const { t } = useTranslation('admin');
  const done = useDone(onClose);
  const form = useForm<{ reference: string }, 'required'>(
    'admin',
    { reference: '' },
    'users.verifyOrganisation.errors',
    { serverFields: { 'request.invalid': 'reference' } },
  );
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const reference = form.form.reference.trim();
    if (!form.check(reference.length < 3 ? { reference: 'required' } : {})) return;
    setBusy(true);
    try {
      const res = await adminApi.verifyOrganisation(account.id, { reference });
      if (res.ok) return void (await done(t('users.verifyOrganisation.done', { name: account.name })));
      form.fail(res, 'users.verifyOrganisation.failed');
    } catch (err) {
      form.fail(err, 'users.verifyOrganisation.failed');
    }
    setBusy(false);
  }
  return (
    <Modal open onClose={onClose} title={t('users.verifyOrganisation.title', { name: account.name })}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p>{t('users.verifyOrganisation.message', { name: account.name })}</p>
        <FormErrors form={form} />
        <TextField
          label={t('users.verifyOrganisation.reference')}
          hint={t('users.verifyOrganisation.referenceHint')}
          required
          maxLength={120}
          {...form.field('reference')}
        />
        <div className="row confirm-actions">
          <ModalCancel>{t('cancel')}</ModalCancel>
          <Button type="submit" loading={busy}>
            {t('users.verifyOrganisation.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
