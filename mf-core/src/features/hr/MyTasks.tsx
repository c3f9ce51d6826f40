import './texts';
import { useState } from 'react';
import { refreshApi, useApiPages } from '@platform/data';
import { Alert, Button, Spinner, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';

/**
 * The caller's open tasks from workflows' checklists, by due day; each marked done by them. `quiet` (Core's
 * dashboard widget): nothing at all unless there are some.
 */
export function MyTasks({ quiet = false }: { quiet?: boolean }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const tasks = useApiPages((page) => coreApi.myTasks(page));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function done(id: string) {
    setBusy(id);
    setError(null);
    try {
      const res = await coreApi.completeTask(id);
      if (res.ok) await refreshApi('/api/core/workflows/tasks/mine');
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(null);
  }
  if (quiet && (tasks.loading || tasks.error || tasks.items.length === 0)) return null;
  return (
    <section className="card" id="my-tasks" aria-labelledby="workflows-my-tasks">
      <h2 id="workflows-my-tasks">{t('workflows.myTasks')}</h2>
      {tasks.loading && <Spinner label={t('hrPage.loading')} />}
      {tasks.error && <Alert kind="error">{failure(tasks.error)}</Alert>}
      {!tasks.loading && !tasks.error && tasks.items.length === 0 && <p>{t('workflows.noTasks')}</p>}
      <ul className="hr-list">
        {tasks.items.map((task) => (
          <li key={task.id}>
            <strong>{task.title}</strong> · {t('workflows.about', { name: task.staffName })} ·{' '}
            {t('workflows.due', { day: date(task.dueOn) })}
            <div className="row hr-actions">
              <Button
                loading={busy === task.id}
                aria-label={t('workflows.doneFor', { title: task.title })}
                onClick={() => void done(task.id)}
              >
                {t('workflows.done')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {error && <Alert kind="error">{error}</Alert>}
      {tasks.hasMore && <Button onClick={tasks.loadMore}>{t('hrPage.more')}</Button>}
    </section>
  );
}
