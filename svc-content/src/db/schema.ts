import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable } from '@platform/event-bus';

export const content = pgSchema('content');

/**
 * The admin's view of the accounts: this service's copy, kept from identity.user.* events (never read from
 * identity's schema). `searchText` is the name and e-mail in lower case, for the users table's search.
 */
export const users = content.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    role: text('role', { enum: ['user', 'Clinic', 'admin'] }).notNull(),
    designation: text('designation').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** When the account was made (identity's createdAt). */
    accountCreatedAt: timestamp('account_created_at', { withTimezone: true }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** identity's version: an older event never overwrites a newer one. */
    version: integer('version').notNull(),
  },
  (t) => [
    index('users_live_created_idx')
      .on(t.accountCreatedAt.desc(), t.id.desc())
      .where(sql`not deleted`),
    index('users_live_role_created_idx')
      .on(t.role, t.accountCreatedAt.desc(), t.id.desc())
      .where(sql`not deleted`),
    // The export: every professional and clinic, newest first, in keyset batches.
    index('users_export_idx')
      .on(t.accountCreatedAt.desc(), t.id.desc())
      .where(sql`not deleted and role <> 'admin'`),
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`not deleted`),
  ],
);

/**
 * Live accounts per role, kept with the users copy in the same transaction as each identity event: the
 * dashboard's tiles and the unfiltered users table's total read one row each instead of counting every
 * account (120 ms at a million).
 */
export const accountCounts = content.table('account_counts', {
  role: text('role', { enum: ['user', 'Clinic', 'admin'] }).primaryKey(),
  live: integer('live').notNull().default(0),
});

/**
 * The landing page's six blocks, each in each language an admin wrote it in: sanitised HTML, the last writer
 * kept. A block and language with no row shows the page's own (default) text.
 */
export const blocks = content.table(
  'blocks',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    html: text('html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.lang] }),
    check('blocks_lang_check', sql`${t.lang} in ('en', 'sw', 'fr')`),
  ],
);

export const blogPosts = content.table(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Sanitised HTML. */
    data: text('data').notNull(),
    slug: text('slug').notNull(),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    /** The number of the latest version (blog_versions). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** First published; kept when the post goes back to draft and is published again. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and deleted_at is null`),
    index('blog_posts_updated_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
  ],
);

/** Every saved state of a post, for its history and restore. */
export const blogVersions = content.table(
  'blog_versions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    data: text('data').notNull(),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: uuid('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.version] })],
);

/** Contact messages and demo requests, for the admin's inbox. */
export const inbox = content.table(
  'inbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['contact', 'demo'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    organization: text('organization'),
    facilityType: text('facility_type'),
    phone: text('phone'),
    preferredDate: text('preferred_date'),
    preferredTime: text('preferred_time'),
    /** The sender's address (its /64 for IPv6), for the per-address limit. */
    address: text('address').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_received_idx').on(t.receivedAt.desc(), t.id.desc()),
    index('inbox_kind_received_idx').on(t.kind, t.receivedAt.desc(), t.id.desc()),
    index('inbox_address_received_idx').on(t.address, t.receivedAt),
  ],
);

/** Weekly counts for the dashboard's charts, kept from the services' events (one row a series and week). */
export const weeklyCounts = content.table(
  'weekly_counts',
  {
    series: text('series').notNull(),
    /** Monday of the week (East African time), YYYY-MM-DD. */
    weekStart: text('week_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.weekStart] })],
);

/** Posts another module hid after flags (connect.post.flagged.v1), waiting for a moderator. */
export const moderationItems = content.table(
  'moderation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    module: text('module').notNull(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
    title: text('title').notNull(),
    authorId: text('author_id'),
    flags: integer('flags').notNull(),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
    decision: text('decision', { enum: ['restore', 'hide', 'delete'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    uniqueIndex('moderation_subject_key').on(t.module, t.kind, t.subjectId),
    index('moderation_open_idx')
      .on(t.flaggedAt.desc(), t.id.desc())
      .where(sql`decided_at is null`),
  ],
);

/**
 * The audit log: every admin action of every service (their `<producer>.admin-action.recorded.v1`), in the
 * order it arrived here. Append-only: each entry carries the SHA-256 of itself and the previous entry's
 * hash, so an entry edited or removed in the database breaks the chain (`GET /api/admin/audit/verify`).
 */
export const auditLog = content.table(
  'audit_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The event's id: an event delivered twice is kept once. */
    eventId: uuid('event_id').notNull(),
    service: text('service').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetModule: text('target_module').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    requestId: text('request_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_event_key').on(t.eventId),
    index('audit_log_target_idx').on(t.targetId, t.seq),
    // The log's filters by words of a target's label (textSearch) and by an actor's e-mail in any case:
    // without them each read the whole log (0.4-0.9 s at a million entries).
    index('audit_log_label_trgm_idx').using('gin', sql`${t.targetLabel} gin_trgm_ops`),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    index('audit_log_actor_email_idx').on(sql`lower(${t.actorEmail})`, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);

export const outbox = outboxTable(content);
export const processed = processedEventsTable(content);

export type UserRow = typeof users.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type InboxRow = typeof inbox.$inferSelect;
export type ModerationRow = typeof moderationItems.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
