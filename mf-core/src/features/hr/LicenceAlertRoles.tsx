import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { LicenceAlertRoles as RolesView } from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { Alert, Button, SelectField, Spinner, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useSubmit } from './hr-access';

const PATH = '/api/core/licence-alerts/roles';
/** The role being stopped, or this for the one being added. */
const ADDING = '';

/**
 * `/hr` for HR: which staff roles' licences alert HR. On a plan with a limit (Essential: 3) HR chooses them
 * and a role past the limit is refused by the service, said here with the way to upgrade; on Professional
 * and Enterprise every role alerts. `owner`: the clinic's account, the one that can pay for an upgrade.
 */
export function LicenceAlertRoles({ owner }: { owner: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const view = useApiQuery(coreApi.licenceAlertRoles());
  const { submit, busy, message, setMessage } = useSubmit();
  const [pending, setPending] = useState<string | null>(null);
  // The service refused a role past the plan's limit: the way to upgrade is shown with it.
  const [upgrade, setUpgrade] = useState(false);
  const data = view.data?.data;
  const role = (p: string) => t(`professions.${p}`, { ns: 'ui' });

  function stop(profession: string) {
    setPending(profession);
    setUpgrade(false);
    void submit(() => coreApi.untrackLicenceRole(profession), {
      success: t('licenceRoles.stopped', { role: role(profession) }),
      refresh: [PATH],
    });
  }

  function add(profession: string) {
    setPending(ADDING);
    setUpgrade(false);
    void submit(() => coreApi.trackLicenceRole(profession), {
      success: t('licenceRoles.added', { role: role(profession) }),
      refresh: [PATH],
      refused: (res) => {
        const body = res.body as { code?: string; allowed?: number };
        if (body.code !== 'billing.limit_reached') return false;
        setMessage({
          kind: 'error',
          text: t('licenceRoles.refused', { allowed: body.allowed, role: role(profession) }),
        });
        setUpgrade(true);
        return true;
      },
    });
  }

  return (
    <section className="card" aria-labelledby="hr-licence-roles">
      <h2 id="hr-licence-roles">{t('licenceRoles.title')}</h2>
      {view.loading && <Spinner label={t('hrPage.loading')} />}
      {view.error && <Alert kind="error">{failure(view.error)}</Alert>}
      {data && data.limit === null && <p>{t('licenceRoles.everyRole')}</p>}
      {data && data.limit !== null && (
        <>
          <p>{t('licenceRoles.limited', { limit: data.limit })}</p>
          <Chosen data={data} limit={data.limit} stopping={busy ? pending : null} onStop={stop} />
          <AddRole data={data} adding={busy && pending === ADDING} onAdd={add} />
          {message && <Alert kind={message.kind}>{message.text}</Alert>}
          {(upgrade || data.roles.length >= data.limit) && <Upgrade owner={owner} />}
        </>
      )}
    </section>
  );
}

function Chosen({
  data,
  limit,
  stopping,
  onStop,
}: {
  data: RolesView;
  limit: number;
  /** The role whose stop is being sent. */
  stopping: string | null;
  onStop(profession: string): void;
}) {
  const { t } = useTranslation('core');
  const listId = useId();
  const role = (p: string) => t(`professions.${p}`, { ns: 'ui' });

  if (data.roles.length === 0) return <p className="muted">{t('licenceRoles.none', { limit })}</p>;
  return (
    <>
      <p id={listId}>{t('licenceRoles.used', { used: Math.min(data.roles.length, limit), limit })}</p>
      <ul className="hr-list" aria-labelledby={listId}>
        {data.roles.map((r) => (
          <li key={r.profession}>
            {role(r.profession)}
            {!r.alerted && <> · {t('licenceRoles.pastLimit')}</>}{' '}
            <Button
              variant="secondary"
              loading={stopping === r.profession}
              onClick={() => onStop(r.profession)}
            >
              {t('licenceRoles.stop', { role: role(r.profession) })}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function AddRole({
  data,
  adding,
  onAdd,
}: {
  data: RolesView;
  adding: boolean;
  onAdd(profession: string): void;
}) {
  const { t } = useTranslation('core');
  const chosen = new Set(data.roles.map((r) => r.profession));
  const open = data.professions.filter((p) => !chosen.has(p));
  const [profession, setProfession] = useState('');
  const role = (p: string) => t(`professions.${p}`, { ns: 'ui' });
  const picked = open.includes(profession as (typeof open)[number]) ? profession : (open[0] ?? '');
  if (open.length === 0) return null;

  function add(e: FormEvent) {
    e.preventDefault();
    onAdd(picked);
  }

  return (
    <form onSubmit={add} noValidate className="hr-filters">
      <SelectField
        label={t('licenceRoles.role')}
        value={picked}
        options={open.map((p) => ({ value: p, label: role(p) }))}
        onChange={(e) => setProfession(e.target.value)}
      />
      <Button type="submit" loading={adding}>
        {t('licenceRoles.add')}
      </Button>
    </form>
  );
}

/** The way to more roles: the clinic's account upgrades at the checkout; anyone may compare the plans. */
function Upgrade({ owner }: { owner: boolean }) {
  const { t } = useTranslation('core');
  return (
    <p>
      {t('licenceRoles.upgradeWhy')}{' '}
      {owner ? (
        <Link to="/billing/checkout?items=professional">{t('licenceRoles.upgrade')}</Link>
      ) : (
        t('licenceRoles.askOwner')
      )}{' '}
      · <Link to="/pricing">{t('licenceRoles.comparePlans')}</Link>
    </p>
  );
}
