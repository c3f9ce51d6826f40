import './texts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Contract, ContractCheck, ContractRecord, ContractTemplate } from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  Pager,
  SelectField,
  Spinner,
  TextArea,
  TextField,
  useDateFormat,
  useFileDownload,
  useRouteMeta,
  useScrollToHash,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { CURRENCIES, type Currency } from './contract-values';
import { FileField } from './FileField';
import { MemberPicker } from './MemberPicker';
import { useFailure, useOrgRole } from './hr-access';
import '../shared/core.css';

const PAGE_SIZE = 20;
/** The merge fields the service knows (svc-core's CONTRACT_MERGE_FIELDS). */
export const MERGE_FIELDS = [
  'name',
  'jobTitle',
  'salary',
  'startDate',
  'endDate',
  'probation',
  'location',
  'organisation',
] as const;
const MAX_PDF_BYTES = 5 * 1024 * 1024;

/** The merge fields a template's text uses, known and unknown, as the service reads `{{ name }}`. */
export function fieldsIn(body: string): { known: string[]; unknown: string[] } {
  const names = [...body.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!);
  const unique = [...new Set(names)];
  const isKnown = (n: string) => (MERGE_FIELDS as readonly string[]).includes(n);
  return { known: unique.filter(isKnown), unknown: unique.filter((n) => !isKnown(n)) };
}

/** `/hr/contracts`: HR's contracts and templates; a new contract from a template for a member. */
export default function ContractsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('contracts.title'));
  const user = useSession((s) => s.user);
  const { isHr, role } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/contracts')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('staffPage.back')}</Link> ·{' '}
        <Link to="/hr/contracts/mine">{t('contracts.mineTitle')}</Link>
      </p>
      <h1>{t('contracts.title')}</h1>
      {!isHr && role !== undefined && <p>{t('contracts.hrOnly')}</p>}
      {isHr && (
        <>
          <ContractList />
          <NewContract />
          <Templates />
        </>
      )}
    </div>
  );
}

/** `/hr/contracts/mine`: the caller's contracts, each openable by `#contract-<id>`, signed with a code. */
export function MyContractsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('contracts.mineTitle'));
  const user = useSession((s) => s.user);
  const failure = useFailure();
  const [page, setPage] = useState(1);
  const list = useApiQuery(user ? coreApi.contracts(page, true) : null);
  useScrollToHash(Boolean(list.data));
  if (!user) return <Navigate to={loginPath('/hr/contracts/mine')} replace />;
  const total = list.data?.pageInfo.total ?? 0;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('staffPage.back')}</Link>
      </p>
      <h1>{t('contracts.mineTitle')}</h1>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('contracts.noneMine')}</p>}
      {list.data?.data.map((c) => (
        <ContractCard key={c.id} contract={c} hr={false} />
      ))}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
        label={t('contracts.pages')}
      />
    </div>
  );
}

function ContractList() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useApiQuery(coreApi.contracts(page));
  const total = list.data?.pageInfo.total ?? 0;
  const shown = list.data?.data.find((c) => c.id === open);
  return (
    <section className="card" aria-labelledby="contracts-list">
      <h2 id="contracts-list">{t('contracts.listTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('contracts.none')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="hr-list">
          {list.data.data.map((c) => (
            <li key={c.id}>
              {c.title} · {c.personName} · {t(`contracts.status.${c.status}`)}{' '}
              <Button
                variant="secondary"
                aria-expanded={open === c.id}
                aria-label={t('contracts.openFor', { title: c.title, name: c.personName })}
                onClick={() => setOpen(open === c.id ? null : c.id)}
              >
                {t('contracts.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
        label={t('contracts.pages')}
      />
      {shown && <ContractCard contract={shown} hr />}
    </section>
  );
}

/** One contract: its state and signatures; its PDF; HR sends it; whoever may sign asks for a code and signs. */
function ContractCard({ contract: c, hr }: { contract: Contract; hr: boolean }) {
  const { t } = useTranslation('core');
  const date = useDateFormat();
  const failure = useFailure();
  const download = useFileDownload('core', 'contracts.pdfFailed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [record, setRecord] = useState<ContractRecord | null>(null);
  const fileName = `${c.title}${c.signedPdfSha256 ? ` (${t('contracts.signedSuffix')})` : ''}.pdf`;

  async function act(run: () => Promise<{ ok: boolean }>, done: string) {
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      const res = await run();
      if (res.ok) {
        setSaid(done);
        await refreshApi('/api/core/contracts');
      } else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  async function showRecord() {
    setError(null);
    try {
      const res = await coreApi.contractRecord(c.id);
      if (res.ok) setRecord(res.body.data);
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
  }

  return (
    <article
      id={`contract-${c.id}`}
      tabIndex={-1}
      className="card"
      aria-labelledby={`contract-${c.id}-title`}
    >
      <h3 id={`contract-${c.id}-title`}>
        {t('contracts.cardTitle', { title: c.title, name: c.personName })}
      </h3>
      <p>
        {t('contracts.state', { status: t(`contracts.status.${c.status}`) })} ·{' '}
        {c.endDate
          ? t('contracts.fixedTerm', { from: date(c.startDate), to: date(c.endDate) })
          : t('contracts.openEnded', { from: date(c.startDate) })}
      </p>
      {c.signatures.length > 0 && (
        <ul className="hr-list" aria-label={t('contracts.signatures')}>
          {c.signatures.map((s) => (
            <li key={s.party}>
              {t('contracts.signedBy', {
                party: t(`contracts.party.${s.party}`),
                name: s.name,
                at: date(s.signedAt),
              })}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Button
          variant="secondary"
          loading={download.busy}
          onClick={() => void download.download(() => coreApi.contractPdf(c.id), fileName)}
          aria-label={t(c.signedPdfSha256 ? 'contracts.downloadSignedFor' : 'contracts.readPdfFor', {
            title: c.title,
          })}
        >
          {t(c.signedPdfSha256 ? 'contracts.downloadSigned' : 'contracts.readPdf')}
        </Button>{' '}
        {hr && c.status === 'draft' && (
          <Button
            loading={busy}
            onClick={() => void act(() => coreApi.sendContract(c.id), t('contracts.sent'))}
          >
            {t('contracts.send')}
          </Button>
        )}{' '}
        {hr && c.status !== 'draft' && (
          <Button variant="secondary" onClick={() => void showRecord()}>
            {t('contracts.showRecord')}
          </Button>
        )}
      </p>
      {download.error && <Alert kind="error">{download.error}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      {said && <Alert kind="success">{said}</Alert>}
      {c.canSignAs && <SignForm contract={c} />}
      {record && <RecordView record={record} />}
    </article>
  );
}

/** Ask for a code (e-mail, and SMS where there is one), type its six digits, sign. */
function SignForm({ contract: c }: { contract: Contract }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  async function ask() {
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      const res = await coreApi.contractCode(c.id);
      if (res.ok) {
        setAsked(true);
        setSaid(t('contracts.codeSent'));
      } else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  async function sign(e: FormEvent) {
    e.preventDefault();
    setSaid(null);
    if (!/^\d{6}$/.test(code.trim())) return setError(t('contracts.codeFormat'));
    setBusy(true);
    setError(null);
    try {
      const res = await coreApi.signContract(c.id, code.trim());
      if (res.ok) {
        setCode('');
        await refreshApi('/api/core/contracts');
      } else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={sign} noValidate aria-label={t(`contracts.signAs.${c.canSignAs!}`)}>
      <h4>{t(`contracts.signAs.${c.canSignAs!}`)}</h4>
      <p>{t('contracts.signHint')}</p>
      <Button variant={asked ? 'secondary' : 'primary'} loading={busy} onClick={() => void ask()}>
        {t(asked ? 'contracts.askAgain' : 'contracts.askCode')}
      </Button>
      <TextField
        label={t('contracts.code')}
        hint={t('contracts.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div aria-live="polite">
        {error && <Alert kind="error">{error}</Alert>}
        {said && <Alert kind="info">{said}</Alert>}
      </div>
      <Button type="submit" loading={busy}>
        {t('contracts.sign')}
      </Button>
    </form>
  );
}

/** What the record says: who the contract binds, its state, its documents' fingerprints and signatures. */
function RecordView({ record: r }: { record: ContractRecord }) {
  const { t } = useTranslation('core');
  const date = useDateFormat();
  return (
    <dl className="hr-record" aria-label={t('contracts.record')}>
      <dt>{t('contracts.recordContract')}</dt>
      <dd>{r.title}</dd>
      <dt>{t('contracts.recordParties')}</dt>
      <dd>
        {r.organisation} · {r.personName}
      </dd>
      <dt>{t('contracts.recordState')}</dt>
      <dd>{t(`contracts.status.${r.status}`)}</dd>
      {r.pdfSha256 && (
        <>
          <dt>{t('contracts.recordSent')}</dt>
          <dd className="hr-hash">{r.pdfSha256}</dd>
        </>
      )}
      {r.signedPdfSha256 && (
        <>
          <dt>{t('contracts.recordSigned')}</dt>
          <dd className="hr-hash">{r.signedPdfSha256}</dd>
        </>
      )}
      {r.signatures.map((s) => (
        <div key={s.party}>
          <dt>{t(`contracts.party.${s.party}`)}</dt>
          <dd>
            {t('contracts.signedOn', { name: s.name, at: date(s.signedAt) })}
            {s.ip ? ` · ${s.ip}` : ''}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function NewContract() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const templates = useApiQuery(coreApi.contractTemplates(1, 100));
  const [v, setV] = useState({
    templateId: '',
    staffId: '',
    amount: '',
    currency: 'KES',
    period: 'month',
    probation: '3',
    startDate: '',
    endDate: '',
  });
  const [errors, setErrors] = useState<Partial<Record<'templateId' | 'staffId' | 'amount' | 'form', string>>>(
    {},
  );
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof v) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV((old) => ({ ...old, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaid(null);
    const found: typeof errors = {};
    if (!v.templateId) found.templateId = t('contracts.templateRequired');
    if (!v.staffId) found.staffId = t('contracts.memberRequired');
    const amount = Number(v.amount);
    if (!Number.isInteger(amount) || amount < 1) found.amount = t('contracts.amountRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await coreApi.createContract({
        templateId: v.templateId,
        staffId: v.staffId,
        salary: {
          amount,
          currency: v.currency as Currency,
          period: v.period as 'month' | 'year',
        },
        probationMonths: Number(v.probation),
        ...(v.startDate ? { startDate: v.startDate } : {}),
        ...(v.endDate ? { endDate: v.endDate } : {}),
      });
      if (res.ok) {
        setSaid(t('contracts.created', { name: res.body.data.personName }));
        setV((old) => ({ ...old, staffId: '', amount: '', startDate: '', endDate: '' }));
        await refreshApi('/api/core/contracts');
      } else setErrors({ form: failure(res) });
    } catch (caught) {
      setErrors({ form: failure(caught) });
    }
    setBusy(false);
  }

  const options = (templates.data?.data ?? []).map((tp) => ({ value: tp.id, label: tp.name }));
  return (
    <section className="card" aria-labelledby="contracts-new">
      <h2 id="contracts-new">{t('contracts.newTitle')}</h2>
      <form onSubmit={submit} noValidate aria-labelledby="contracts-new">
        <SelectField
          label={t('contracts.template')}
          options={[{ value: '', label: t('contracts.chooseTemplate') }, ...options]}
          value={v.templateId}
          error={errors.templateId}
          onChange={set('templateId')}
        />
        <MemberPicker
          value={v.staffId}
          onChange={(staffId) => setV((old) => ({ ...old, staffId }))}
          error={errors.staffId}
        />
        <TextField
          label={t('contracts.salary')}
          inputMode="numeric"
          value={v.amount}
          error={errors.amount}
          onChange={set('amount')}
        />
        <SelectField
          label={t('contracts.currency')}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          value={v.currency}
          onChange={set('currency')}
        />
        <SelectField
          label={t('contracts.period')}
          options={[
            { value: 'month', label: t('contracts.perMonth') },
            { value: 'year', label: t('contracts.perYear') },
          ]}
          value={v.period}
          onChange={set('period')}
        />
        <SelectField
          label={t('contracts.probation')}
          options={Array.from({ length: 13 }, (_, n) => ({
            value: String(n),
            label: t('contracts.months', { count: n }),
          }))}
          value={v.probation}
          onChange={set('probation')}
        />
        <TextField
          type="date"
          label={t('contracts.startDate')}
          hint={t('contracts.startHint')}
          value={v.startDate}
          onChange={set('startDate')}
        />
        <TextField
          type="date"
          label={t('contracts.endDate')}
          hint={t('contracts.endHint')}
          value={v.endDate}
          onChange={set('endDate')}
        />
        <div aria-live="polite">
          {errors.form && <Alert kind="error">{errors.form}</Alert>}
          {said && <Alert kind="success">{said}</Alert>}
        </div>
        <Button type="submit" loading={busy}>
          {t('contracts.create')}
        </Button>
      </form>
    </section>
  );
}

function Templates() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ContractTemplate | null>(null);
  const list = useApiQuery(coreApi.contractTemplates(page));
  const total = list.data?.pageInfo.total ?? 0;
  return (
    <section className="card" aria-labelledby="contracts-templates">
      <h2 id="contracts-templates">{t('contracts.templatesTitle')}</h2>
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('contracts.noTemplates')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="hr-list">
          {list.data.data.map((tp) => (
            <li key={tp.id}>
              {tp.name} · {t('contracts.usesFields', { list: tp.fields.join(', ') || '—' })}{' '}
              <Button
                variant="secondary"
                aria-label={t('contracts.editFor', { name: tp.name })}
                onClick={() => setEditing(tp)}
              >
                {t('contracts.edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
        label={t('contracts.templatePages')}
      />
      <TemplateForm key={editing?.id ?? 'new'} initial={editing} done={() => setEditing(null)} />
    </section>
  );
}

/** A template's name and text; the merge fields it uses shown as typed, unknown ones named. */
function TemplateForm({ initial, done }: { initial: ContractTemplate | null; done(): void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [name, setName] = useState(initial?.name ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'body' | 'form', string>>>({});
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = fieldsIn(body);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaid(null);
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('contracts.nameRequired');
    if (!body.trim()) found.body = t('contracts.bodyRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const sent = { name: name.trim(), body };
      const res = initial
        ? await coreApi.updateContractTemplate(initial.id, sent)
        : await coreApi.createContractTemplate(sent);
      if (res.ok) {
        setSaid(t(initial ? 'contracts.templateSaved' : 'contracts.templateCreated'));
        if (!initial) {
          setName('');
          setBody('');
        }
        await refreshApi('/api/core/contract-templates');
        if (initial) done();
      } else {
        const unknown = fieldsIn(body).unknown;
        const text = failure(res);
        setErrors({
          form:
            unknown.length > 0
              ? `${text} ${t('contracts.unknownFields', { list: unknown.join(', ') })}`
              : text,
        });
      }
    } catch (caught) {
      setErrors({ form: failure(caught) });
    }
    setBusy(false);
  }

  const title = initial ? t('contracts.editTitle', { name: initial.name }) : t('contracts.newTemplate');
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      <TextField
        label={t('contracts.templateName')}
        maxLength={120}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextArea
        label={t('contracts.templateBody')}
        hint={t('contracts.bodyHint', { list: MERGE_FIELDS.map((f) => `{{${f}}}`).join(' ') })}
        rows={10}
        maxLength={20_000}
        value={body}
        error={errors.body}
        onChange={(e) => setBody(e.target.value)}
      />
      <p>
        {t('contracts.fieldsUsed', { list: fields.known.join(', ') || '—' })}
        {fields.unknown.length > 0 && (
          <> · {t('contracts.unknownFields', { list: fields.unknown.join(', ') })}</>
        )}
      </p>
      <div aria-live="polite">
        {errors.form && <Alert kind="error">{errors.form}</Alert>}
        {said && <Alert kind="success">{said}</Alert>}
      </div>
      <Button type="submit" loading={busy}>
        {t(initial ? 'contracts.saveTemplate' : 'contracts.createTemplate')}
      </Button>{' '}
      {initial && (
        <Button variant="ghost" onClick={done}>
          {t('contracts.cancel')}
        </Button>
      )}
    </form>
  );
}

/** `/contracts/verify`: anyone chooses a contract's PDF and learns whether it is genuine and what the record says. */
export function VerifyContractPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('contracts.verifyTitle'));
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ContractCheck | null>(null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    setError(null);
    setResult(null);
    if (chosen.size > MAX_PDF_BYTES) return setError(t('serverErrors.core.compliance_file_too_large'));
    setBusy(true);
    try {
      const res = await coreApi.checkContract(chosen);
      if (res.ok) setResult(res.body.data);
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }

  return (
    <div className="container section hr-page">
      <h1>{t('contracts.verifyTitle')}</h1>
      <p>{t('contracts.verifyIntro')}</p>
      <FileField
        label={t('contracts.verifyFile')}
        accept="application/pdf,.pdf"
        hint={t('contracts.verifyHint')}
        error={error}
        busy={busy}
        busyLabel={t('contracts.verifying')}
        onChoose={(e) => void choose(e)}
      />
      <div aria-live="polite">
        {result && (
          <section className="card" aria-labelledby="contract-check">
            <h2 id="contract-check">{t(result.genuine ? 'contracts.genuine' : 'contracts.notGenuine')}</h2>
            <p>
              {result.genuine
                ? t(result.document === 'signed' ? 'contracts.genuineSigned' : 'contracts.genuineSent')
                : t('contracts.notGenuineHint')}
            </p>
            <p className="hr-hash">{t('contracts.fingerprint', { sha: result.sha256 })}</p>
            {result.contract && <RecordView record={result.contract} />}
          </section>
        )}
      </div>
    </div>
  );
}
