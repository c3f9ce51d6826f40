import './texts';
import { useState, type FormEvent } from 'react';
import type { ComplianceDocument, ComplianceTypesResponse } from '@platform/svc-core/contract';
import { FACILITY_TYPES, type FacilityType } from '@platform/contracts/values';
import { useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useLanguage, useSession } from '@platform/shell-state';
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
import { DocumentFile } from './DocumentFile';
import { ExpiringList } from './ExpiringList';
import { useFailure, useOrgRole, useSubmit } from './hr-access';
import '../shared/core.css';

const NUMBER = /^[A-Za-z0-9][A-Za-z0-9/ .-]{1,39}$/;
type Types = ComplianceTypesResponse['data'];
/** Said in words; the colour (the clearance's) only repeats it. */
const STATUS_CLASS: Record<ComplianceDocument['status'], string | undefined> = {
  valid: 'hr-cleared',
  expiring: undefined,
  expired: 'hr-not-cleared',
};
type Named = { name: Record<string, string> };

/** A type's name in the page's language (the service sends all three). */
function useNameOf() {
  const language = useLanguage((s) => s.language);
  return (named: Named) => named.name[language] ?? named.name.en ?? '';
}

/** After any change: the list, the types' `recorded` and the dashboard's figures. */
const COMPLIANCE_LISTS = ['/api/core/compliance', '/api/core/compliance/types', '/api/core/dashboard'];

/**
 * `/hr/compliance`: the organisation's own papers (facility licence, SHA accreditation, insurance, fire and
 * waste certificates…). HR sees the required ones still missing for its country and facility type, the
 * documents by expiry (filtered to those expiring within 30/60/90 days), adds one and renews one. Others
 * are told it is HR's; the service refuses them regardless.
 */
export default function CompliancePage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('compliance.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/compliance')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('compliance.back')}</Link>
      </p>
      <h1>{t('compliance.title')}</h1>
      {isHr ? <ComplianceHome /> : role !== undefined && <p>{t('compliance.hrOnly')}</p>}
    </div>
  );
}

function ComplianceHome() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const types = useApiQuery(coreApi.complianceTypes());
  if (types.error) return <Alert kind="error">{failure(types.error)}</Alert>;
  if (!types.data) return <Spinner label={t('hrPage.loading')} />;
  const data = types.data.data;
  return (
    <>
      <Required types={data} />
      <Documents />
      <AddDocument types={data} />
    </>
  );
}

/** The facility type (which decides what is required) and the required types with no document yet. */
function Required({ types }: { types: Types }) {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  const [facilityType, setFacilityType] = useState<FacilityType>(types.facilityType);
  const { submit, busy, message } = useSubmit();
  const missing = types.types.filter((type) => type.required && !type.recorded);

  function save(e: FormEvent) {
    e.preventDefault();
    void submit(() => coreApi.configureOrganisation({ facilityType }), {
      success: t('compliance.facilitySaved'),
      refresh: COMPLIANCE_LISTS,
    });
  }

  return (
    <section className="card" aria-labelledby="compliance-required">
      <h2 id="compliance-required">{t('compliance.requiredTitle')}</h2>
      <form onSubmit={save} className="row hr-filters">
        <SelectField
          label={t('compliance.facilityType')}
          value={facilityType}
          options={FACILITY_TYPES.map((f) => ({ value: f, label: t(`demo.facility.${f}`) }))}
          onChange={(e) => setFacilityType(e.target.value as FacilityType)}
        />
        <Button type="submit" variant="secondary" loading={busy}>
          {t('compliance.saveFacility')}
        </Button>
      </form>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {missing.length === 0 ? (
        <p>{t('compliance.noneMissing')}</p>
      ) : (
        <>
          <p>{t('compliance.missing', { count: missing.length })}</p>
          <ul className="hr-list" aria-label={t('compliance.missingList')}>
            {missing.map((type) => (
              <li key={type.code}>
                <strong>{nameOf(type)}</strong> · {type.issuer}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The documents, soonest expiry first; the window kept in the address (the dashboard's links set it). */
function Documents() {
  return (
    <ExpiringList
      id="compliance-documents"
      texts="compliance"
      pageOf={coreApi.complianceDocuments}
      item={(d) => <DocumentItem key={d.id} document={d} />}
    />
  );
}

function DocumentItem({ document: d }: { document: ComplianceDocument }) {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  // Expiry dates are calendar days: read as UTC so no time zone moves them.
  const date = useDateFormat('UTC');
  const [renewing, setRenewing] = useState(false);
  const name = nameOf({ name: d.typeName });
  return (
    <li>
      <strong>{name}</strong> · {d.number} · {t('hrPage.expiresOn', { date: date(d.expiresOn) })} ·{' '}
      <span className={STATUS_CLASS[d.status]}>
        {t(`compliance.status.${d.status}`, { days: d.daysLeft })}
      </span>{' '}
      {!renewing && (
        <Button
          variant="secondary"
          onClick={() => setRenewing(true)}
          aria-label={t('compliance.renewFor', { name, number: d.number })}
        >
          {t('compliance.renew')}
        </Button>
      )}
      {renewing && <RenewForm document={d} name={name} onDone={() => setRenewing(false)} />}
      <DocumentFile
        file={d.file}
        name={name}
        number={d.number}
        upload={(file) => coreApi.uploadComplianceFile(d.id, file)}
        fetchFile={() => coreApi.complianceFile(d.id)}
        refresh={['/api/core/compliance']}
      />
    </li>
  );
}

/** A renewal: the new expiry date (and issue date); the old date's remaining alerts stop. */
function RenewForm({
  document: d,
  name,
  onDone,
}: {
  document: ComplianceDocument;
  name: string;
  onDone(): void;
}) {
  const { t } = useTranslation('core');
  const [form, setForm] = useState({ number: d.number, issuedOn: '', expiresOn: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function renew(e: FormEvent) {
    e.preventDefault();
    const found = checkDates(form, t);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.changeComplianceDocument(d.id, {
          number: form.number.trim(),
          expiresOn: form.expiresOn,
          ...(form.issuedOn ? { issuedOn: form.issuedOn } : {}),
        }),
      { refresh: COMPLIANCE_LISTS, done: onDone },
    );
  }

  return (
    <form
      onSubmit={renew}
      noValidate
      className="hr-form"
      aria-label={t('compliance.renewFor', { name, number: d.number })}
    >
      <DocumentFields form={form} errors={errors} set={set} expiresLabel={t('compliance.newExpiry')} />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div className="row">
        <Button type="submit" loading={busy}>
          {t('compliance.saveRenewal')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('compliance.cancel')}
        </Button>
      </div>
    </form>
  );
}

type Dates = { number: string; issuedOn: string; expiresOn: string };
/** What the form can tell before asking the service (which checks again). */
function checkDates(form: Dates, t: (key: string) => string) {
  const found: Partial<Record<keyof Dates, string>> = {};
  if (!NUMBER.test(form.number.trim())) found.number = t('compliance.numberInvalid');
  if (!form.expiresOn) found.expiresOn = t('compliance.expiryRequired');
  else if (form.issuedOn && form.issuedOn > form.expiresOn)
    found.expiresOn = t('serverErrors.core.document_expires_before_issue');
  return found;
}

/** The number and dates a document is recorded and renewed with, checked by `checkDates`. */
function DocumentFields({
  form,
  errors,
  set,
  expiresLabel,
}: {
  form: Dates;
  errors: Partial<Record<keyof Dates, string>>;
  set(key: keyof Dates): (e: { target: { value: string } }) => void;
  expiresLabel: string;
}) {
  const { t } = useTranslation('core');
  return (
    <>
      <TextField
        label={t('compliance.number')}
        required
        maxLength={40}
        value={form.number}
        error={errors.number}
        onChange={set('number')}
      />
      <TextField
        label={t('compliance.issued')}
        type="date"
        value={form.issuedOn}
        onChange={set('issuedOn')}
      />
      <TextField
        label={expiresLabel}
        type="date"
        required
        value={form.expiresOn}
        error={errors.expiresOn}
        onChange={set('expiresOn')}
      />
    </>
  );
}

function AddDocument({ types }: { types: Types }) {
  const { t } = useTranslation('core');
  const nameOf = useNameOf();
  const places = useApiQuery(coreApi.places());
  const empty = { typeCode: '', number: '', issuedOn: '', expiresOn: '', locationId: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function add(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = checkDates(form, t);
    if (!form.typeCode) found.typeCode = t('compliance.typeRequired');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        coreApi.addComplianceDocument({
          typeCode: form.typeCode,
          number: form.number.trim(),
          expiresOn: form.expiresOn,
          ...(form.issuedOn ? { issuedOn: form.issuedOn } : {}),
          ...(form.locationId ? { locationId: form.locationId } : {}),
        }),
      { success: t('compliance.added'), refresh: COMPLIANCE_LISTS, done: () => setForm(empty) },
    );
  }

  return (
    <section className="card" aria-labelledby="compliance-add">
      <h2 id="compliance-add">{t('compliance.addTitle')}</h2>
      <form onSubmit={add} noValidate className="hr-form">
        <SelectField
          label={t('compliance.type')}
          required
          value={form.typeCode}
          error={errors.typeCode}
          onChange={set('typeCode')}
          options={[
            { value: '', label: t('compliance.chooseType') },
            ...types.types.map((type) => ({
              value: type.code,
              label: type.required ? t('compliance.requiredType', { name: nameOf(type) }) : nameOf(type),
            })),
          ]}
        />
        <DocumentFields form={form} errors={errors} set={set} expiresLabel={t('compliance.expires')} />
        <SelectField
          label={t('compliance.location')}
          value={form.locationId}
          onChange={set('locationId')}
          options={[
            { value: '', label: t('compliance.wholeOrganisation') },
            ...(places.data?.data.locations ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('compliance.add')}
        </Button>
      </form>
    </section>
  );
}
