import { and, eq, gt, sql } from 'drizzle-orm';
import type { ContactMessageBody, DemoRequestBody, InboxItem, InboxPatch, InboxQuery } from '../../contract';
import { cappedCount, notFound, pageOf, tooManyRequests, newestFirst } from '@platform/service-kit';
import { recordAdminAction } from '@platform/event-bus';
import { inbox, outbox, type InboxRow } from '../db/schema';
import type { AdminBy, Db } from './db';
import { ContentErrors } from '../../contract';

const HOUR_MS = 3_600_000;

export function toInboxItem(r: InboxRow): InboxItem {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    message: r.message,
    organization: r.organization,
    facilityType: r.facilityType,
    phone: r.phone,
    preferredDate: r.preferredDate,
    preferredTime: r.preferredTime,
    receivedAt: r.receivedAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
    handledAt: r.handledAt?.toISOString() ?? null,
  };
}

type NewItem = Omit<typeof inbox.$inferInsert, 'id' | 'address' | 'receivedAt'>;

/** Contact messages and demo requests: stored for the admin, at most `perHour` per client address. */
export class InboxStore {
  constructor(
    private readonly db: Db,
    private readonly perHour: number,
  ) {}

  contact(body: ContactMessageBody, address: string) {
    return this.add(address, {
      kind: 'contact',
      name: body.from_name.trim(),
      email: body.from_email.trim().toLowerCase(),
      message: body.from_message.trim(),
    });
  }

  demo(body: DemoRequestBody, address: string) {
    return this.add(address, {
      kind: 'demo',
      name: body.fullName.trim(),
      email: body.email.trim().toLowerCase(),
      message: body.notes?.trim() ?? '',
      organization: body.organization.trim(),
      facilityType: body.facilityType,
      phone: body.phone?.trim() || null,
      preferredDate: body.preferredDate,
      preferredTime: body.preferredTime,
    });
  }

  /**
   * Counted and stored under one advisory lock per address, so simultaneous sends cannot all slip under
   * the limit; the count is one range of (address, received_at).
   */
  private async add(address: string, item: NewItem): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content-inbox:${address}`}))`);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(inbox)
        .where(and(eq(inbox.address, address), gt(inbox.receivedAt, new Date(Date.now() - HOUR_MS))));
      if ((row?.n ?? 0) >= this.perHour)
        throw tooManyRequests(
          'Too many messages from your network. Please try again later.',
          ContentErrors.tooManyMessages,
        );
      await tx.insert(inbox).values({ ...item, address });
    });
  }

  /** Newest first, with the total capped as every long list's is (`cappedCount`). */
  async list(q: InboxQuery) {
    const { limit, offset } = pageOf(q);
    const where = q.kind ? eq(inbox.kind, q.kind) : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(inbox)
        .where(where)
        .orderBy(...newestFirst(inbox.receivedAt, inbox.id))
        .limit(limit)
        .offset(offset),
      cappedCount(this.db, inbox, where, offset),
    ]);
    return { rows, ...counted };
  }

  /** Marks an item read or unread, handled or not. */
  async mark(id: string, patch: InboxPatch, by: AdminBy): Promise<InboxRow> {
    const now = new Date();
    const set: Partial<typeof inbox.$inferInsert> = {};
    if (patch.read !== undefined) set.readAt = patch.read ? now : null;
    if (patch.handled !== undefined) {
      set.handledAt = patch.handled ? now : null;
      // Handling something means it was read.
      if (patch.handled && patch.read === undefined)
        set.readAt = sql`coalesce(${inbox.readAt}, now())` as never;
    }
    const state = (r: InboxRow) => ({ read: r.readAt !== null, handled: r.handledAt !== null });
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(inbox).where(eq(inbox.id, id)).for('update');
      if (!old) throw notFound('This message could not be found.', ContentErrors.inboxNotFound);
      const [row] = await tx.update(inbox).set(set).where(eq(inbox.id, id)).returning();
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: 'inbox-item.mark',
        target: { module: 'content', kind: `${old.kind}-message`, id, label: `${old.name} <${old.email}>` },
        before: state(old),
        after: state(row!),
      });
      return row!;
    });
  }
}
