import fp from 'fastify-plugin';
import type { EventBus } from '@platform/event-bus';
import { CoreEvents, CoreEventSchemas } from '../../contract';
import type { WorkflowSweep } from '../stores/workflow-sweep';

/** svc-core's own events that may start a workflow: `follows` in module.json. */
const FOLLOWED = [
  {
    filter: 'core.leave.>',
    types: [
      CoreEvents.leaveRequested,
      CoreEvents.leaveApproved,
      CoreEvents.leaveDeclined,
      CoreEvents.leaveCancelled,
    ],
  },
  { filter: 'core.contract.>', types: [CoreEvents.contractSigned] },
  { filter: 'core.member.>', types: [CoreEvents.memberChanged] },
] as const;

/**
 * Event-driven workflow runs: every instance follows svc-core's own leave, contract and member events (an
 * ephemeral reader from the time it starts) and, on each, runs the workflow sweep at once (one at a time
 * per instance; events meanwhile run it once more after). The event is written in the transaction that
 * made the change, so the row it tells of is there when it arrives. The sweep claims each run (its
 * `workflow_runs` row), so an event read twice, by several instances, or alongside the minute's schedule
 * still runs a workflow once; an event missed (NATS away, the sweep's lock held elsewhere) is found by the
 * scheduled sweep within a minute.
 */
export const workflowNudges = fp<{ bus: EventBus; sweep: WorkflowSweep }>(
  async (app, { bus, sweep }) => {
    let running: Promise<void> | null = null;
    let again = false;
    const nudge = () => {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await sweep.sweep();
          } catch (err) {
            app.log.error({ err }, 'workflow sweep on an event failed');
          }
        } while (again);
      })().finally(() => {
        running = null;
      });
    };
    const subscriptions = await Promise.all(
      FOLLOWED.map(({ filter, types }) =>
        bus.follow({
          producer: 'core',
          filter,
          since: new Date(),
          schemas: Object.fromEntries(types.map((t) => [t, CoreEventSchemas[t]])),
          handler: () => nudge(),
        }),
      ),
    );
    app.addHook('onClose', async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await running;
    });
  },
  { name: 'core-workflow-nudges' },
);
