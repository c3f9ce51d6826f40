import './texts';
import { useId, useState, type FormEvent } from 'react';
import type { LicenceAlertRoles as RolesView } from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { Alert, Button, SelectField, Spinner, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';

const PATH = '/api/core/licence-alerts/roles';
type Outcome = { kind: 'success' | 'error'; text: string; upgrade?: boolean } | null;

/**
 * `/hr` for HR: which staff roles' licences alert HR. On a plan with a limit (Essential: 3) HR chooses them
 * and a role past the limit is refused by the service, said here with the way to upgrade; on Professional
 * and Enterprise every role alerts. `owner`: the clinic's account, the one that can pay for an upgrade.
 */
export function LicenceAlertRoles({ owner }: { owner: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const view = useApiQuery(coreApi.licenceAlertRoles());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const data = view.data?.data;
  return (
    <section className="card" aria-labelledby="hr-licence-roles">
      <h2 id="hr-licence-roles">{t('licenceRoles.title')}</h2>
      {view.loading && <Spinner label={t('hrPage.loading')} />}
      {view.error && <Alert kind="error">{failure(view.error)}</Alert>}
      {data && data.limit === null && <p>{t('licenceRoles.everyRole')}</p>}
      {data && data.limit !== null && (
        <>
          <p>{t('licenceRoles.limited', { limit: data.limit })}</p>
          <Chosen data={data} limit={data.limit} onOutcome={setOutcome} />
          <AddRole data={data} onOutcome={setOutcome} />
          {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
          {(outcome?.upgrade || data.roles.length >= data.limit) && <Upgrade owner={owner} />}
        </>
      )}
    </section>
  );
}

function Chosen({
  data,
  limit,
  onOutcome,
}: {
  data: RolesView;
  limit: number;
  onOutcome: (o: Outcome) => void;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [busy, setBusy] = useState<string | null>(null);
  const listId = useId();
  const role = (p: string) => t(`professions.${p}`, { ns: 'ui' });

  async function stop(profession: string) {
    setBusy(profession);
    onOutcome(null);
    try {
      const res = await coreApi.untrackLicenceRole(profession);
      if (res.ok) {
        onOutcome({ kind: 'success', text: t('licenceRoles.stopped', { role: role(profession) }) });
        await refreshApi(PATH);
      } else onOutcome({ kind: 'error', text: failure(res) });
    } catch (caught) {
      onOutcome({ kind: 'error', text: failure(caught) });
    }
    setBusy(null);
  }

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
              loading={busy === r.profession}
              onClick={() => void stop(r.profession)}
            >
              {t('licenceRoles.stop', { role: role(r.profession) })}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function AddRole({ data, onOutcome }: { data: RolesView; onOutcome: (o: Outcome) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const chosen = new Set(data.roles.map((r) => r.profession));
  const open = data.professions.filter((p) => !chosen.has(p));
  const [profession, setProfession] = useState('');
  const [busy, setBusy] = useState(false);
  const role = (p: string) => t(`professions.${p}`, { ns: 'ui' });
  const picked = open.includes(profession as (typeof open)[number]) ? profession : (open[0] ?? '');
  if (open.length === 0) return null;

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    onOutcome(null);
    try {
      const res = await coreApi.trackLicenceRole(picked);
      const body = res.body as { code?: string; allowed?: number };
      if (res.ok) {
        onOutcome({ kind: 'success', text: t('licenceRoles.added', { role: role(picked) }) });
        await refreshApi(PATH);
      } else if (body.code === 'billing.limit_reached')
        onOutcome({
          kind: 'error',
          text: t('licenceRoles.refused', { allowed: body.allowed, role: role(picked) }),
          upgrade: true,
        });
      else onOutcome({ kind: 'error', text: failure(res) });
    } catch (caught) {
      onOutcome({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={add} noValidate className="hr-filters">
      <SelectField
        label={t('licenceRoles.role')}
        value={picked}
        options={open.map((p) => ({ value: p, label: role(p) }))}
        onChange={(e) => setProfession(e.target.value)}
      />
      <Button type="submit" loading={busy}>
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
