import fp from 'fastify-plugin';
import { handleOnce, type EventBus } from '@platform/event-bus';
import { type Envelope } from '@platform/contracts';
import { ContentEvents, ModerationDecidedData } from '@platform/svc-content/contract';
import { eq } from 'drizzle-orm';
import { processed, users } from '../db/schema';
import type { Db } from '../stores/db';
import type { DiscussionStore } from '../stores/discussion-store';

export const MODERATION_DURABLE = 'svc-connect__moderation';

/**
 * Applies a moderator's decision on one of Connect's posts (others' subjects are not ours: skipped), and
 * records the change it made as the admin's action (connect.admin-action.recorded.v1, in the same
 * transaction): the moderator as the decision names them, else as the users projection knows them.
 */
export async function applyModeration(
  db: Db,
  discussions: DiscussionStore,
  event: Envelope<ModerationDecidedData>,
): Promise<void> {
  const { subject, decision, moderatorId, moderator } = event.data;
  if (subject.module !== 'connect' || subject.kind !== 'discussion') return;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(subject.id)) return;
  await handleOnce(db, processed, MODERATION_DURABLE, event, async (tx) => {
    const [known] = moderator
      ? []
      : await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, moderatorId));
    const who = moderator ?? known ?? { name: 'Moderator', email: '' };
    await discussions.moderate(tx, subject.id, decision, {
      actor: { sub: moderatorId, name: who.name, email: who.email, role: 'admin' },
      request: { id: event.data.requestId ?? null, ip: event.data.address ?? null },
    });
  });
}

/**
 * The admin's moderation queue (svc-content) decides on flagged posts and publishes
 * content.moderation.decided.v1; this durable consumer applies the decisions (it waits quietly until the
 * CONTENT stream exists).
 */
export const moderation = fp<{ bus: EventBus; db: Db }>(
  async (app, { bus, db }) => {
    const subscription = await bus.subscribe<ModerationDecidedData>({
      producer: 'content',
      durable: MODERATION_DURABLE,
      filter: 'content.moderation.>',
      schemas: { [ContentEvents.moderationDecided]: ModerationDecidedData },
      handler: (event) => applyModeration(db, app.discussions, event),
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'connect-moderation', dependencies: ['connect-stores'] },
);
