import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Notification, NotificationQuery, NotificationRequestedData } from '@platform/contracts';
import { newestFirst, pageOf } from '@platform/service-kit';
import type * as schema from '../db/schema';
import { notifications, smsMessages, users, type NotificationRow } from '../db/schema';

type Db = PostgresJsDatabase<typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toNotification(n: NotificationRow): Notification {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body ?? null,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt?.toISOString() ?? null,
  };
}

/** The platform inbox: each person reads and marks only their own notices. */
export class NotificationStore {
  constructor(
    private readonly db: Db,
    /** An SMS provider is configured: a notice asking for an SMS queues one (`SmsSender` sends it). */
    private readonly opts: { sms: boolean } = { sms: false },
  ) {}

  /**
   * Stores a requested notice (in the consumer's transaction), with its SMS when it asks for one and the
   * platform sends SMS. A notice for an account that no longer exists, or was removed, is dropped: nobody
   * can read it.
   */
  async add(tx: Tx, n: NotificationRequestedData): Promise<void> {
    const stored = await tx.execute(sql`
      insert into ${notifications} (id, user_id, kind, title, body, link, email, created_at)
      select ${n.id}, ${n.userId}, ${n.kind}, ${JSON.stringify(n.title)}::jsonb,
             ${n.body ? JSON.stringify(n.body) : null}::jsonb, ${n.link}, ${n.email}, ${n.createdAt}
      where exists (select 1 from ${users} where ${users.id} = ${n.userId} and ${users.status} <> 'deleted')
      on conflict (id) do nothing
      returning id`);
    if (stored.length === 0 || !n.sms || !this.opts.sms) return;
    await tx.execute(sql`
      insert into ${smsMessages} (notification_id, user_id, created_at, next_attempt_at)
      values (${n.id}, ${n.userId}, ${n.createdAt}, now())
      on conflict do nothing`);
  }

  async list(userId: string, q: NotificationQuery) {
    const { limit, offset } = pageOf(q);
    const mine = eq(notifications.userId, userId);
    const [rows, [counts]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(...newestFirst(notifications.createdAt, notifications.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
        })
        .from(notifications)
        .where(mine),
    ]);
    return { data: rows.map(toNotification), total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
  }

  /** Marks the given notices (or all) of `userId` read; ids of other people's notices change nothing. */
  async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids === 'all' ? undefined : inArray(notifications.id, ids),
        ),
      );
    return this.unread(userId);
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }
}
