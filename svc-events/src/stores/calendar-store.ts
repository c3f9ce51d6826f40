import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { calendarFeeds, eventsTable, registrations, type EventRow } from '../db/schema';
import type { Db } from './db';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Private calendar feeds. The token is the feed's only key (calendar apps send no login), so only its
 * hash is stored: a leaked database does not open anyone's feed, and a new token revokes the old one.
 */
export class CalendarStore {
  constructor(private readonly db: Db) {}

  /** A new token for the person's feed, replacing (revoking) any earlier one; shown this once. */
  async issue(userId: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.db
      .insert(calendarFeeds)
      .values({ userId, tokenHash: hashOf(token) })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: hashOf(token), createdAt: new Date() },
      });
    return token;
  }

  /** When the person's current feed was made; undefined when they have none. */
  async createdAt(userId: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    return row?.createdAt;
  }

  /** Revokes the person's feed; false when there was none. */
  async revoke(userId: string): Promise<boolean> {
    const gone = await this.db
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .returning({ userId: calendarFeeds.userId });
    return gone.length > 0;
  }

  /** The events a feed's owner is confirmed for (cancelled events too: calendars then drop them). */
  async feed(token: string): Promise<EventRow[] | undefined> {
    const [owner] = await this.db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, hashOf(token)));
    if (!owner) return undefined;
    const rows = await this.db
      .select({ event: eventsTable })
      .from(registrations)
      .innerJoin(eventsTable, eq(eventsTable.id, registrations.eventId))
      .where(and(eq(registrations.userId, owner.userId), eq(registrations.status, 'confirmed')))
      .orderBy(asc(eventsTable.startsAt));
    return rows.map((r) => r.event);
  }
}
