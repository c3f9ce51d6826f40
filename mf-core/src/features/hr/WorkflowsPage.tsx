import './texts';
import { useState } from 'react';
import type { Workflow, WorkflowAction, WorkflowActionResult } from '@platform/svc-core/contract';
import { refreshApi, useApiPages, useApiQuery } from '@platform/data';
import { Link, Navigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { Alert, Button, Spinner, useDateFormat, useRouteMeta, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure, useOrgRole } from './hr-access';
import { MyTasks } from './MyTasks';
import { useWorkflowName, WorkflowEditor } from './WorkflowEditor';
import '../shared/core.css';

/**
 * `/hr/workflows`: HR's workflows (a trigger, conditions on the person, actions): the list with each one's
 * switch (the plan limits how many are on; the service refuses past it), a simple editor (`WorkflowEditor`)
 * for a new one or an existing one, and each one's run log. Everyone sees their own tasks from the checklists here, and marks them done.
 */
export default function WorkflowsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('workflows.title'));
  const user = useSession((s) => s.user);
  const { role, isHr } = useOrgRole();
  const [open, setOpen] = useState<Workflow | null>(null);
  const [editing, setEditing] = useState<Workflow | null>(null);
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
      {isHr && <WorkflowList onOpen={setOpen} onEdit={setEditing} />}
      {isHr && open && <RunLog workflow={open} />}
      {isHr && (
        <WorkflowEditor key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      )}
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

/**
 * What an action did or why it failed, in the page's language from its code and params; a run logged before
 * the codes has only its English detail, shown as it is (a contract left `pending` then says how to finish it).
 */
export function useResultText() {
  const { t } = useTranslation('core');
  return (r: WorkflowActionResult): string => {
    const p = r.params ?? {};
    const people = () => t('workflows.people', { count: Number(p.people) });
    switch (r.code) {
      case undefined:
        return r.kind === 'contract' && r.detail === 'pending' ? t('workflows.outcome.pending') : r.detail;
      case 'tasks-assigned':
        return t('workflows.outcome.tasks-assigned', { count: Number(p.tasks), people: people() });
      case 'notified':
        return t('workflows.outcome.notified', { people: people() });
      case 'policy-sent':
        return t('workflows.outcome.policy-sent', { title: p.title });
      case 'nobody-in-role':
        return t(`workflows.outcome.nobody-in-role.${String(p.role)}`, { defaultValue: r.detail });
      case 'unexpected':
        return t('workflows.outcome.unexpected', { detail: r.detail });
      default:
        return t(`workflows.outcome.${r.code}`);
    }
  };
}

function WorkflowList({ onOpen, onEdit }: { onOpen: (w: Workflow) => void; onEdit: (w: Workflow) => void }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const list = useApiPages((page) => coreApi.workflows(page));
  const first = useApiQuery(coreApi.workflows(1));
  const plan = first.data;
  const actionText = useActionText();
  const nameOf = useWorkflowName();
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
            <strong>{nameOf(w)}</strong> · {t(`workflows.trigger.${w.trigger}`)} ·{' '}
            {w.active ? t('workflows.on') : t('workflows.off')}
            <ul>
              {w.actions.map((a, i) => (
                <li key={i}>{actionText(a)}</li>
              ))}
            </ul>
            <Switch workflow={w} onOpen={onOpen} onEdit={onEdit} />
          </li>
        ))}
      </ul>
      {list.hasMore && <Button onClick={list.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}

function Switch({
  workflow: w,
  onOpen,
  onEdit,
}: {
  workflow: Workflow;
  onOpen: (w: Workflow) => void;
  onEdit: (w: Workflow) => void;
}) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useWorkflowName()(w);
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
      <Button variant="secondary" onClick={() => onEdit(w)} aria-label={t('workflows.editFor', { name })}>
        {t('workflows.edit')}
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
  const name = useWorkflowName()(workflow);
  const resultText = useResultText();
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
                  {t('workflows.resultLine', {
                    kind: t(`workflows.kind.${res.kind}`),
                    status: t(`workflows.result.${res.status}`),
                    what: resultText(res),
                  })}
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
