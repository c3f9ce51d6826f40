import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ContentEvents,
  type ModerationDecidedData,
  type ModerationDecision,
  type ModerationItem,
  ContentErrors,
} from '../../contract';
import { type PostFlaggedData } from '@platform/svc-connect/contract';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import { conflict, notFound, pageOf, newestFirst } from '@platform/service-kit';
import { moderationItems, outbox, users, type ModerationRow } from '../db/schema';
import type { AdminBy, Db, Tx } from './db';

export function toModerationItem(r: ModerationRow, authorName: string | null): ModerationItem {
  return {
    id: r.id,
    subject: { module: r.module, kind: r.kind, id: r.subjectId },
    title: r.title,
    excerpt: '',
    authorName,
    flags: r.flags,
    reasons: r.reasons,
    flaggedAt: r.flaggedAt.toISOString(),
  };
}

/** Posts other modules hid after flags, and the moderator's decisions on them. */
export class ModerationStore {
  constructor(private readonly db: Db) {}

  /** A post hidden by flags joins the queue (again, if it was restored and flagged anew). */
  async flagged(tx: Tx, data: PostFlaggedData): Promise<void> {
    const values = {
      module: data.subject.module,
      kind: data.subject.kind,
      subjectId: data.subject.id,
      title: data.title,
      authorId: data.authorId,
      flags: data.flags.length,
      reasons: [...new Set(data.flags.map((f) => f.reason))],
      flaggedAt: new Date(data.hiddenAt),
    };
    await tx
      .insert(moderationItems)
      .values(values)
      .onConflictDoUpdate({
        target: [moderationItems.module, moderationItems.kind, moderationItems.subjectId],
        set: { ...values, decision: null, decidedAt: null, decidedBy: null },
      });
  }

  /** What waits for a decision, latest first, with each author's current name. */
  async open(q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const where = isNull(moderationItems.decidedAt);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ row: moderationItems, authorName: users.name })
        .from(moderationItems)
        .leftJoin(users, sql`${users.id}::text = ${moderationItems.authorId}`)
        .where(where)
        .orderBy(...newestFirst(moderationItems.flaggedAt, moderationItems.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(moderationItems)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /**
   * Decides once: the decision is recorded and published (content.moderation.decided.v1) in one
   * transaction, for the module that owns the post to apply.
   */
  async decide(id: string, decision: ModerationDecision, by: AdminBy, reason?: string) {
    const moderatorId = by.actor.sub;
    return this.db.transaction(async (tx) => {
      const [item] = await tx.select().from(moderationItems).where(eq(moderationItems.id, id)).for('update');
      if (!item) throw notFound('This report could not be found.', ContentErrors.moderationNotFound);
      if (item.decidedAt)
        throw conflict('A moderator has already decided on this post.', ContentErrors.alreadyDecided);
      const decidedAt = new Date();
      const [row] = await tx
        .update(moderationItems)
        .set({ decision, decidedAt, decidedBy: moderatorId })
        .where(and(eq(moderationItems.id, id), isNull(moderationItems.decidedAt)))
        .returning();
      const data: ModerationDecidedData = {
        subject: { module: item.module, kind: item.kind, id: item.subjectId },
        decision,
        moderatorId,
        moderator: { name: by.actor.name.slice(0, 200), email: by.actor.email },
        requestId: by.request?.id ? String(by.request.id).slice(0, 128) : null,
        address: by.request?.ip ? by.request.ip.slice(0, 64) : null,
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
        decidedAt: decidedAt.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(ContentEvents.moderationDecided, data));
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: `post.${decision}`,
        target: { module: item.module, kind: item.kind, id: item.subjectId, label: item.title },
        before: { state: 'hidden after flags', flags: item.flags },
        after: { decision, ...(data.reason ? { reason: data.reason } : {}) },
      });
      return row!;
    });
  }
}
