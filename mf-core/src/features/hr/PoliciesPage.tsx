import './texts';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type {
  PolicyAssignmentBody,
  PolicyBody,
  PolicyDetail,
  PolicySummary,
} from '@platform/svc-core/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, Navigate, useNavigate, useParams } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  Pager,
  SafeHtml,
  SelectField,
  Spinner,
  TextArea,
  TextField,
  useDateFormat,
  useRouteMeta,
  useScrollToHash,
  useTranslation,
} from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useOrgRole, useSubmit } from './hr-access';
import { OpenPolicyPdf, PublishPolicyPdf } from './PolicyPdf';
import '../shared/core.css';

const PAGE_SIZE = 20;
const ROLES = ['hr-admin', 'manager', 'staff'] as const;
/** A policy file HR uploads: its text is read here and sent like a written one. */
const POLICY_FILE_TYPES = '.txt,.html,.htm,text/plain,text/html';
const POLICY_FILE_MAX_BYTES = 90_000;

/**
 * What HR typed as the policy's HTML: HTML as it is (the service sanitises it), plain text as paragraphs
 * (a blank line between them), its characters escaped.
 */
export function policyHtml(text: string): string {
  if (/<\/?[a-z][^>]*>/i.test(text)) return text;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** `/hr/policies`: the policies with how many have acknowledged each (HR and managers); HR writes new ones. */
export default function PoliciesPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('policies.title'));
  const user = useSession((s) => s.user);
  const { isHr } = useOrgRole();
  if (!user) return <Navigate to={loginPath('/hr/policies')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('staffPage.back')}</Link>
      </p>
      <h1>{t('policies.title')}</h1>
      <PolicyList />
      {isHr && <WritePolicy />}
    </div>
  );
}

function PolicyList() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [page, setPage] = useState(1);
  const list = useApiQuery(coreApi.policies(page));
  const total = list.data?.pageInfo.total ?? 0;
  return (
    <section className="card" aria-labelledby="policies-list">
      <h2 id="policies-list">{t('policies.listTitle', { count: total })}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('policies.none')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="hr-list">
          {list.data.data.map((p) => (
            <li key={p.id}>
              <Link to={`/hr/policies/${p.id}`}>{p.title}</Link> ·{' '}
              {t('policies.version', { version: p.version })} · <Completion policy={p} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
        label={t('policies.pages')}
      />
    </section>
  );
}

/** "X of Y acknowledged" for HR and managers; one's own state for staff. */
function Completion({ policy: p }: { policy: PolicySummary }) {
  const { t } = useTranslation('core');
  if (p.completion) return <>{t('policies.completion', p.completion)}</>;
  return <>{p.acknowledgedAt ? t('policies.youAcknowledged') : t('policies.toAcknowledge')}</>;
}

function WritePolicy() {
  const { t } = useTranslation('core');
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="policies-write">
      <h2 id="policies-write">{t('policies.writeTitle')}</h2>
      <PolicyForm
        submitLabel={t('policies.publish')}
        send={(body) => coreApi.writePolicy(body)}
        done={(id) => navigate(`/hr/policies/${id}`)}
      />
    </section>
  );
}

interface FormValues {
  title: string;
  body: string;
  assignment: Required<PolicyAssignmentBody>;
}

/** The policy's title, text (typed or read from a file) and who it is for; a new version starts from the last. */
function PolicyForm({
  initial,
  submitLabel,
  send,
  done,
}: {
  initial?: PolicyDetail;
  submitLabel: string;
  send: (body: PolicyBody) => ReturnType<typeof coreApi.writePolicy>;
  done: (id: string) => void;
}) {
  const { t } = useTranslation('core');
  const places = useApiQuery(coreApi.places());
  const [values, setValues] = useState<FormValues>({
    title: initial?.title ?? '',
    body: initial?.body ?? '',
    assignment: initial?.assignment ?? { everyone: true, roles: [], departmentIds: [], locationIds: [] },
  });
  const [errors, setErrors] = useState<Partial<Record<'title' | 'body' | 'assignment', string>>>({});
  const { submit, busy, message, setMessage } = useSubmit();
  const fileId = useId();

  const a = values.assignment;
  const toggle = <K extends 'roles' | 'departmentIds' | 'locationIds'>(key: K, value: string) =>
    setValues((v) => {
      const list = v.assignment[key] as string[];
      const next = list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
      return { ...v, assignment: { ...v.assignment, [key]: next } };
    });

  async function readFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setMessage(null);
    if (file.size > POLICY_FILE_MAX_BYTES) return setErrors({ body: t('policies.fileTooBig') });
    const text = await file.text();
    setErrors({});
    setValues((v) => ({ ...v, body: text, title: v.title || file.name.replace(/\.[^.]+$/, '') }));
  }

  function publish(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (values.title.trim() === '') found.title = t('policies.titleRequired');
    if (values.body.trim() === '') found.body = t('policies.bodyRequired');
    if (!a.everyone && a.roles.length + a.departmentIds.length + a.locationIds.length === 0)
      found.assignment = t('serverErrors.core.policy_assignment_empty');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    void submit(
      () =>
        send({
          title: values.title.trim(),
          body: policyHtml(values.body),
          assignment: a.everyone ? { everyone: true } : a,
        }),
      { refresh: ['/api/core/policies'], done: (res) => done(res.body.data.id) },
    );
  }

  const checkboxes = (
    key: 'roles' | 'departmentIds' | 'locationIds',
    options: { value: string; label: string }[],
  ) =>
    options.length > 0 && (
      <fieldset>
        <legend>{t(`policies.assign.${key}`)}</legend>
        {options.map((o) => (
          <label key={o.value} className="hr-check">
            <input
              type="checkbox"
              checked={(a[key] as string[]).includes(o.value)}
              onChange={() => toggle(key, o.value)}
            />{' '}
            {o.label}
          </label>
        ))}
      </fieldset>
    );

  return (
    <form onSubmit={publish} noValidate>
      <TextField
        label={t('policies.policyTitle')}
        maxLength={200}
        value={values.title}
        error={errors.title}
        onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
      />
      <TextArea
        label={t('policies.body')}
        hint={t('policies.bodyHint')}
        rows={12}
        maxLength={100_000}
        value={values.body}
        error={errors.body}
        onChange={(e) => setValues((v) => ({ ...v, body: e.target.value }))}
      />
      <p>
        <label htmlFor={fileId}>{t('policies.upload')}</label>{' '}
        <input id={fileId} type="file" accept={POLICY_FILE_TYPES} onChange={readFile} />
      </p>
      <fieldset aria-describedby={errors.assignment ? `${fileId}-assignment` : undefined}>
        <legend>{t('policies.assign.title')}</legend>
        <label className="hr-check">
          <input
            type="checkbox"
            checked={a.everyone}
            onChange={(e) => setValues((v) => ({ ...v, assignment: { ...a, everyone: e.target.checked } }))}
          />{' '}
          {t('policies.assign.everyone')}
        </label>
        {!a.everyone && (
          <>
            {checkboxes(
              'roles',
              ROLES.map((r) => ({ value: r, label: t(`staffPage.roles.${r}`) })),
            )}
            {checkboxes(
              'departmentIds',
              (places.data?.data.departments ?? []).map((p) => ({ value: p.id, label: p.name })),
            )}
            {checkboxes(
              'locationIds',
              (places.data?.data.locations ?? []).map((p) => ({ value: p.id, label: p.name })),
            )}
          </>
        )}
        {errors.assignment && (
          <p id={`${fileId}-assignment`} className="field-error" role="alert">
            {errors.assignment}
          </p>
        )}
      </fieldset>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * `/hr/policies/:id`: the policy's current text; for HR and managers who has and has not acknowledged it
 * (within their scope), HR reminding those who have not and publishing a new version.
 */
export function PolicyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('core');
  const user = useSession((s) => s.user);
  const failure = useFailure();
  const date = useDateFormat();
  const { isHr } = useOrgRole();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | 'pending' | 'acknowledged'>('pending');
  const policy = useApiQuery(user ? coreApi.policy(id, page, status) : null);
  const p = policy.data?.data;
  useRouteMeta(p?.title ?? t('policies.title'));
  if (!user) return <Navigate to={loginPath(`/hr/policies/${id}`)} replace />;
  const total = policy.data?.pageInfo?.total ?? 0;
  return (
    <div className="container narrow section hr-page">
      <p>
        <Link to="/hr/policies">{t('policies.back')}</Link>
      </p>
      <h1>{p?.title ?? t('policies.title')}</h1>
      {policy.loading && <Spinner label={t('hrPage.loading')} />}
      {policy.error && <Alert kind="error">{failure(policy.error)}</Alert>}
      {p && (
        <>
          <p className="muted">
            {t('policies.version', { version: p.version })} ·{' '}
            {t('policies.publishedOn', { date: date(p.publishedAt) })} · <Completion policy={p} />
          </p>
          <section className="card" aria-labelledby="policy-text">
            <h2 id="policy-text">{t('policies.text')}</h2>
            <SafeHtml html={p.body} />
            <OpenPolicyPdf policy={p} />
            <Acknowledge policy={p} />
          </section>
          {p.people && (
            <section className="card" aria-labelledby="policy-people">
              <h2 id="policy-people">{t('policies.people')}</h2>
              <SelectField
                label={t('policies.show')}
                value={status}
                options={[
                  { value: 'pending', label: t('policies.pending') },
                  { value: 'acknowledged', label: t('policies.acknowledged') },
                  { value: '', label: t('hrPage.all') },
                ]}
                onChange={(e) => {
                  setStatus(e.target.value as typeof status);
                  setPage(1);
                }}
              />
              {p.people.length === 0 && <p>{t('policies.nobody')}</p>}
              {p.people.length > 0 && (
                <ul className="hr-list">
                  {p.people.map((person) => (
                    <li key={person.staffId}>
                      <Link to={`/hr/staff/${person.staffId}`}>{person.name}</Link> ·{' '}
                      {person.acknowledgedAt
                        ? t('policies.acknowledgedOn', { date: date(person.acknowledgedAt) })
                        : t('policies.notYet')}
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                page={page}
                pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
                onPage={setPage}
                label={t('policies.peoplePages')}
              />
              {isHr && <Remind policy={p} />}
            </section>
          )}
          {isHr && <NewVersion policy={p} />}
        </>
      )}
    </div>
  );
}

function Remind({ policy: p }: { policy: PolicyDetail }) {
  const { t } = useTranslation('core');
  const { submit, busy, message } = useSubmit();
  const pending = p.completion ? p.completion.assigned - p.completion.acknowledged : 0;
  const remind = () =>
    submit(() => coreApi.remindPolicy(p.id), {
      success: (res) => t('policies.reminded', { count: res.body.data.reminded }),
    });

  return (
    <div className="hr-verify">
      <Button onClick={() => void remind()} loading={busy} disabled={pending === 0}>
        {t('policies.remind', { count: pending })}
      </Button>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </div>
  );
}

function NewVersion({ policy: p }: { policy: PolicyDetail }) {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState(false);
  const [published, setPublished] = useState(false);
  return (
    <section className="card" aria-labelledby="policy-version">
      <h2 id="policy-version">{t('policies.newVersionTitle')}</h2>
      <p className="muted">{t('policies.newVersionHint')}</p>
      {published && <Alert kind="success">{t('policies.versionPublished')}</Alert>}
      <PublishPolicyPdf policy={p} done={() => setPublished(true)} />
      {open ? (
        <PolicyForm
          key={p.version}
          initial={p}
          submitLabel={t('policies.publishVersion')}
          send={(body) => coreApi.publishPolicyVersion(p.id, body)}
          done={() => {
            setOpen(false);
            setPublished(true);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true);
            setPublished(false);
          }}
        >
          {t('policies.newVersion')}
        </Button>
      )}
    </section>
  );
}

/** `/hr/me`: the policies assigned to the caller, each to read and acknowledge (its current version). */
export function MyPolicies() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [page, setPage] = useState(1);
  const list = useApiQuery(coreApi.policies(page, true));
  // A notice's link (`/hr/me#policy-<id>`) opens that policy, in view.
  const target = useScrollToHash(Boolean(list.data));
  const total = list.data?.pageInfo.total ?? 0;
  return (
    <section className="card" aria-labelledby="my-policies">
      <h2 id="my-policies">{t('policies.mineTitle')}</h2>
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      {list.data && total === 0 && <p>{t('policies.noneMine')}</p>}
      {list.data && list.data.data.length > 0 && (
        <ul className="card-list">
          {list.data.data.map((p) => (
            <MyPolicy key={p.id} policy={p} opened={target === `policy-${p.id}`} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
        onPage={setPage}
        label={t('policies.pages')}
      />
    </section>
  );
}

function MyPolicy({ policy: p, opened }: { policy: PolicySummary; opened: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat();
  const [open, setOpen] = useState(opened);
  const text = useApiQuery(open ? coreApi.policy(p.id) : null);
  const bodyId = useId();
  const read = text.data?.data;
  return (
    <li id={`policy-${p.id}`} tabIndex={-1}>
      <strong>{p.title}</strong> · {t('policies.version', { version: p.version })} ·{' '}
      {p.acknowledgedAt
        ? t('policies.acknowledgedOn', { date: date(p.acknowledgedAt) })
        : t('policies.toAcknowledge')}
      <div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('policies.hide') : t('policies.read')}
        </Button>
      </div>
      <div id={bodyId} hidden={!open}>
        {text.loading && <Spinner label={t('hrPage.loading')} />}
        {text.error && <Alert kind="error">{failure(text.error)}</Alert>}
        {read && (
          <>
            <SafeHtml html={read.body} />
            <OpenPolicyPdf policy={read} />
            <Acknowledge policy={read} />
          </>
        )}
      </div>
    </li>
  );
}

/** "I have read and acknowledge": for the version shown, while the caller has not acknowledged it. */
function Acknowledge({ policy: p }: { policy: PolicyDetail }) {
  const { t } = useTranslation('core');
  const { submit, busy, message } = useSubmit();
  if (!p.assignedToMe || p.acknowledgedAt) return null;

  const acknowledge = () =>
    submit(
      async () => {
        const res = await coreApi.acknowledgePolicy(p.id, p.version);
        // Refused as a newer version came out while they read (409): the list and text load again all the same.
        if (!res.ok) await refreshApi('/api/core/policies');
        return res;
      },
      { refresh: ['/api/core/policies'] },
    );

  return (
    <div className="hr-verify">
      {/* A PDF version is acknowledged once opened (the service refuses it before). */}
      {p.file && !p.read && <p className="muted">{t('policies.openFirst')}</p>}
      <Button onClick={() => void acknowledge()} loading={busy}>
        {t('policies.acknowledge')}
      </Button>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
    </div>
  );
}
