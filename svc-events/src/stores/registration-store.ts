import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';
import {
  EventsEvents,
  type MyEventsQuery,
  type MyRegistration,
  type Registrant,
  EventsErrors,
} from '../../contract';
import { conflict, HttpError, notFound, pageOf } from '@platform/service-kit';
import { recordAdminAction } from '@platform/event-bus';
import { eventsTable, outbox, registrations, users, type EventRow, type RegistrationRow } from '../db/schema';
import type { Actor, AdminBy, Db } from './db';
import { announce, promoteWaitlist, type Tx } from './seats';
import type { Tickets } from './tickets';

const unprocessable = (message: string, code: string) => new HttpError(422, message, code);
const active = ne(registrations.status, 'cancelled');

/** Why an event takes no registration (or withdrawal) now, or undefined when it does. */
function closedReason(event: EventRow, now = new Date()): HttpError | undefined {
  if (event.cancelledAt) return unprocessable('This event has been cancelled.', EventsErrors.eventCancelled);
  if (event.startsAt <= now) return unprocessable('This event has already started.', EventsErrors.eventPast);
  if (event.registrationDeadline && event.registrationDeadline < now)
    return unprocessable('Registration for this event has closed.', EventsErrors.registrationClosed);
  return undefined;
}

/** Registrations: seats, the waiting list, and the organiser's view of them. */
/** A registrant as the organiser's attendee list (CSV) shows them. */
export type Attendee = Registrant & { email: string; phone: string; ticketCode: string | null };

export class RegistrationStore {
  constructor(
    private readonly db: Db,
    private readonly tickets: Tickets,
  ) {}

  /** Locks the event's row for the rest of the transaction: every seat decision on it queues here. */
  private async lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
    const [event] = await tx.select().from(eventsTable).where(eq(eventsTable.id, eventId)).for('update');
    if (!event) throw notFound('This event could not be found.', EventsErrors.eventNotFound);
    return event;
  }

  private async waitlistPosition(tx: Tx | Db, r: RegistrationRow): Promise<number | null> {
    if (r.status !== 'waitlisted') return null;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(
        and(
          eq(registrations.eventId, r.eventId),
          eq(registrations.status, 'waitlisted'),
          lte(registrations.seq, r.seq),
        ),
      );
    return row!.n;
  }

  private async view(tx: Tx | Db, r: RegistrationRow): Promise<MyRegistration> {
    return {
      id: r.id,
      status: r.status,
      position: await this.waitlistPosition(tx, r),
      ...(r.status === 'confirmed'
        ? { ticket: this.tickets.sign(r.id, r.eventId), ticketCode: this.tickets.code(r.eventId, r.seq) }
        : {}),
      registeredAt: r.registeredAt.toISOString(),
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
    };
  }

  /**
   * Registers the actor: a seat while any is free, else a place on the waiting list. The event's row
   * lock orders concurrent registrations, so capacity is never exceeded and arrival order is kept.
   */
  async register(eventId: string, actor: Actor): Promise<MyRegistration> {
    return this.db.transaction(async (tx) => {
      const event = await this.lockEvent(tx, eventId);
      const closed = closedReason(event);
      if (closed) throw closed;
      const [existing] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, actor.id), active));
      if (existing)
        throw conflict('You are already registered for this event.', EventsErrors.alreadyRegistered);
      const seat = event.capacity === null || event.confirmedCount < event.capacity;
      const now = new Date();
      const [row] = await tx
        .insert(registrations)
        .values({
          eventId,
          userId: actor.id,
          name: actor.name,
          status: seat ? 'confirmed' : 'waitlisted',
          registeredAt: now,
          confirmedAt: seat ? now : null,
        })
        .returning();
      await tx
        .update(eventsTable)
        .set(
          seat
            ? { confirmedCount: sql`${eventsTable.confirmedCount} + 1` }
            : { waitlistCount: sql`${eventsTable.waitlistCount} + 1` },
        )
        .where(eq(eventsTable.id, eventId));
      if (seat)
        await announce(tx, EventsEvents.registrationConfirmed, {
          registrationId: row!.id,
          eventId,
          userId: actor.id,
          reason: 'registered',
          at: now.toISOString(),
        });
      return this.view(tx, row!);
    });
  }

  /** Withdraws the actor's registration; a freed seat goes to the first on the waiting list at once. */
  async withdraw(eventId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const event = await this.lockEvent(tx, eventId);
      // After the deadline a seat may still be freed (and passed on); not once it is over or cancelled.
      const closed = closedReason({ ...event, registrationDeadline: null });
      if (closed) throw closed;
      const [mine] = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId), active));
      if (!mine) throw notFound('You are not registered for this event.', EventsErrors.registrationNotFound);
      // A used seat stays used: freeing it would hand it on while its certificate stands.
      if (mine.checkedInAt)
        throw conflict('You have been checked in at this event.', EventsErrors.registrationCheckedIn);
      await tx
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(registrations.id, mine.id));
      const wasConfirmed = mine.status === 'confirmed';
      const [updated] = await tx
        .update(eventsTable)
        .set(
          wasConfirmed
            ? { confirmedCount: sql`${eventsTable.confirmedCount} - 1` }
            : { waitlistCount: sql`${eventsTable.waitlistCount} - 1` },
        )
        .where(eq(eventsTable.id, event.id))
        .returning();
      await announce(tx, EventsEvents.registrationCancelled, {
        registrationId: mine.id,
        eventId,
        userId,
        reason: 'withdrawn',
        at: new Date().toISOString(),
      });
      if (wasConfirmed) await promoteWaitlist(tx, updated!);
    });
  }

  /** The caller's registration for an event (cancelled ones too: their history), or undefined. */
  async mine(eventId: string, userId: string): Promise<MyRegistration | undefined> {
    const [row] = await this.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
      .orderBy(sql`${registrations.seq} desc`)
      .limit(1);
    return row && this.view(this.db, row);
  }

  /** The registration a ticket's short code names (its arrival number), in this event only. */
  async idBySeq(eventId: string, seq: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.seq, seq)));
    return row?.id;
  }

  /**
   * The person's registrations with their events: `upcoming` are those not withdrawn of events not yet
   * ended (soonest first, cancelled events included and marked), `past` the confirmed ones of events that
   * have ended (latest first). Each with the caller's registration (waiting-list place, ticket).
   */
  async ofUser(userId: string, q: MyEventsQuery, now = new Date()) {
    const { limit, offset } = pageOf(q);
    const ends = sql`${eventsTable.startsAt} + make_interval(mins => ${eventsTable.durationMinutes})`;
    const upcoming = (q.when ?? 'upcoming') === 'upcoming';
    const where = and(
      eq(registrations.userId, userId),
      upcoming ? active : eq(registrations.status, 'confirmed'),
      upcoming
        ? sql`${ends} > ${now.toISOString()}::timestamptz`
        : sql`${ends} <= ${now.toISOString()}::timestamptz`,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ r: registrations, e: eventsTable, posterName: users.name })
        .from(registrations)
        .innerJoin(eventsTable, eq(eventsTable.id, registrations.eventId))
        .leftJoin(users, eq(users.id, eventsTable.posterId))
        .where(where)
        .orderBy(upcoming ? asc(eventsTable.startsAt) : desc(eventsTable.startsAt), asc(registrations.seq))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(registrations)
        .innerJoin(eventsTable, eq(eventsTable.id, registrations.eventId))
        .where(where),
    ]);
    const data = await Promise.all(
      rows.map(async ({ r, e, posterName }) => ({
        event: e,
        posterName,
        registration: await this.view(this.db, r),
      })),
    );
    return { data, total: counted?.n ?? 0 };
  }

  /** The organiser's list: everyone who registered, in arrival order, with current names. */
  async list(eventId: string, q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const [rows, [counted]] = await Promise.all([
      this.registrants(eventId).limit(limit).offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(registrations)
        .where(eq(registrations.eventId, eventId)),
    ]);
    return { data: rows.map(toRegistrant), total: counted?.n ?? 0 };
  }

  /**
   * Records, for the audit log, that an admin downloaded the registrants of an event another organisation
   * runs (their personal data): before the file is sent.
   */
  async recordAdminExport(by: AdminBy, event: EventRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await recordAdminAction(tx, outbox, 'events', {
        ...by,
        action: 'registrations.export',
        target: { module: 'events', kind: 'event', id: event.id, label: event.title },
      });
    });
  }

  /**
   * Every registrant of an event in arrival order (the organiser's CSV), with how to reach them and, when
   * confirmed, the ticket's short code.
   */
  async attendees(eventId: string): Promise<Attendee[]> {
    const rows = await this.registrants(eventId);
    return rows.map((x) => ({
      ...toRegistrant(x),
      email: x.email ?? '',
      phone: x.phone ?? '',
      ticketCode: x.r.status === 'confirmed' ? this.tickets.code(x.r.eventId, x.r.seq) : null,
    }));
  }

  private registrants(eventId: string) {
    return this.db
      .select({
        r: registrations,
        currentName: users.name,
        designation: users.designation,
        email: users.email,
        phone: users.phone,
        // Place on the waiting list, for waitlisted rows.
        position: sql<number>`case when ${registrations.status} = 'waitlisted' then (row_number() over (partition by ${registrations.status} order by ${registrations.seq}))::int end`,
      })
      .from(registrations)
      .leftJoin(users, eq(users.id, registrations.userId))
      .where(eq(registrations.eventId, eventId))
      .orderBy(asc(registrations.seq))
      .$dynamic();
  }
}

function toRegistrant(x: {
  r: RegistrationRow;
  currentName: string | null;
  designation: string | null;
  position: number | null;
}): Registrant {
  return {
    id: x.r.id,
    userId: x.r.userId,
    name: x.currentName ?? x.r.name,
    designation: x.designation ?? '',
    status: x.r.status,
    position: x.position,
    registeredAt: x.r.registeredAt.toISOString(),
    checkedInAt: x.r.checkedInAt?.toISOString() ?? null,
  };
}
