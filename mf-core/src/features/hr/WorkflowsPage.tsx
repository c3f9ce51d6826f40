import './texts';
import { useState, type FormEvent } from 'react';
import type { Workflow, WorkflowAction, WorkflowBody, WorkflowTrigger } from '@platform/svc-core/contract';
import { PROFESSIONS, type Profession } from '@platform/contracts/values';
import { refreshApi, useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
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
import { useFailure, useOrgRole } from './hr-access';
import { MyTasks } from './MyTasks';
import '../shared/core.css';

/** The triggers, in the service's order (kept here: the contract's values would bring TypeBox). */
const TRIGGERS: readonly WorkflowTrigger[] = [
  'person-joined',
  'credential-expiring',
  'leave-approved',
  'contract-signed',
  'probation-ending',
];
const AUDIENCES = ['hr', 'manager', 'person'] as const;
type Audience = (typeof AUDIENCES)[number];
const ROLES: readonly Profession[] = PROFESSIONS.filter((p) => p !== 'Clinic');

/**
 * `/hr/workflows`: HR's workflows (a trigger, conditions on the person, actions): the list with each one's
 * switch (the plan limits how many are on; the service refuses past it), a simple editor for a new one and
 * each one's run log. Everyone sees their own tasks from the checklists here, and marks them done.
 */
export default function WorkflowsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('workflows.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  const [open, setOpen] = useState<Workflow | null>(null);
  if (!user) return <Navigate to={loginPath('/hr/workflows')} replace />;
  return (
    <div className="container section hr-page">
      <p>
        <Link to="/hr">{t('trainings.back')}</Link>
      </p>
      <h1>{t('workflows.title')}</h1>
      <p>{t('workflows.intro')}</p>
      {role === undefined && <Spinner label={t('hrPage.loading')} />}
      {role !== undefined && role !== 'owner' && <MyTasks />}
      {isHr && <WorkflowList onOpen={setOpen} />}
      {isHr && open && <RunLog workflow={open} />}
      {isHr && <NewWorkflow />}
      {role === 'owner' && <MyTasks />}
    </div>
  );
}

/** One action in words. */
function useActionText() {
  const { t } = useTranslation('core');
  return (a: WorkflowAction) => {
    switch (a.kind) {
      case 'checklist':
        return t('workflows.action.checklist', {
          count: a.tasks.length,
          who: t(`workflows.audience.${a.assignee}`),
        });
      case 'notify':
        return t('workflows.action.notify', { who: t(`workflows.audience.${a.to}`) });
      case 'policy':
        return t('workflows.action.policy');
      case 'contract':
        return t('workflows.action.contract');
    }
  };
}

function WorkflowList({ onOpen }: { onOpen: (w: Workflow) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.workflows(page));
  const first = useApiQuery(coreApi.workflows(1));
  const plan = first.data;
  const actionText = useActionText();
  return (
    <section className="card" aria-labelledby="workflows-list">
      <h2 id="workflows-list">{t('workflows.listTitle')}</h2>
      {plan && (
        <p>
          {plan.limit === null
            ? t('workflows.activeUnlimited', { active: plan.active })
            : t('workflows.activeOf', { active: plan.active, limit: plan.limit })}
        </p>
      )}
      {list.loading && <Spinner label={t('hrPage.loading')} />}
      {list.error && <Alert kind="error">{failure(list.error)}</Alert>}
      <ul className="hr-list">
        {list.items.map((w) => (
          <li key={w.id}>
            <strong>{w.preset ? t('workflows.onboardingName') : w.name}</strong> ·{' '}
            {t(`workflows.trigger.${w.trigger}`)} · {w.active ? t('workflows.on') : t('workflows.off')}
            <ul>
              {w.actions.map((a, i) => (
                <li key={i}>{actionText(a)}</li>
              ))}
            </ul>
            <Switch workflow={w} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

function Switch({ workflow: w, onOpen }: { workflow: Workflow; onOpen: (w: Workflow) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = w.preset ? t('workflows.onboardingName') : w.name;
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const res = await coreApi.updateWorkflow(w.id, { active: !w.active });
      if (res.ok) await refreshApi('/api/core/workflows');
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }
  return (
    <div className="row hr-actions">
      <Button
        variant={w.active ? 'secondary' : 'primary'}
        loading={busy}
        aria-pressed={w.active}
        aria-label={t('workflows.switchFor', { name })}
        onClick={() => void toggle()}
      >
        {w.active ? t('workflows.turnOff') : t('workflows.turnOn')}
      </Button>
      <Button variant="secondary" onClick={() => onOpen(w)} aria-label={t('workflows.runsFor', { name })}>
        {t('workflows.runs')}
      </Button>
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}

function RunLog({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat();
  const runs = useApiPages((page) => coreApi.workflowRuns(workflow.id, page));
  const name = workflow.preset ? t('workflows.onboardingName') : workflow.name;
  return (
    <section className="card" aria-labelledby="workflows-runs">
      <h2 id="workflows-runs">{t('workflows.runsTitle', { name })}</h2>
      {runs.loading && <Spinner label={t('hrPage.loading')} />}
      {runs.error && <Alert kind="error">{failure(runs.error)}</Alert>}
      {!runs.loading && !runs.error && runs.items.length === 0 && <p>{t('workflows.noRuns')}</p>}
      <ul className="hr-list">
        {runs.items.map((r) => (
          <li key={r.id}>
            <strong>{r.staffName}</strong> · {date(r.ranAt)}
            <ul>
              {r.results.map((res, i) => (
                <li key={i}>
                  {t(`workflows.kind.${res.kind}`)}: {t(`workflows.result.${res.status}`)}
                  {res.status === 'failed' && <> ({res.detail})</>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {runs.hasMore && <Button onClick={runs.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

type Task = { title: string; dueInDays: string };

/** A new workflow: its trigger, conditions (departments, professions) and actions (a checklist, a notice, a policy). */
function NewWorkflow() {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const places = useApiQuery(coreApi.places());
  const policies = useApiQuery(coreApi.policies(1));
  const departments = places.data?.data.departments ?? [];
  const empty = {
    name: '',
    trigger: 'person-joined' as WorkflowTrigger,
    departmentIds: [] as string[],
    professions: [] as Profession[],
    assignee: 'hr' as Audience | '',
    tasks: [{ title: '', dueInDays: '3' }] as Task[],
    notify: '' as Audience | '',
    policyId: '',
  };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'actions', string>>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = <K extends 'departmentIds' | 'professions'>(key: K, value: string) =>
    setForm((f) => {
      const list = f[key] as string[];
      return { ...f, [key]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] };
    });
  const setTask = (i: number, task: Partial<Task>) =>
    setForm((f) => ({ ...f, tasks: f.tasks.map((x, j) => (j === i ? { ...x, ...task } : x)) }));

  async function create(e: FormEvent) {
    e.preventDefault();
    const tasks = form.tasks
      .filter((x) => x.title.trim() !== '')
      .map((x) => ({
        title: x.title.trim(),
        dueInDays: Math.max(0, Math.min(365, Number(x.dueInDays) || 0)),
      }));
    const actions: WorkflowAction[] = [
      ...(form.assignee && tasks.length > 0
        ? [{ kind: 'checklist' as const, assignee: form.assignee, tasks }]
        : []),
      ...(form.notify ? [{ kind: 'notify' as const, to: form.notify }] : []),
      ...(form.policyId ? [{ kind: 'policy' as const, policyId: form.policyId }] : []),
    ];
    const found: typeof errors = {};
    if (form.name.trim() === '') found.name = t('workflows.nameRequired');
    if (actions.length === 0) found.actions = t('workflows.actionsRequired');
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    const body: WorkflowBody = {
      name: form.name.trim(),
      trigger: form.trigger,
      conditions: {
        ...(form.departmentIds.length ? { departmentIds: form.departmentIds } : {}),
        ...(form.professions.length ? { professions: form.professions } : {}),
      },
      actions,
    };
    setBusy(true);
    try {
      const res = await coreApi.createWorkflow(body);
      if (res.ok) {
        setForm(empty);
        setMessage({ kind: 'success', text: t('workflows.created') });
        await refreshApi('/api/core/workflows');
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  const checks = (
    key: 'departmentIds' | 'professions',
    legend: string,
    options: { value: string; label: string }[],
  ) => (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="hr-check">
          <input
            type="checkbox"
            checked={(form[key] as string[]).includes(o.value)}
            onChange={() => toggle(key, o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
  const audienceOptions = (none: string) => [
    { value: '', label: none },
    ...AUDIENCES.map((a) => ({ value: a, label: t(`workflows.audience.${a}`) })),
  ];

  return (
    <section className="card" aria-labelledby="workflows-new">
      <h2 id="workflows-new">{t('workflows.newTitle')}</h2>
      <p>{t('workflows.newIntro')}</p>
      <form onSubmit={create} noValidate className="hr-form">
        <TextField
          label={t('workflows.name')}
          required
          maxLength={120}
          value={form.name}
          error={errors.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
        <SelectField
          label={t('workflows.when')}
          value={form.trigger}
          options={TRIGGERS.map((x) => ({ value: x, label: t(`workflows.trigger.${x}`) }))}
          onChange={(e) => setForm((f) => ({ ...f, trigger: e.target.value as WorkflowTrigger }))}
        />
        {checks(
          'departmentIds',
          t('workflows.departments'),
          departments.map((d) => ({ value: d.id, label: d.name })),
        )}
        {checks(
          'professions',
          t('workflows.professions'),
          ROLES.map((p) => ({ value: p, label: t(`professions.${p}`, { ns: 'ui' }) })),
        )}
        <fieldset aria-describedby={errors.actions ? 'workflows-actions-error' : undefined}>
          <legend>{t('workflows.actions')}</legend>
          <SelectField
            label={t('workflows.checklistFor')}
            value={form.assignee}
            options={audienceOptions(t('workflows.noChecklist'))}
            onChange={(e) => setForm((f) => ({ ...f, assignee: e.target.value as Audience | '' }))}
          />
          {form.assignee !== '' &&
            form.tasks.map((task, i) => (
              <div className="row" key={i}>
                <TextField
                  label={t('workflows.taskTitle', { n: i + 1 })}
                  maxLength={160}
                  value={task.title}
                  onChange={(e) => setTask(i, { title: e.target.value })}
                />
                <TextField
                  label={t('workflows.dueInDays', { n: i + 1 })}
                  type="number"
                  min={0}
                  max={365}
                  inputMode="numeric"
                  value={task.dueInDays}
                  onChange={(e) => setTask(i, { dueInDays: e.target.value })}
                />
                {form.tasks.length > 1 && (
                  <Button
                    variant="secondary"
                    aria-label={t('workflows.removeTask', { n: i + 1 })}
                    onClick={() => setForm((f) => ({ ...f, tasks: f.tasks.filter((_, j) => j !== i) }))}
                  >
                    {t('workflows.remove')}
                  </Button>
                )}
              </div>
            ))}
          {form.assignee !== '' && form.tasks.length < 20 && (
            <Button
              variant="secondary"
              onClick={() => setForm((f) => ({ ...f, tasks: [...f.tasks, { title: '', dueInDays: '3' }] }))}
            >
              {t('workflows.addTask')}
            </Button>
          )}
          <SelectField
            label={t('workflows.notify')}
            value={form.notify}
            options={audienceOptions(t('workflows.nobody'))}
            onChange={(e) => setForm((f) => ({ ...f, notify: e.target.value as Audience | '' }))}
          />
          <SelectField
            label={t('workflows.policy')}
            value={form.policyId}
            options={[
              { value: '', label: t('workflows.noPolicy') },
              ...(policies.data?.data ?? []).map((p) => ({ value: p.id, label: p.title })),
            ]}
            onChange={(e) => setForm((f) => ({ ...f, policyId: e.target.value }))}
          />
          {errors.actions && (
            <p id="workflows-actions-error" className="field-error" role="alert">
              {errors.actions}
            </p>
          )}
        </fieldset>
        <p>{t('workflows.madeOff')}</p>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <Button type="submit" loading={busy}>
          {t('workflows.create')}
        </Button>
      </form>
    </section>
  );
}
