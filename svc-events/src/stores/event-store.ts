import { and, asc, desc, eq, gt, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import {
  DEFAULT_EVENT_TIME_ZONE,
  EventsEvents,
  type EventBody,
  type EventCancelledData,
  type EventPatch,
  type EventPublishedData,
  type EventQuery,
  type EventRegion,
  type EventView,
  type MyEventsQuery,
  type MyRegistration,
  EventsErrors,
} from '../../contract';
import {
  badRequest,
  cappedCount,
  entitlementsOf,
  pageOf,
  textSearch,
  trimStrings,
} from '@platform/service-kit';
import { cancelledNotice } from '../notices';
import { eventsTable, orgEntitlements, outbox, registrations, users, type EventRow } from '../db/schema';
import type { Actor, AdminBy, Db } from './db';
import { checkTimeZone, instantOf, todayInNairobi } from './when';
import { promoteWaitlist, type Tx } from './seats';

const live = isNull(eventsTable.cancelledAt);
/** The longest an event may last (`durationMinutes` at most a week). */
const LONGEST_MS = 7 * 24 * 3600_000;

/** What the caller may see beyond the public fields. */
export interface Viewer {
  organizing: boolean;
  registration?: MyRegistration;
}

const isOnline = (location: string) => location.trim().toLowerCase() === 'online';

/** The public shape; the online link only for the organiser and confirmed registrants of a live event. */
export function toEventView(row: EventRow, posterName: string | null, viewer: Viewer): EventView {
  // A cancelled event's link is no longer handed out: nobody should join a meeting that is not held.
  const seesLink =
    viewer.organizing || (viewer.registration?.status === 'confirmed' && row.cancelledAt === null);
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    topic: row.topic,
    date: row.date,
    time: row.time,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    durationMinutes: row.durationMinutes,
    location: row.location,
    online: isOnline(row.location),
    region: row.region,
    country: row.country,
    speaker: { name: row.speakerName, designation: row.speakerDesignation },
    tags: row.tags,
    ...(seesLink ? { zoomLink: row.zoomLink } : {}),
    capacity: row.capacity,
    seatsTaken: row.confirmedCount,
    seatsLeft: row.capacity === null ? null : row.capacity - row.confirmedCount,
    waitlisted: row.waitlistCount,
    cpdPoints: row.cpdPoints,
    registrationDeadline: row.registrationDeadline?.toISOString() ?? null,
    postedBy: posterName || row.organizerName,
    organizing: viewer.organizing,
    cancelled: row.cancelledAt !== null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(viewer.registration ? { myRegistration: viewer.registration } : {}),
  };
}

type Fields = Omit<EventBody, 'postedBy'>;

/** The stored columns of a full set of fields: start as an instant, search text, checks a schema cannot make. */
function storedFields(f: Fields) {
  const timeZone = checkTimeZone(f.timeZone ?? DEFAULT_EVENT_TIME_ZONE);
  const startsAt = instantOf(f.date, f.time, timeZone);
  const deadline = f.registrationDeadline ? new Date(f.registrationDeadline) : null;
  if (deadline && deadline > startsAt)
    throw badRequest(
      'registrationDeadline: must be before the event starts',
      EventsErrors.deadlineAfterStart,
    );
  const t = trimStrings({
    title: f.title,
    description: f.description,
    location: f.location,
    country: f.country ?? '',
    zoomLink: f.zoomLink ?? '',
  });
  const tags = [...new Set((f.tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
  const speakerName = f.speaker?.name.trim() ?? '';
  const speakerDesignation = f.speaker?.designation.trim() ?? '';
  const region: EventRegion = f.region ?? (isOnline(t.location) ? 'Online' : 'Kenya');
  return {
    ...t,
    category: f.category,
    topic: f.topic ?? null,
    date: f.date,
    time: f.time,
    timeZone,
    startsAt,
    durationMinutes: f.durationMinutes ?? 60,
    region,
    speakerName,
    speakerDesignation,
    tags,
    // Lower case, matched with LIKE on a lower-cased term (listFilter): case-blind at a plain LIKE's cost.
    searchText: [t.title, t.description, speakerName, ...tags].join(' ').toLowerCase(),
    capacity: f.capacity ?? null,
    cpdPoints: f.cpdPoints ?? null,
    registrationDeadline: deadline,
  };
}

/** A row's writable fields in the body's shape, so a patch is applied to a whole and re-checked. */
/** The fields that differ between two versions of an event, as they were and as they are. */
function changed(before: Fields, after: Fields) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Fields)[]) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return { before: was, after: is };
}

function fieldsOf(row: EventRow): Fields {
  return {
    title: row.title,
    description: row.description,
    category: row.category,
    topic: row.topic,
    date: row.date,
    time: row.time,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    location: row.location,
    region: row.region,
    country: row.country,
    speaker: { name: row.speakerName, designation: row.speakerDesignation },
    tags: row.tags,
    zoomLink: row.zoomLink,
    capacity: row.capacity,
    cpdPoints: row.cpdPoints,
    registrationDeadline: row.registrationDeadline?.toISOString() ?? null,
  };
}

/** The list's WHERE: live events starting on or after the day asked (today by default), and the filters. */
function listFilter(q: EventQuery): SQL {
  const after = q.after ?? todayInNairobi();
  const filters: SQL[] = [
    live,
    gte(eventsTable.startsAt, sql`(${after}::date)::timestamp at time zone ${DEFAULT_EVENT_TIME_ZONE}`),
  ];
  const search = textSearch(eventsTable.searchText, q.search);
  if (search) filters.push(search);
  if (q.category) filters.push(eq(eventsTable.category, q.category));
  if (q.topic) filters.push(eq(eventsTable.topic, q.topic));
  if (q.region) filters.push(eq(eventsTable.region, q.region));
  return and(...filters)!;
}

/** Events: the public list, one event, and the organiser's changes. */
export class EventStore {
  constructor(private readonly db: Db) {}

  /** What the organisation bought, as billing last said (null: billing has not said yet). */
  entitlementsOf(organizerId: string) {
    return entitlementsOf(this.db, orgEntitlements, organizerId);
  }

  private selectWithPoster() {
    return this.db
      .select({ row: eventsTable, posterName: users.name })
      .from(eventsTable)
      .leftJoin(users, eq(users.id, eventsTable.posterId));
  }

  async create(actor: Actor, body: EventBody): Promise<EventRow> {
    const { postedBy: _ignored, ...fields } = body;
    const stored = storedFields(fields);
    if (stored.startsAt.getTime() <= Date.now())
      throw badRequest('date: the event must start in the future', EventsErrors.startPast);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(eventsTable)
        .values({ ...stored, posterId: actor.id, organizerId: actor.organizerId, organizerName: actor.name })
        .returning();
      const published: EventPublishedData = {
        eventId: row!.id,
        organizerId: row!.organizerId,
        title: row!.title,
        startsAt: row!.startsAt.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(EventsEvents.eventPublished, published));
      return row!;
    });
  }

  /** One event (cancelled ones too: registrants still open them), with its poster's current name. */
  async find(id: string): Promise<{ row: EventRow; posterName: string | null } | undefined> {
    const [found] = await this.selectWithPoster().where(eq(eventsTable.id, id)).limit(1);
    return found;
  }

  /** The public list, ascending start, with its capped total (cappedCount). */
  async list(q: EventQuery) {
    const where = listFilter(q);
    const { limit, offset } = pageOf(q);
    const [rows, counted] = await Promise.all([
      this.selectWithPoster()
        .where(where)
        .orderBy(asc(eventsTable.startsAt), asc(eventsTable.id))
        .limit(limit)
        .offset(offset),
      cappedCount(this.db, eventsTable, where, offset),
    ]);
    return { rows, ...counted };
  }

  /**
   * The events an organiser runs (cancelled ones too, marked): `upcoming` (not yet ended, soonest
   * first) or `past` (ended, latest first). One range of the (organizer_id, starts_at) index.
   */
  async organisedBy(organizerId: string, q: MyEventsQuery, now = new Date()) {
    const { limit, offset } = pageOf(q);
    const ends = sql`${eventsTable.startsAt} + make_interval(mins => ${eventsTable.durationMinutes})`;
    const upcoming = (q.when ?? 'upcoming') === 'upcoming';
    const where = and(
      eq(eventsTable.organizerId, organizerId),
      // The start bound (an event lasts at most a week) lets the index range do the work.
      upcoming
        ? and(
            gt(eventsTable.startsAt, new Date(now.getTime() - LONGEST_MS)),
            sql`${ends} > ${now.toISOString()}::timestamptz`,
          )
        : and(lte(eventsTable.startsAt, now), sql`${ends} <= ${now.toISOString()}::timestamptz`),
    );
    const [rows, [counted]] = await Promise.all([
      this.selectWithPoster()
        .where(where)
        .orderBy(upcoming ? asc(eventsTable.startsAt) : desc(eventsTable.startsAt), asc(eventsTable.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventsTable)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /**
   * Applies a patch to a live event. A larger capacity confirms the next on the waiting list at once; a
   * capacity below the seats already confirmed is refused (nobody loses a confirmed seat). With `admin`
   * (an admin changing another organisation's event) the change is recorded for the audit log.
   */
  async update(id: string, patch: EventPatch, admin?: AdminBy): Promise<EventRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(eventsTable).where(eq(eventsTable.id, id)).for('update');
      if (!row || row.cancelledAt) return undefined;
      const stored = storedFields({ ...fieldsOf(row), ...patch });
      if (stored.capacity !== null && stored.capacity < row.confirmedCount)
        throw badRequest(
          `capacity: ${row.confirmedCount} seats are already confirmed`,
          EventsErrors.capacityBelowConfirmed,
        );
      const [updated] = await tx
        .update(eventsTable)
        .set({ ...stored, updatedAt: new Date() })
        .where(eq(eventsTable.id, id))
        .returning();
      if (admin)
        await recordAdminAction(tx, outbox, 'events', {
          ...admin,
          action: 'event.update',
          target: { module: 'events', kind: 'event', id, label: updated!.title },
          ...changed(fieldsOf(row), fieldsOf(updated!)),
        });
      return promoteWaitlist(tx as Tx, updated!);
    });
  }

  /**
   * Cancels a live event (soft): off the list, still in its registrants' history, marked cancelled. With
   * `admin` (an admin cancelling another organisation's event) it is recorded for the audit log.
   */
  async cancel(id: string, actor: Actor, admin?: AdminBy): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(eventsTable)
        .set({ cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(eventsTable.id, id), live))
        .returning();
      if (!row) return false;
      // Everyone holding a seat or a waiting-list place is told (their registrations stay, as history).
      const holders = await tx
        .select({ userId: registrations.userId })
        .from(registrations)
        .where(and(eq(registrations.eventId, id), ne(registrations.status, 'cancelled')));
      await enqueue(
        tx,
        outbox,
        holders.map((h) => cancelledNotice(h.userId, row)),
      );
      const cancelled: EventCancelledData = {
        eventId: row.id,
        organizerId: row.organizerId,
        cancelledBy: actor.id,
        cancelledAt: row.cancelledAt!.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(EventsEvents.eventCancelled, cancelled));
      if (admin)
        await recordAdminAction(tx, outbox, 'events', {
          ...admin,
          action: 'event.cancel',
          target: { module: 'events', kind: 'event', id, label: row.title },
          before: { cancelledAt: null },
          after: { cancelledAt: cancelled.cancelledAt, registrantsTold: holders.length },
        });
      return true;
    });
  }
}
