import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { EventsEvents, type RegistrationChangedData } from '../../contract';
import { eventsTable, outbox, registrations, type EventRow } from '../db/schema';
import { promotedNotice } from '../notices';
import type { Db } from './db';

/** A transaction of this service's database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Announces a registration change through the outbox, in the caller's transaction. */
export async function announce(
  tx: Tx,
  type: (typeof EventsEvents)['registrationConfirmed' | 'registrationCancelled'],
  data: RegistrationChangedData,
): Promise<void> {
  await enqueue(tx, outbox, makeEnvelope(type, data));
}

/**
 * Confirms the first on the waiting list, in arrival order, while seats are free. Called with the event's
 * row locked (FOR UPDATE) in the transaction that freed or added the seats, so a seat is never given twice.
 */
export async function promoteWaitlist(tx: Tx, event: EventRow): Promise<EventRow> {
  const free = event.capacity === null ? event.waitlistCount : event.capacity - event.confirmedCount;
  if (free <= 0 || event.waitlistCount === 0) return event;
  const next = tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, event.id), eq(registrations.status, 'waitlisted')))
    .orderBy(asc(registrations.seq))
    .limit(free);
  const now = new Date();
  const promoted = await tx
    .update(registrations)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(inArray(registrations.id, next))
    .returning();
  if (promoted.length === 0) return event;
  const [updated] = await tx
    .update(eventsTable)
    .set({
      confirmedCount: sql`${eventsTable.confirmedCount} + ${promoted.length}`,
      waitlistCount: sql`${eventsTable.waitlistCount} - ${promoted.length}`,
    })
    .where(eq(eventsTable.id, event.id))
    .returning();
  for (const r of promoted) {
    await announce(tx, EventsEvents.registrationConfirmed, {
      registrationId: r.id,
      eventId: r.eventId,
      userId: r.userId,
      reason: 'promoted',
      at: now.toISOString(),
    });
    await enqueue(tx, outbox, promotedNotice(r.userId, updated!));
  }
  return updated!;
}
