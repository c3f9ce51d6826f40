import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  jsonb,
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
import { orgEntitlementsTable } from '@platform/service-kit';
import { EMAIL_TIMINGS, LANGUAGES, PLAN_IDS, ROLES, type Translated } from '@platform/contracts';

export const identity = pgSchema('identity');

/** A clinic, hospital or centre: every Clinic account belongs to one. */
export const organisations = identity.table('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a platform admin verified it from its registration documents; null: not verified. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** The registration document the admin checked (e.g. a facility licence number). */
  verificationReference: text('verification_reference'),
});

export const users = identity.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased: e-mails are case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    orgId: uuid('org_id').references(() => organisations.id),
    /** When a professional joined their organisation (an accepted invitation); null when none. */
    orgJoinedAt: timestamp('org_joined_at', { withTimezone: true }),
    designation: text('designation').notNull().default(''),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    facility: text('facility').notNull().default(''),
    country: text('country').notNull().default(''),
    location: text('location').notNull().default(''),
    photo: text('photo').notNull().default(''),
    /** Show e-mail and phone to every signed-in member in the Connect directory (off by default). */
    contactPublic: boolean('contact_public').notNull().default(false),
    /** The plan chosen on /pricing: a declared interest until billing exists; null when none. */
    plan: text('plan', { enum: PLAN_IDS }),
    /** active, suspended (by an admin, perhaps until a date) or deleted (personal data erased). */
    status: text('status', { enum: ['active', 'suspended', 'deleted'] })
      .notNull()
      .default('active'),
    suspendedReason: text('suspended_reason'),
    /** A timed suspension ends by itself at this instant; null: until an admin lifts it. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /**
     * When the person proved they receive mail at `email` (a link sent there was opened); null: not yet.
     * Joining an organisation and anything an organisation trusts need it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language the person chose on the site: their e-mails are written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** Bumped on every change; carried in identity.user.* events for version-guarded projections. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Directory listing: newest first, optionally by role.
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    // An organisation's members, newest first.
    index('users_org_joined_idx').on(t.orgId, t.orgJoinedAt.desc()),
    // The admin's account search: any part of a name or an e-mail (ILIKE '%term%').
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The directory's search: any part of a name (above) or a designation.
    index('users_designation_trgm_idx').using('gin', sql`${t.designation} gin_trgm_ops`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A person's uploaded profile photo (a JPEG, PNG or WebP by its content): at most one per account. Each
 * upload has a new id, so its address (`users.photo`, `/api/user/photo/<id>`) changes with it and browsers
 * may keep one address's bytes for long; a removed photo's row is deleted.
 */
export const photos = identity.table(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('photos_user_key').on(t.userId)],
);

/**
 * Accounts not removed, per role, kept by triggers on users (migration 0008) as each statement writes it: the
 * admin's account list shows them on every page view, and counting 100,000 accounts each time read them all.
 */
export const accountCounts = identity.table('account_counts', {
  role: text('role', { enum: ROLES }).primaryKey(),
  live: integer('live').notNull().default(0),
});

/**
 * A clinic's invitation to join its organisation, addressed to an e-mail: answered by the account with that
 * e-mail. At most one pending invitation per organisation and e-mail.
 */
export const orgInvites = identity.table(
  'org_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id),
    /** Stored trimmed and lower-cased, as account e-mails are. */
    email: text('email').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_invites_pending_key')
      .on(t.orgId, t.email)
      .where(sql`status = 'pending'`),
    // An organisation's pending list, newest first; a person's pending invitations.
    index('org_invites_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc()),
    // How many invitations an organisation sent in the last hour (INVITES_PER_HOUR), whatever their state.
    index('org_invites_org_created_idx').on(t.orgId, t.createdAt),
    index('org_invites_email_status_idx').on(t.email, t.status),
  ],
);

/** What an e-mailed one-time link does when opened. */
export const EMAIL_LINK_PURPOSES = ['password-reset', 'sign-in', 'email-verify'] as const;
export type EmailLinkPurpose = (typeof EMAIL_LINK_PURPOSES)[number];

/**
 * One-time links sent by e-mail: only the SHA-256 of the link's random secret is kept, so a copy of the
 * table opens nothing. A link works once, before it expires, and only while the account's e-mail is still
 * the one it was sent to.
 */
export const emailLinks = identity.table(
  'email_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_LINK_PURPOSES }).notNull(),
    /** Hex SHA-256 of the secret in the link. */
    secretHash: text('secret_hash').notNull(),
    /** The address the link went to. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_links_secret_key').on(t.secretHash),
    // How many links of a kind an account was sent lately (the per-account limit); pruning.
    index('email_links_user_purpose_created_idx').on(t.userId, t.purpose, t.createdAt),
    index('email_links_expires_idx').on(t.expiresAt),
  ],
);

/** One row per issued token, so logout can revoke it before it expires. */
export const sessions = identity.table(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per failed login (and per login being checked right now), by account and client address:
 * the limits in login-limiter.ts count them. Rows older than the longest window are pruned.
 */
export const loginFailures = identity.table(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The normalised e-mail tried, whether or not such an account exists. */
    account: text('account').notNull(),
    /** The client's address (an IPv6 client's /64). */
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.address, t.failedAt),
    index('login_failures_failed_idx').on(t.failedAt),
  ],
);

/** Addresses an account has logged in from lately: exempt from the account-wide failure ceiling. */
export const loginKnownAddresses = identity.table(
  'login_known_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.address] }),
    index('login_known_addresses_last_idx').on(t.lastLoginAt),
    // Whether anyone logged in from an address lately: asked at every login, before any hash.
    index('login_known_addresses_address_idx').on(t.address, t.lastLoginAt),
  ],
);

/**
 * The platform inbox: notices any module asked to give one person (`<producer>.notification.requested.v1`).
 * The id is the producer's, so a notice redelivered is stored once.
 */
export const notifications = identity.table(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: jsonb('title').$type<Translated>().notNull(),
    body: jsonb('body').$type<Translated>(),
    link: text('link').notNull(),
    email: text('email', { enum: EMAIL_TIMINGS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its e-mail went out (alone or in a digest); null while one is due. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    // The inbox page, newest first, and the bell's unread count.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    // The mailer's queue: notices whose e-mail is still due.
    index('notifications_email_due_idx')
      .on(t.email, t.createdAt)
      .where(sql`emailed_at is null and email <> 'none'`),
  ],
);

/** When each person's last daily digest went out: at most one a day, whichever instance sends it. */
export const emailDigests = identity.table('email_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

export const SMS_STATES = ['due', 'sent', 'failed'] as const;

/**
 * The SMS of a notice that asked for one (`sms: true`), written with the notice when an SMS provider is
 * configured: the sender's queue and its record. One row per notice (its id), so a notice is texted once.
 */
export const smsMessages = identity.table(
  'sms_messages',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: SMS_STATES }).notNull().default('due'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Provider calls made; a failed call is retried (backing off) until `SMS_MAX_ATTEMPTS`. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The number it went to, in international form. */
    phone: text('phone'),
    /** What the provider answered: its message id, status and cost (`KES 0.8000`). */
    providerMessageId: text('provider_message_id'),
    providerStatus: text('provider_status'),
    cost: text('cost'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last attempt did not send it (no phone number, the provider's status, a network error). */
    error: text('error'),
  },
  (t) => [
    // The sender's queue.
    index('sms_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'due'`),
    index('sms_messages_user_idx').on(t.userId),
  ],
);

export const outbox = outboxTable(identity);
export const processed = processedEventsTable(identity);

export type UserRow = typeof users.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What each organisation bought, projected from svc-billing's `billing.subscription.changed.v1`
 * (service-kit's followEntitlements): the profile's `entitlements` list.
 */
export const orgEntitlements = orgEntitlementsTable(identity);

/**
 * Data fills run once on a database (by name), e.g. the town and country read from the addresses people
 * gave before sign-up asked for them: the first instance to start claims and runs one, the others skip it.
 */
export const dataFills = identity.table('data_fills', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
