import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable } from '@platform/event-bus';
import { orgEntitlementsTable } from '@platform/service-kit';
import {
  EVENT_CATEGORIES,
  EVENT_REGIONS,
  EVENT_TOPICS,
  REGISTRATION_STATUSES,
} from '@platform/contracts/values';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const events = pgSchema('events');

export const eventsTable = events.table(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: EVENT_CATEGORIES }).notNull(),
    /** What it is about (the spec's filter topics), beside its type; null: none chosen. */
    topic: text('topic', { enum: EVENT_TOPICS }),
    /** The day and clock time as the organiser entered them, in `time_zone`. */
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    /** The same start as an instant: what lists sort and filter by. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    location: text('location').notNull(),
    region: text('region', { enum: EVENT_REGIONS }).notNull(),
    country: text('country').notNull().default(''),
    speakerName: text('speaker_name').notNull().default(''),
    speakerDesignation: text('speaker_designation').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Private: only the organiser and confirmed registrants receive it. */
    zoomLink: text('zoom_link').notNull().default(''),
    /** Title, description, speaker and tags in one text, written by the store: what keyword search reads. */
    searchText: text('search_text').notNull(),
    capacity: integer('capacity'),
    cpdPoints: integer('cpd_points'),
    registrationDeadline: timestamp('registration_deadline', { withTimezone: true }),
    /** The account that posted it, from the verified token. */
    posterId: uuid('poster_id').notNull(),
    /** Who organises it: the poster's organisation, or the poster's own account without one. */
    organizerId: uuid('organizer_id').notNull(),
    /** The organiser's name when posting; the users projection has the current one. */
    organizerName: text('organizer_name').notNull(),
    /** Kept in the registration transactions (under the event's row lock): no count per list row. */
    confirmedCount: integer('confirmed_count').notNull().default(0),
    waitlistCount: integer('waitlist_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Cancelled by its organiser: off the list, kept in its registrants' history. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // The public list: ascending start, optionally by category, topic or region; only live events.
    index('events_live_starts_idx')
      .on(t.startsAt, t.id)
      .where(sql`cancelled_at is null`),
    index('events_live_category_starts_idx')
      .on(t.category, t.startsAt, t.id)
      .where(sql`cancelled_at is null`),
    index('events_live_topic_starts_idx')
      .on(t.topic, t.startsAt, t.id)
      .where(sql`cancelled_at is null`),
    index('events_live_region_starts_idx')
      .on(t.region, t.startsAt, t.id)
      .where(sql`cancelled_at is null`),
    // Keyword search (ILIKE '%x%') over the searchable text, by trigrams.
    index('events_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`cancelled_at is null`),
    index('events_organizer_starts_idx').on(t.organizerId, t.startsAt),
    check('events_category_check', listed('category', EVENT_CATEGORIES)),
    check('events_topic_check', sql`topic is null or ${listed('topic', EVENT_TOPICS)}`),
    check('events_region_check', listed('region', EVENT_REGIONS)),
    check('events_capacity_check', sql`capacity is null or capacity > 0`),
    check('events_cpd_points_check', sql`cpd_points is null or cpd_points between 0 and 50`),
    check(
      'events_seats_check',
      sql`confirmed_count >= 0 and waitlist_count >= 0 and (capacity is null or confirmed_count <= capacity)`,
    ),
  ],
);

export const registrations = events.table(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => eventsTable.id),
    userId: uuid('user_id').notNull(),
    /** Name and designation from the token when registering; the projection has the current ones. */
    name: text('name').notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    /** Arrival order (taken under the event's lock): the waiting list is promoted in this order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  },
  (t) => [
    // One active registration per person per event (a cancelled one does not block registering again).
    uniqueIndex('registrations_event_user_active_key')
      .on(t.eventId, t.userId)
      .where(sql`status <> 'cancelled'`),
    // The organiser's list and the waiting list, in arrival order.
    index('registrations_event_seq_idx').on(t.eventId, t.seq),
    index('registrations_user_idx').on(t.userId, t.registeredAt),
    check('registrations_status_check', listed('status', REGISTRATION_STATUSES)),
  ],
);

/**
 * A person's private calendar feed: the hash of its secret token (the token itself is shown once).
 * One per person; a new one replaces it, deleting it revokes the feed.
 */
export const calendarFeeds = events.table('calendar_feeds', {
  userId: uuid('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * CPD certificates, issued with the check-in of an attendee of an event that awards points: the person's
 * ledger of points. What it certifies is copied at issue time, so a later edit of the event changes none.
 */
export const certificates = events.table(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .unique()
      .references(() => registrations.id),
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id').notNull(),
    holderName: text('holder_name').notNull(),
    eventTitle: text('event_title').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    organizerName: text('organizer_name').notNull(),
    points: integer('points').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificates_user_date_idx').on(t.userId, t.eventDate)],
);

/** Keys the service makes for itself once per database (the check-in tickets' HMAC key). */
export const signingKeys = events.table('signing_keys', {
  name: text('name').primaryKey(),
  /** base64 */
  key: text('key').notNull(),
});

/** This service's copy of the accounts it needs (from identity.user.* events). */
export const users = events.table('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  orgId: uuid('org_id'),
  designation: text('designation').notNull().default(''),
  /** For the organiser's attendee list (CSV) only: how to reach the people registered. */
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** identity's version: an older event never overwrites a newer one. */
  version: integer('version').notNull(),
});

/**
 * Organisations a platform admin verified from their registration documents
 * (identity.organisation.verified.v1): certificates of their events say so.
 */
export const verifiedOrganisations = events.table('verified_organisations', {
  orgId: uuid('org_id').primaryKey(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** What each organisation bought (billing.subscription.changed.v1): posting an event is checked against it. */
export const orgEntitlements = orgEntitlementsTable(events);

export const outbox = outboxTable(events);
export const processed = processedEventsTable(events);

export type EventRow = typeof eventsTable.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
