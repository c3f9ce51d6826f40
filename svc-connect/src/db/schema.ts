import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable } from '@platform/event-bus';
import { orgEntitlementsTable, verifiedProfessionsTable } from '@platform/service-kit';
import {
  CONNECTION_STATUSES,
  DISCUSSION_CATEGORIES,
  DISCUSSION_VISIBILITIES,
  PROFESSIONS,
} from '@platform/contracts/values';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

/** Postgres full-text documents (generated columns here: written by Postgres, read by searches). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const connect = pgSchema('connect');

/**
 * The directory: this service's copy of the accounts (from identity.user.* events). E-mail and phone are
 * kept for accepted connections and for people who chose to show them (`contact_public`).
 */
export const users = connect.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    orgId: uuid('org_id'),
    /** Clinic for Clinic accounts, else read from the designation (`professionOf`). */
    profession: text('profession', { enum: PROFESSIONS }).notNull(),
    designation: text('designation').notNull().default(''),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The location the person gave, else the first comma-separated part of the address: the Location filter. */
    location: text('location').notNull().default(''),
    facility: text('facility').notNull().default(''),
    country: text('country').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The skills as one text, for the search documents below. */
    skillsText: text('skills_text').notNull().default(''),
    photo: text('photo').notNull().default(''),
    contactPublic: boolean('contact_public').notNull().default(false),
    /** The person proved they receive mail at `email`: only then do they receive others' contact details. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** When the account was made: new accounts (under 7 days) have Connect's limits. */
    accountCreatedAt: timestamp('account_created_at', { withTimezone: true }).notNull(),
    /** Removed accounts keep their row (their posts point to it) without the person; not listed. */
    deleted: boolean('deleted').notNull().default(false),
    /** Name (A), designation and skills (B), description (C): ranked full-text search. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('simple'::regconfig, designation || ' ' || skills_text), 'B') || setweight(to_tsvector('simple'::regconfig, description), 'C')`,
    ),
    /** identity's version: an older event never overwrites a newer one. */
    version: integer('version').notNull(),
  },
  (t) => [
    // The directory lists people and clinics (never admins or removed accounts), by name.
    index('users_directory_name_idx')
      .on(t.name, t.id)
      .where(sql`not deleted and role <> 'admin'`),
    index('users_directory_profession_name_idx')
      .on(t.profession, t.name, t.id)
      .where(sql`not deleted and role <> 'admin'`),
    index('users_directory_country_name_idx')
      .on(t.country, t.name, t.id)
      .where(sql`not deleted and role <> 'admin'`),
    index('users_directory_search_idx')
      .using('gin', t.searchVector)
      .where(sql`not deleted and role <> 'admin'`),
    index('users_email_idx').on(t.email),
    check('users_profession_check', listed('profession', PROFESSIONS)),
  ],
);

/**
 * Verified professions (from svc-core's core.credential.* events): a licence verified by an organisation's
 * HR gives its holder the professions its council licenses, until it expires. Role-Based audiences read
 * only these, never the free-text designation.
 */
export const verifiedProfessions = verifiedProfessionsTable(connect);

/**
 * Where each verified licence comes from, for the person's profile page: its council and the organisation
 * whose HR verified it (from the same credential events; a licence verified before this table has none).
 */
export const credentialSources = connect.table('credential_sources', {
  credentialId: uuid('credential_id').primaryKey(),
  councilCode: text('council_code').notNull(),
  organisationId: uuid('organisation_id'),
});

/**
 * The directory's vocabulary: every word of a listed person's search document, with how many people use
 * it. A search word is matched against it by trigram similarity (a misspelling finds the words it was
 * meant to be), then the full-text index answers: Postgres' documented way of spelling-tolerant search.
 */
export const searchTerms = connect.table(
  'search_terms',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull(),
  },
  (t) => [index('search_terms_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * How many listed people have each facility, location, country and profession: kept with every change of
 * the projection, so the unfiltered directory's facets and total cost no scan.
 */
export const facetCounts = connect.table(
  'facet_counts',
  {
    facet: text('facet', { enum: ['facility', 'location', 'country', 'profession', 'total'] }).notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.value] }), index('facet_counts_top_idx').on(t.facet, t.count)],
);

export const connectionRequests = connect.table(
  'connection_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromId: uuid('from_id').notNull(),
    toId: uuid('to_id').notNull(),
    /** The pair in a fixed order (least, greatest): one live request per pair, whoever asked. */
    userLow: uuid('user_low').notNull(),
    userHigh: uuid('user_high').notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // Two simultaneous requests between the same pair (either way) make one: the second is refused here.
    uniqueIndex('connection_requests_live_pair_key')
      .on(t.userLow, t.userHigh)
      .where(sql`status in ('pending', 'accepted')`),
    index('connection_requests_to_created_idx').on(t.toId, t.createdAt.desc(), t.id.desc()),
    index('connection_requests_from_created_idx').on(t.fromId, t.createdAt.desc(), t.id.desc()),
    // The cool-off: the sender's last declined or withdrawn request to this person.
    index('connection_requests_from_to_decided_idx').on(t.fromId, t.toId, t.decidedAt),
    index('connection_requests_from_accepted_idx')
      .on(t.fromId, t.decidedAt.desc(), t.id.desc())
      .where(sql`status = 'accepted'`),
    index('connection_requests_to_accepted_idx')
      .on(t.toId, t.decidedAt.desc(), t.id.desc())
      .where(sql`status = 'accepted'`),
    check('connection_requests_status_check', listed('status', CONNECTION_STATUSES)),
    check('connection_requests_not_self_check', sql`from_id <> to_id`),
  ],
);

/** Posts: visible; hidden (three flags, or a moderator) until reviewed; removed by a moderator. */
export const POST_STATUSES = ['visible', 'hidden', 'removed'] as const;

export const discussions = connect.table(
  'discussions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').notNull(),
    /** The author's organisation when posting (their orgId, else their own id): Clinic Internal readers. */
    orgId: uuid('org_id').notNull(),
    /** The author as when posting; the users projection has the current name. */
    authorName: text('author_name').notNull(),
    authorRole: text('author_role').notNull(),
    authorProfession: text('author_profession', { enum: PROFESSIONS }).notNull(),
    authorFacility: text('author_facility').notNull().default(''),
    authorCountry: text('author_country').notNull().default(''),
    title: text('title').notNull(),
    /** Markdown as written; `content_html` is it rendered and sanitised. */
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    category: text('category', { enum: DISCUSSION_CATEGORIES }).notNull(),
    visibility: text('visibility', { enum: DISCUSSION_VISIBILITIES }).notNull(),
    /** Role-Based: the professions that may read it. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: POST_STATUSES }).notNull().default('visible'),
    /** Flags since the last review (three report it to the moderators). */
    flagCount: integer('flag_count').notNull().default(0),
    /** Those flags' weight (`flagWeight`: account age and standing): enough of it hides the post. */
    flagWeight: integer('flag_weight').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Deleted by its author. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, content), 'B')`,
    ),
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, title)`),
  },
  (t) => [
    // The list, newest first; by category; searches. Live posts only.
    index('discussions_live_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'visible' and deleted_at is null`),
    index('discussions_live_category_created_idx')
      .on(t.category, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'visible' and deleted_at is null`),
    index('discussions_live_search_idx')
      .using('gin', t.searchVector)
      .where(sql`status = 'visible' and deleted_at is null`),
    index('discussions_live_title_search_idx')
      .using('gin', t.titleVector)
      .where(sql`status = 'visible' and deleted_at is null`),
    // A new account's first-day count.
    index('discussions_author_created_idx').on(t.authorId, t.createdAt),
    check('discussions_category_check', listed('category', DISCUSSION_CATEGORIES)),
    check('discussions_visibility_check', listed('visibility', DISCUSSION_VISIBILITIES)),
    check('discussions_status_check', listed('status', POST_STATUSES)),
    check('discussions_counts_check', sql`flag_count >= 0 and like_count >= 0 and reply_count >= 0`),
    check('discussions_flag_weight_check', sql`flag_weight >= 0`),
  ],
);

export const replies = connect.table(
  'replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.id),
    authorId: uuid('author_id').notNull(),
    authorName: text('author_name').notNull(),
    authorRole: text('author_role').notNull(),
    authorProfession: text('author_profession', { enum: PROFESSIONS }).notNull(),
    authorFacility: text('author_facility').notNull().default(''),
    authorCountry: text('author_country').notNull().default(''),
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('replies_discussion_created_idx')
      .on(t.discussionId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('replies_author_created_idx').on(t.authorId, t.createdAt),
  ],
);

/** One like per person and discussion; un-liking keeps the row (inactive), so liking again notifies nobody. */
export const likes = connect.table(
  'likes',
  {
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.id),
    userId: uuid('user_id').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

/** One flag per person and discussion (kept after a review, so the same person cannot flag it again). */
export const flags = connect.table(
  'flags',
  {
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.id),
    userId: uuid('user_id').notNull(),
    reason: text('reason').notNull(),
    /** What the flag weighed when made (`flagWeight`). */
    weight: integer('weight').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

/** What each organisation bought (billing.subscription.changed.v1): its Clinic Internal space needs Connect. */
export const orgEntitlements = orgEntitlementsTable(connect);

export const outbox = outboxTable(connect);
export const processed = processedEventsTable(connect);

export type UserRow = typeof users.$inferSelect;
export type RequestRow = typeof connectionRequests.$inferSelect;
export type DiscussionRow = typeof discussions.$inferSelect;
export type ReplyRow = typeof replies.$inferSelect;
