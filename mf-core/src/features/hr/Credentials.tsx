import './texts';
import { useState, type FormEvent } from 'react';
import type { Credential, StaffDetail } from '@platform/svc-core/contract';
import { useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, TextField, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { DocumentFile } from './DocumentFile';
import { useSubmit } from './hr-access';

/** A licence's lists: the record it is on and HR's list of licences. */
const LICENCE_LISTS = ['/api/core/staff', '/api/core/credentials'];

/**
 * A record's licences: each with its council, number, dates and status ("verified by <clinic>"); HR verifies
 * an unverified one after checking the council's public register (its address is shown beside it), and
 * revokes one the register no longer shows, saying why; HR adds a member's licence, a professional their
 * own; both keep its scan (a PDF or a photo).
 */
export function Credentials({
  record,
  mine,
  canVerify,
}: {
  record: StaffDetail;
  mine: boolean;
  canVerify: boolean;
}) {
  const { t } = useTranslation('core');
  const councils = useApiQuery(coreApi.councils());
  const councilOf = new Map((councils.data?.data ?? []).map((c) => [c.id, c]));
  // HR adds a licence for a person; someone imported who has not joined yet has none to hold it.
  const canAdd = mine || (canVerify && record.personId !== null);
  return (
    <section className="card" aria-labelledby="staff-licences">
      <h2 id="staff-licences">{t('credentials.title')}</h2>
      {record.credentials.length === 0 && <p>{t('credentials.none')}</p>}
      {record.credentials.length > 0 && (
        <ul className="card-list hr-credentials">
          {record.credentials.map((c) => (
            <CredentialItem
              key={c.id}
              credential={c}
              registerUrl={councilOf.get(c.councilId)?.registerUrl}
              councilName={councilOf.get(c.councilId)?.name}
              canVerify={canVerify}
              canFile={mine || canVerify}
            />
          ))}
        </ul>
      )}
      {canAdd ? (
        <AddCredential personId={mine ? undefined : record.personId!} councils={councils.data?.data ?? []} />
      ) : (
        canVerify && <p className="muted">{t('credentials.notJoined')}</p>
      )}
    </section>
  );
}

function CredentialItem({
  credential: c,
  registerUrl,
  councilName,
  canVerify,
  canFile,
}: {
  credential: Credential;
  registerUrl: string | undefined;
  councilName: string | undefined;
  canVerify: boolean;
  /** The holder and HR keep its scan (the service refuses anyone else). */
  canFile: boolean;
}) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const { submit, busy, message } = useSubmit();
  const verify = () => submit(() => coreApi.verifyCredential(c.id), { refresh: LICENCE_LISTS });

  return (
    <li className="card">
      <strong>
        {c.councilAbbreviation} {c.number}
      </strong>
      {councilName && <span className="muted"> · {councilName}</span>}
      <br />
      {c.issuedOn && `${t('credentials.issuedOn', { date: date(c.issuedOn) })} · `}
      {t('hrPage.expiresOn', { date: date(c.expiresOn) })} ·{' '}
      <span
        className={c.status === 'verified' ? 'hr-cleared' : c.status === 'unverified' ? '' : 'hr-not-cleared'}
      >
        {t(`hrPage.status.${c.status}`)}
      </span>
      {c.verifiedBy &&
        ` · ${t('credentials.verifiedBy', { organisation: c.verifiedBy.organisation, date: date(c.verifiedBy.at) })}`}
      {c.renewed && ` · ${t('credentials.renewed')}`}
      {canVerify && c.status === 'unverified' && (
        <div className="hr-verify">
          <p>
            {t('credentials.checkRegister')}{' '}
            {registerUrl && (
              <a href={registerUrl} target="_blank" rel="noopener noreferrer">
                {registerUrl}
                <span className="visually-hidden"> {t('credentials.newTab')}</span>
              </a>
            )}
          </p>
          <Button
            onClick={() => void verify()}
            loading={busy}
            aria-label={t('credentials.verifyFor', { number: `${c.councilAbbreviation} ${c.number}` })}
          >
            {t('credentials.verify')}
          </Button>
          {message && <Alert kind={message.kind}>{message.text}</Alert>}
        </div>
      )}
      {canFile && (
        <DocumentFile
          file={c.file}
          name={c.councilAbbreviation}
          number={c.number}
          upload={(file) => coreApi.uploadCredentialFile(c.id, file)}
          fetchFile={() => coreApi.credentialFile(c.id)}
          refresh={LICENCE_LISTS}
        />
      )}
      {canVerify && (c.status === 'verified' || c.status === 'unverified') && !c.renewed && (
        <RevokeCredential credential={c} />
      )}
    </li>
  );
}

/** Revoke, behind a second step that asks what the register showed (kept in the audit log). */
function RevokeCredential({ credential: c }: { credential: Credential }) {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { submit, busy, message } = useSubmit();
  const number = `${c.councilAbbreviation} ${c.number}`;

  function revoke(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setInvalid(true);
    void submit(() => coreApi.revokeCredential(c.id, reason.trim()), { refresh: LICENCE_LISTS });
  }

  if (!open)
    return (
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('credentials.revokeFor', { number })}
      >
        {t('credentials.revoke')}
      </Button>
    );
  return (
    <form className="hr-verify" onSubmit={revoke} noValidate>
      <TextField
        label={t('credentials.revokeReason')}
        hint={t('credentials.revokeHint')}
        value={reason}
        maxLength={500}
        required
        autoFocus
        error={invalid && reason.trim().length < 3 ? t('credentials.revokeReasonRequired') : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" loading={busy}>
        {t('credentials.revokeConfirm', { number })}
      </Button>{' '}
      <Button variant="ghost" onClick={() => setOpen(false)}>
        {t('credentials.revokeCancel')}
      </Button>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </form>
  );
}

function AddCredential({
  personId,
  councils,
}: {
  personId: string | undefined;
  councils: { id: string; abbreviation: string; name: string; country: string }[];
}) {
  const { t } = useTranslation('core');
  const empty = { councilId: '', number: '', issuedOn: '', expiresOn: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function add(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!form.councilId) found.councilId = t('credentials.councilRequired');
    if (!/^[A-Za-z0-9][A-Za-z0-9/ -]{1,39}$/.test(form.number.trim()))
      found.number = t('credentials.numberInvalid');
    if (!form.expiresOn) found.expiresOn = t('credentials.expiryRequired');
    else if (form.issuedOn && form.issuedOn > form.expiresOn)
      found.expiresOn = t('serverErrors.core.expires_before_issue');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.addCredential({
          ...(personId ? { personId } : {}),
          councilId: form.councilId,
          number: form.number.trim(),
          ...(form.issuedOn ? { issuedOn: form.issuedOn } : {}),
          expiresOn: form.expiresOn,
        }),
      { success: t('credentials.added'), refresh: LICENCE_LISTS, done: () => setForm(empty) },
    );
  }

  return (
    <form onSubmit={add} noValidate className="hr-form" aria-labelledby="credential-add">
      <h3 id="credential-add">{t('credentials.addTitle')}</h3>
      <SelectField
        label={t('credentials.council')}
        required
        value={form.councilId}
        error={errors.councilId}
        onChange={set('councilId')}
        options={[
          { value: '', label: t('credentials.chooseCouncil') },
          ...councils.map((c) => ({ value: c.id, label: `${c.abbreviation} · ${c.name} (${c.country})` })),
        ]}
      />
      <TextField
        label={t('credentials.number')}
        required
        maxLength={40}
        value={form.number}
        error={errors.number}
        onChange={set('number')}
      />
      <TextField
        label={t('credentials.issued')}
        type="date"
        value={form.issuedOn}
        onChange={set('issuedOn')}
      />
      <TextField
        label={t('credentials.expires')}
        type="date"
        required
        value={form.expiresOn}
        error={errors.expiresOn}
        onChange={set('expiresOn')}
      />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <Button type="submit" loading={busy}>
        {t('credentials.add')}
      </Button>
    </form>
  );
}
