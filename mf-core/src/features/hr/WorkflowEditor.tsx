import './texts';
import { useState, type FormEvent } from 'react';
import type { Workflow, WorkflowAction, WorkflowBody, WorkflowTrigger } from '@platform/svc-core/contract';
import { PROFESSIONS, type Profession } from '@platform/contracts/values';
import { refreshApi, useApiQuery } from '@platform/data';
import { Alert, Button, SelectField, TextField, useTranslation } from '@platform/ui';
import { Link } from '@platform/router';
import { coreApi } from '../../api';
import { CURRENCIES, type Currency } from './contract-values';
import { useFailure } from './hr-access';

/** The triggers, in the service's order (kept here: the contract's values would bring TypeBox). */
export const TRIGGERS: readonly WorkflowTrigger[] = [
  'person-joined',
  'credential-expiring',
  'leave-approved',
  'contract-signed',
  'probation-ending',
];
const AUDIENCES = ['hr', 'manager', 'person'] as const;
type Audience = (typeof AUDIENCES)[number];
const ROLES: readonly Profession[] = PROFESSIONS.filter((p) => p !== 'Clinic');

type Task = { title: string; dueInDays: string };
type ContractDraft = {
  kind: 'contract';
  templateId: string;
  amount: string;
  currency: Currency;
  period: 'month' | 'year';
  probationMonths: string;
};
/** An action as the form holds it. */
type Draft =
  | { kind: 'checklist'; assignee: Audience; tasks: Task[] }
  | { kind: 'notify'; to: Audience }
  | { kind: 'policy'; policyId: string }
  | ContractDraft;
const newContract = (): ContractDraft => ({
  kind: 'contract',
  templateId: '',
  amount: '',
  currency: 'KES',
  period: 'month',
  probationMonths: '3',
});
/** The salary as the service takes it: a whole number from 1 to a billion, else null. */
const amountOf = (text: string) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= 1_000_000_000 ? n : null;
};
/** Why a contract action cannot be saved yet, by field. */
type ContractErrors = Partial<Record<'templateId' | 'amount', string>>;

const draftOf = (a: WorkflowAction): Draft => {
  switch (a.kind) {
    case 'checklist':
      return {
        kind: 'checklist',
        assignee: a.assignee,
        tasks: a.tasks.map((x) => ({ title: x.title, dueInDays: String(x.dueInDays) })),
      };
    case 'notify':
      return { kind: 'notify', to: a.to };
    case 'policy':
      return { kind: 'policy', policyId: a.policyId };
    case 'contract':
      return {
        kind: 'contract',
        templateId: a.templateId,
        amount: String(a.salary.amount),
        currency: a.salary.currency,
        period: a.salary.period,
        probationMonths: String(a.probationMonths),
      };
  }
};

/** The action the service takes, or null when the form's is incomplete (a checklist without a task). */
const actionOf = (d: Draft): WorkflowAction | null => {
  switch (d.kind) {
    case 'checklist': {
      const tasks = d.tasks
        .filter((x) => x.title.trim() !== '')
        .map((x) => ({
          title: x.title.trim(),
          dueInDays: Math.max(0, Math.min(365, Math.round(Number(x.dueInDays) || 0))),
        }));
      return tasks.length > 0 ? { kind: 'checklist', assignee: d.assignee, tasks } : null;
    }
    case 'notify':
      return { kind: 'notify', to: d.to };
    case 'policy':
      return d.policyId ? { kind: 'policy', policyId: d.policyId } : null;
    case 'contract': {
      const amount = amountOf(d.amount);
      return d.templateId && amount !== null
        ? {
            kind: 'contract',
            templateId: d.templateId,
            salary: { amount, currency: d.currency, period: d.period },
            probationMonths: Number(d.probationMonths),
          }
        : null;
    }
  }
};

const newTask = (): Task => ({ title: '', dueInDays: '3' });

/** A workflow's name as shown: the ready onboarding one's in the page's language until HR renames it. */
export function useWorkflowName() {
  const { t } = useTranslation('core');
  return (w: Workflow) =>
    w.preset === 'onboarding' && w.name === 'Onboarding checklist' ? t('workflows.onboardingName') : w.name;
}

/**
 * HR's editor of a workflow: its name, trigger, conditions (departments, professions) and ordered actions
 * (checklists for a role, notices, a policy to acknowledge, a contract from a template sent to sign). A new
 * one is made off; `editing` saves the changes of one (its switch unchanged).
 */
export function WorkflowEditor({ editing, onDone }: { editing: Workflow | null; onDone: () => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const nameOf = useWorkflowName();
  const places = useApiQuery(coreApi.places());
  const policies = useApiQuery(coreApi.policies(1));
  const templates = useApiQuery(coreApi.contractTemplates(1, 100));
  const departments = places.data?.data.departments ?? [];
  const start = () => ({
    name: editing?.name ?? '',
    trigger: editing?.trigger ?? ('person-joined' as WorkflowTrigger),
    departmentIds: editing?.conditions.departmentIds ?? [],
    professions: (editing?.conditions.professions ?? []) as Profession[],
    actions: editing
      ? editing.actions.map(draftOf)
      : ([{ kind: 'checklist', assignee: 'hr', tasks: [newTask()] }] as Draft[]),
  });
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'actions', string>>>({});
  const [contractErrors, setContractErrors] = useState<Record<number, ContractErrors>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = <K extends 'departmentIds' | 'professions'>(key: K, value: string) =>
    setForm((f) => {
      const list = f[key] as string[];
      return { ...f, [key]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] };
    });
  const setAction = (i: number, d: Draft) =>
    setForm((f) => ({ ...f, actions: f.actions.map((x, j) => (j === i ? d : x)) }));
  const addAction = (d: Draft) => setForm((f) => ({ ...f, actions: [...f.actions, d] }));

  async function save(e: FormEvent) {
    e.preventDefault();
    const actions = form.actions.map(actionOf);
    const found: typeof errors = {};
    if (form.name.trim() === '') found.name = t('workflows.nameRequired');
    if (actions.length === 0) found.actions = t('workflows.actionsRequired');
    else if (actions.some((a) => a === null)) found.actions = t('workflows.actionIncomplete');
    const byAction: Record<number, ContractErrors> = {};
    form.actions.forEach((d, i) => {
      if (d.kind !== 'contract') return;
      const n = i + 1;
      const e: ContractErrors = {};
      if (!d.templateId) e.templateId = t('workflows.contractTemplateRequired', { n });
      if (amountOf(d.amount) === null) e.amount = t('workflows.contractAmountRequired', { n });
      if (Object.keys(e).length > 0) byAction[i] = e;
    });
    setErrors(found);
    setContractErrors(byAction);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    const body: WorkflowBody = {
      name: form.name.trim(),
      trigger: form.trigger,
      conditions: {
        ...(form.departmentIds.length ? { departmentIds: form.departmentIds } : {}),
        ...(form.professions.length ? { professions: form.professions } : {}),
      },
      actions: actions as WorkflowAction[],
    };
    setBusy(true);
    try {
      const res = editing
        ? await coreApi.updateWorkflow(editing.id, body)
        : await coreApi.createWorkflow(body);
      if (res.ok) {
        if (!editing) setForm(start());
        setMessage({ kind: 'success', text: editing ? t('workflows.saved') : t('workflows.created') });
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
  const audiences = AUDIENCES.map((a) => ({ value: a, label: t(`workflows.audience.${a}`) }));

  const actionFields = (d: Draft, i: number) => {
    const n = i + 1;
    switch (d.kind) {
      case 'checklist':
        return (
          <>
            <SelectField
              label={t('workflows.checklistFor', { n })}
              value={d.assignee}
              options={audiences}
              onChange={(e) => setAction(i, { ...d, assignee: e.target.value as Audience })}
            />
            {d.tasks.map((task, k) => {
              const setTask = (x: Partial<Task>) =>
                setAction(i, { ...d, tasks: d.tasks.map((y, j) => (j === k ? { ...y, ...x } : y)) });
              return (
                <div className="row" key={k}>
                  <TextField
                    label={t('workflows.taskTitle', { n, k: k + 1 })}
                    maxLength={160}
                    value={task.title}
                    onChange={(e) => setTask({ title: e.target.value })}
                  />
                  <TextField
                    label={t('workflows.dueInDays', { n, k: k + 1 })}
                    type="number"
                    min={0}
                    max={365}
                    inputMode="numeric"
                    value={task.dueInDays}
                    onChange={(e) => setTask({ dueInDays: e.target.value })}
                  />
                  {d.tasks.length > 1 && (
                    <Button
                      variant="secondary"
                      aria-label={t('workflows.removeTask', { n, k: k + 1 })}
                      onClick={() => setAction(i, { ...d, tasks: d.tasks.filter((_, j) => j !== k) })}
                    >
                      {t('workflows.remove')}
                    </Button>
                  )}
                </div>
              );
            })}
            {d.tasks.length < 20 && (
              <Button
                variant="secondary"
                aria-label={t('workflows.addTaskTo', { n })}
                onClick={() => setAction(i, { ...d, tasks: [...d.tasks, newTask()] })}
              >
                {t('workflows.addTask')}
              </Button>
            )}
          </>
        );
      case 'notify':
        return (
          <SelectField
            label={t('workflows.notify', { n })}
            value={d.to}
            options={audiences}
            onChange={(e) => setAction(i, { ...d, to: e.target.value as Audience })}
          />
        );
      case 'policy':
        return (
          <SelectField
            label={t('workflows.policy', { n })}
            value={d.policyId}
            options={[
              { value: '', label: t('workflows.choosePolicy') },
              ...(policies.data?.data ?? []).map((p) => ({ value: p.id, label: p.title })),
            ]}
            onChange={(e) => setAction(i, { ...d, policyId: e.target.value })}
          />
        );
      case 'contract': {
        const choices = templates.data?.data ?? [];
        const wrong = contractErrors[i] ?? {};
        const set = (x: Partial<ContractDraft>) => setAction(i, { ...d, ...x });
        return (
          <>
            <SelectField
              label={t('workflows.contractTemplate', { n })}
              value={d.templateId}
              error={wrong.templateId}
              options={[
                { value: '', label: t('contracts.chooseTemplate') },
                ...choices.map((tp) => ({ value: tp.id, label: tp.name })),
              ]}
              onChange={(e) => set({ templateId: e.target.value })}
            />
            {templates.data && choices.length === 0 && (
              <p>
                {t('workflows.contractNoTemplates')}{' '}
                <Link to="/hr/contracts">{t('workflows.contractTemplatesLink')}</Link>
              </p>
            )}
            <div className="row">
              <TextField
                label={t('workflows.contractSalary', { n })}
                inputMode="numeric"
                value={d.amount}
                error={wrong.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
              <SelectField
                label={t('workflows.contractCurrency', { n })}
                value={d.currency}
                options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                onChange={(e) => set({ currency: e.target.value as Currency })}
              />
              <SelectField
                label={t('workflows.contractPeriod', { n })}
                value={d.period}
                options={[
                  { value: 'month', label: t('contracts.perMonth') },
                  { value: 'year', label: t('contracts.perYear') },
                ]}
                onChange={(e) => set({ period: e.target.value as 'month' | 'year' })}
              />
            </div>
            <SelectField
              label={t('workflows.contractProbation', { n })}
              value={d.probationMonths}
              options={Array.from({ length: 13 }, (_, m) => ({
                value: String(m),
                label: t('contracts.months', { count: m }),
              }))}
              onChange={(e) => set({ probationMonths: e.target.value })}
            />
            <p>{t('workflows.contractNote')}</p>
          </>
        );
      }
    }
  };

  const title = editing ? t('workflows.editTitle', { name: nameOf(editing) }) : t('workflows.newTitle');
  return (
    <section className="card" aria-labelledby="workflows-editor">
      <h2 id="workflows-editor">{title}</h2>
      <p>{t('workflows.newIntro')}</p>
      <form onSubmit={save} noValidate className="hr-form">
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
          {form.actions.map((d, i) => (
            <fieldset key={i}>
              <legend>{t('workflows.actionN', { n: i + 1, kind: t(`workflows.kind.${d.kind}`) })}</legend>
              {actionFields(d, i)}
              <Button
                variant="secondary"
                aria-label={t('workflows.removeAction', { n: i + 1 })}
                onClick={() => {
                  setContractErrors({});
                  setForm((f) => ({ ...f, actions: f.actions.filter((_, j) => j !== i) }));
                }}
              >
                {t('workflows.remove')}
              </Button>
            </fieldset>
          ))}
          {form.actions.length < 10 && (
            <div className="row hr-actions">
              <Button
                variant="secondary"
                onClick={() => addAction({ kind: 'checklist', assignee: 'hr', tasks: [newTask()] })}
              >
                {t('workflows.addChecklist')}
              </Button>
              <Button variant="secondary" onClick={() => addAction({ kind: 'notify', to: 'hr' })}>
                {t('workflows.addNotice')}
              </Button>
              <Button variant="secondary" onClick={() => addAction({ kind: 'policy', policyId: '' })}>
                {t('workflows.addPolicy')}
              </Button>
              <Button variant="secondary" onClick={() => addAction(newContract())}>
                {t('workflows.addContract')}
              </Button>
            </div>
          )}
          {errors.actions && (
            <p id="workflows-actions-error" className="field-error" role="alert">
              {errors.actions}
            </p>
          )}
        </fieldset>
        {!editing && <p>{t('workflows.madeOff')}</p>}
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <div className="row hr-actions">
          <Button type="submit" loading={busy}>
            {editing ? t('workflows.save') : t('workflows.create')}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              {t('workflows.cancel')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
