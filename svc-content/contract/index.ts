/**
 * svc-content's contracts (module `admin`): the TypeBox schemas of its HTTP payloads (the home page's blocks,
 * the blog, the contact and demo inbox, the admin dashboard, moderation, the audit log), its events and its
 * error codes. The service validates with them; mf-content and the public site's pages in mf-core import their
 * types (`import type ... from '@platform/svc-content/contract'`), so no schema code reaches the browser. The
 * plain lists the forms check too (home blocks, blog statuses, facility types) stay in
 * `@platform/contracts/values`.
 */
import { Type, type Static, type TOptional, type TSchema, type TString } from '@sinclair/typebox';
import {
  CappedPageInfo,
  LANGUAGES,
  Ok,
  PageInfo,
  PageQuery,
  Paged,
  SearchTerm,
  StringEnum,
  type Language,
} from '@platform/contracts';
import {
  BLOG_STATUSES,
  FACILITY_TYPES,
  HOME_BLOCKS,
  INBOX_KINDS,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  type HomeBlock,
} from '@platform/contracts/values';

export {
  BLOG_STATUSES,
  FACILITY_TYPES,
  HOME_BLOCKS,
  INBOX_KINDS,
  type BlogStatus,
  type FacilityType,
  type HomeBlock,
  type InboxKind,
} from '@platform/contracts/values';

/**
 * The admin's moderation queue (svc-content) decides on content another module reported (e.g.
 * `connect.post.flagged.v1`) and tells that module through this event; the module applies it.
 */
export const MODERATION_DECISIONS = ['restore', 'hide', 'delete'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

export const ModerationDecidedData = Type.Object(
  {
    /** What was decided on, as the reporting module named it: `{ module: 'connect', kind: 'discussion', id }`. */
    subject: Type.Object(
      {
        module: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 }),
        kind: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 }),
        id: Type.String({ maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
    /** restore: visible again (its flags cleared); hide: kept from everyone but its author; delete: gone. */
    decision: StringEnum(MODERATION_DECISIONS),
    moderatorId: Type.String({ format: 'uuid' }),
    /** The moderator as their token named them, so the module applying the decision can audit it. */
    moderator: Type.Optional(
      Type.Object(
        { name: Type.String({ maxLength: 200 }), email: Type.String({ maxLength: 254 }) },
        { additionalProperties: false },
      ),
    ),
    /** The decision's request (its id and client address), carried into the applying module's audit entry. */
    requestId: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
    address: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    decidedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type ModerationDecidedData = Static<typeof ModerationDecidedData>;

export const ContentEvents = {
  moderationDecided: 'content.moderation.decided.v1',
} as const;

// ----- HTTP: svc-content (home content blocks, blog, the contact and demo inbox, the admin's dashboard,
// the moderation queue). Admin-only unless marked public.

const Instant = Type.String({ format: 'date-time' });
const NullableInstant = Type.Union([Instant, Type.Null()]);
/** Text a person typed: at least one visible character. */
const required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

const perBlock = <S extends TSchema>(schema: S) =>
  Type.Object(Object.fromEntries(HOME_BLOCKS.map((b) => [b, schema])) as Record<HomeBlock, S>);

/** Which language's blocks: English when not said (the spec's client knows of one text per block). */
export const BlockLanguageQuery = Type.Object(
  { lang: Type.Optional(StringEnum(LANGUAGES, { default: 'en' })) },
  { additionalProperties: false },
);
export type BlockLanguageQuery = Static<typeof BlockLanguageQuery>;

/**
 * Public: each block's sanitised HTML in one language ('' while it is the default: the page shows its own
 * text), and per block whether it is the default.
 */
/**
 * The six blocks under `components`, and each also at the top level as the spec's client reads them
 * (`AboutUs`, `Hero`, …: "object of the six content blocks").
 */
export const MainComponentsResponse = Ok({
  components: perBlock(Type.String()),
  ...(Object.fromEntries(HOME_BLOCKS.map((b) => [b, Type.Optional(Type.String())])) as Record<
    HomeBlock,
    TOptional<TString>
  >),
  lang: Type.Optional(StringEnum(LANGUAGES)),
  isDefault: Type.Optional(perBlock(Type.Boolean())),
});
export type MainComponentsResponse = Static<typeof MainComponentsResponse>;

/**
 * The spec's body: one block's key and its HTML (sanitised on the server), e.g. `{ "AboutUs": "<p>…</p>" }`.
 * It writes the language of `?lang=` (English when not said) and leaves the others as they are.
 */
export const UpsertMainComponentBody = Type.Object(
  Object.fromEntries(
    HOME_BLOCKS.map((b) => [b, Type.Optional(Type.String({ maxLength: 20_000 }))]),
  ) as Record<HomeBlock, TOptional<TString>>,
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
export type UpsertMainComponentBody = Static<typeof UpsertMainComponentBody>;

/** One block in one language, for the admin: `PUT`/`DELETE /api/content/blocks/:key/:lang`. */
export const BlockTextParams = Type.Object(
  { key: StringEnum(HOME_BLOCKS), lang: StringEnum(LANGUAGES) },
  { additionalProperties: false },
);
export type BlockTextParams = Static<typeof BlockTextParams>;

export const BlockTextBody = Type.Object(
  { html: Type.String({ maxLength: 20_000 }) },
  { additionalProperties: false },
);
export type BlockTextBody = Static<typeof BlockTextBody>;

/** One block's text in one language: the admin's ('' and isDefault while the page's own text shows). */
export const BlockText = Type.Object({
  html: Type.String(),
  isDefault: Type.Boolean(),
  updatedAt: NullableInstant,
});
export type BlockText = Static<typeof BlockText>;

/** Admin: every block in every language (`GET /api/content/blocks`, and the answer to each edit). */
export const BlockTextsResponse = Ok({
  blocks: perBlock(
    Type.Object(
      Object.fromEntries(LANGUAGES.map((l) => [l, BlockText])) as Record<Language, typeof BlockText>,
    ),
  ),
});
export type BlockTextsResponse = Static<typeof BlockTextsResponse>;

export const BlogPost = Type.Object({
  id: Type.String({ format: 'uuid' }),
  _id: Type.String({ description: 'Same as id; kept for clients of the original API' }),
  /** The title (the spec's `name`). */
  name: Type.String(),
  /** Sanitised HTML (the spec's `data`). */
  data: Type.String(),
  slug: Type.String(),
  status: StringEnum(BLOG_STATUSES),
  createdAt: Instant,
  /** Same as createdAt; kept for clients of the original API. */
  date: Instant,
  updatedAt: Instant,
  publishedAt: NullableInstant,
});
export type BlogPost = Static<typeof BlogPost>;

export const BlogBody = Type.Object(
  {
    name: required(200),
    data: required(100_000),
    /**
     * Published when not sent: the spec's client sends only `name` and `data` and expects its post on the blog;
     * the admin's editor sends `draft` to keep one back.
     */
    status: Type.Optional(StringEnum(BLOG_STATUSES)),
  },
  { additionalProperties: false },
);
export type BlogBody = Static<typeof BlogBody>;

/** Public: published posts, newest first. */
export const BlogListResponse = Paged(BlogPost);
export type BlogListResponse = Static<typeof BlogListResponse>;
/**
 * `GET /api/blog/get` as the spec's client calls it, without `page` or `limit`: it reads "array of blogs",
 * so the answer is the posts themselves (the newest, at most a page of the largest size).
 */
export const SpecBlogListResponse = Type.Array(BlogPost);
export type SpecBlogListResponse = Static<typeof SpecBlogListResponse>;

/** Every post, drafts included, latest change first, with the spec's tiles' figures. */
export const AdminBlogListResponse = Ok({
  data: Type.Array(BlogPost),
  pageInfo: PageInfo,
  stats: Type.Object({
    total: Type.Integer(),
    lastUpdated: NullableInstant,
    /** Posts changed in the last 7 days. */
    recentlyEdited: Type.Integer(),
  }),
});
export type AdminBlogListResponse = Static<typeof AdminBlogListResponse>;

export const BlogPostResponse = Ok({ blog: BlogPost });
export type BlogPostResponse = Static<typeof BlogPostResponse>;

/**
 * A post added or changed: the spec's client reads the post itself (`_id`, `name`, `data`, `date`) at the top
 * level beside `success`; `blog` holds the same post for this platform's clients.
 */
export const BlogSavedResponse = Ok({ ...BlogPost.properties, blog: BlogPost });
export type BlogSavedResponse = Static<typeof BlogSavedResponse>;

export const SlugParams = Type.Object({
  slug: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 120 }),
});
export type SlugParams = Static<typeof SlugParams>;

export const BlogVersion = Type.Object({
  version: Type.Integer(),
  name: Type.String(),
  data: Type.String(),
  status: StringEnum(BLOG_STATUSES),
  savedAt: Instant,
  savedBy: Type.Union([Type.String(), Type.Null()]),
});
export type BlogVersion = Static<typeof BlogVersion>;
export const BlogVersionsResponse = Ok({ data: Type.Array(BlogVersion) });
export type BlogVersionsResponse = Static<typeof BlogVersionsResponse>;
export const BlogVersionParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type BlogVersionParams = Static<typeof BlogVersionParams>;

/**
 * A field people never see (hidden from eyes and screen readers): a robot filling in every field fills it,
 * and its message is then accepted in words but never stored.
 */
const Honeypot = Type.Optional(Type.String({ maxLength: 500 }));

/** `/contact` (the spec's fields). */
export const ContactMessageBody = Type.Object(
  {
    from_name: required(120),
    from_email: Type.String({ format: 'email', maxLength: 254 }),
    from_message: required(5000),
    website: Honeypot,
  },
  { additionalProperties: false },
);
export type ContactMessageBody = Static<typeof ContactMessageBody>;

/** `/requestdemo` and the landing page's demo dialog (the spec's fields). */
export const DemoRequestBody = Type.Object(
  {
    fullName: required(120),
    organization: required(160),
    facilityType: StringEnum(FACILITY_TYPES),
    email: Type.String({ format: 'email', maxLength: 254 }),
    phone: Type.Optional(Type.String({ maxLength: PHONE_MAX_LENGTH, pattern: PHONE_PATTERN })),
    /** YYYY-MM-DD, today or later (East African day). */
    preferredDate: Type.String({ format: 'date' }),
    preferredTime: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    website: Honeypot,
  },
  { additionalProperties: false },
);
export type DemoRequestBody = Static<typeof DemoRequestBody>;

export const InboxItem = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: StringEnum(INBOX_KINDS),
  name: Type.String(),
  email: Type.String(),
  /** The contact message, or the demo request's notes. */
  message: Type.String(),
  organization: Type.Union([Type.String(), Type.Null()]),
  facilityType: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  preferredDate: Type.Union([Type.String(), Type.Null()]),
  preferredTime: Type.Union([Type.String(), Type.Null()]),
  receivedAt: Instant,
  readAt: NullableInstant,
  handledAt: NullableInstant,
});
export type InboxItem = Static<typeof InboxItem>;
export const InboxQuery = Type.Object({
  kind: Type.Optional(StringEnum(INBOX_KINDS)),
  page: PageQuery.properties.page,
  limit: PageQuery.properties.limit,
});
export type InboxQuery = Static<typeof InboxQuery>;
/** Anyone may write to it (within a per-address limit): its total is capped as every long list's is. */
export const InboxResponse = Ok({ data: Type.Array(InboxItem), pageInfo: CappedPageInfo });
export type InboxResponse = Static<typeof InboxResponse>;
export const InboxPatch = Type.Object(
  { read: Type.Optional(Type.Boolean()), handled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
export type InboxPatch = Static<typeof InboxPatch>;

/** The dashboard's tiles (`GET /api/dashboard/total-users`: the spec's `totalUsers`, and the split). */
export const DashboardStatsResponse = Ok({
  totalUsers: Type.Integer(),
  totalRegularUsers: Type.Integer(),
  totalClinics: Type.Integer(),
});
export type DashboardStatsResponse = Static<typeof DashboardStatsResponse>;

export const DashboardUser = Type.Object({
  id: Type.String({ format: 'uuid' }),
  _id: Type.String({ description: 'Same as id; kept for clients of the original API' }),
  name: Type.String(),
  email: Type.String(),
  role: StringEnum(['user', 'Clinic', 'admin'] as const),
  designation: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  createdAt: NullableInstant,
  /** Same as createdAt (when the account was made); kept for clients of the original API. */
  date: NullableInstant,
});
export type DashboardUser = Static<typeof DashboardUser>;
export const LatestUsersResponse = Ok({ latestUsers: Type.Array(DashboardUser) });
export type LatestUsersResponse = Static<typeof LatestUsersResponse>;
export const DashboardUsersQuery = Type.Object({
  search: Type.Optional(SearchTerm),
  page: PageQuery.properties.page,
  limit: PageQuery.properties.limit,
});
export type DashboardUsersQuery = Static<typeof DashboardUsersQuery>;
/** `GET /api/dashboard/users` (the spec's `users`) and `/clinics` (`clinics`), paged on the server. */
export const DashboardUsersResponse = Ok({ users: Type.Array(DashboardUser), pageInfo: PageInfo });
export type DashboardUsersResponse = Static<typeof DashboardUsersResponse>;
export const DashboardClinicsResponse = Ok({ clinics: Type.Array(DashboardUser), pageInfo: PageInfo });
export type DashboardClinicsResponse = Static<typeof DashboardClinicsResponse>;

export const SERIES = ['signups', 'jobs', 'applications', 'registrations'] as const;
export type SeriesName = (typeof SERIES)[number];
export const WeeklySeries = Type.Array(
  Type.Object({ weekStart: Type.String({ format: 'date' }), count: Type.Integer() }),
);
export type WeeklySeries = Static<typeof WeeklySeries>;
export const SeriesQuery = Type.Object({
  weeks: Type.Optional(Type.Integer({ minimum: 1, maximum: 52, default: 12 })),
});
export type SeriesQuery = Static<typeof SeriesQuery>;
/** Weekly counts (weeks start on Monday, East African time), oldest first, counted from the services' events. */
export const SeriesResponse = Ok({
  series: Type.Object(
    Object.fromEntries(SERIES.map((s) => [s, WeeklySeries])) as Record<SeriesName, typeof WeeklySeries>,
  ),
});
export type SeriesResponse = Static<typeof SeriesResponse>;

export const ModerationItem = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.Object({ module: Type.String(), kind: Type.String(), id: Type.String() }),
  title: Type.String(),
  excerpt: Type.String(),
  authorName: Type.Union([Type.String(), Type.Null()]),
  flags: Type.Integer(),
  reasons: Type.Array(Type.String()),
  flaggedAt: Instant,
});
export type ModerationItem = Static<typeof ModerationItem>;
export const ModerationResponse = Paged(ModerationItem);
export type ModerationResponse = Static<typeof ModerationResponse>;
export const ModerationDecisionBody = Type.Object(
  { decision: StringEnum(MODERATION_DECISIONS), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export type ModerationDecisionBody = Static<typeof ModerationDecisionBody>;

/** One entry of the audit log (svc-content), from a service's `<producer>.admin-action.recorded.v1`. */
export const AuditEntry = Type.Object({
  seq: Type.Integer(),
  /** The service that recorded it: identity, content, connect... */
  service: Type.String(),
  at: Instant,
  actor: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String(), role: Type.String() }),
  action: Type.String(),
  target: Type.Object({
    module: Type.String(),
    kind: Type.String(),
    id: Type.String(),
    label: Type.String(),
  }),
  before: Type.Unknown(),
  after: Type.Unknown(),
  address: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  /** SHA-256 of the entry and the previous entry's hash (hex). */
  hash: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditQuery = Type.Object({
  /** A target's id, or words of its label. */
  target: Type.Optional(Type.String({ maxLength: 200 })),
  /** An actor's id or e-mail. */
  actor: Type.Optional(Type.String({ maxLength: 254 })),
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  page: PageQuery.properties.page,
  limit: PageQuery.properties.limit,
});
export type AuditQuery = Static<typeof AuditQuery>;
/** The log only grows: its total is capped as every long list's is (`totalCapped`: "more than"). */
export const AuditResponse = Ok({ data: Type.Array(AuditEntry), pageInfo: CappedPageInfo });
export type AuditResponse = Static<typeof AuditResponse>;
/** The tamper check: every entry's hash recomputed along the chain; the first that does not match. */
export const AuditVerifyResponse = Ok({
  ok: Type.Boolean(),
  checked: Type.Integer(),
  firstBroken: Type.Union([Type.Object({ seq: Type.Integer(), at: Instant }), Type.Null()]),
});
export type AuditVerifyResponse = Static<typeof AuditVerifyResponse>;

/**
 * The error codes svc-content answers with (`code` beside the English `message`): each has its text in its
 * remote's locales (`serverErrors.content.<name>`, en/sw/fr), checked by security/error-codes.test.ts.
 */
export const ContentErrors = {
  alreadyDecided: 'content.already_decided',
  blogNotFound: 'content.blog_not_found',
  datePast: 'content.date_past',
  empty: 'content.empty',
  inboxNotFound: 'content.inbox_not_found',
  moderationNotFound: 'content.moderation_not_found',
  tooManyMessages: 'content.too_many_messages',
  unknownBlock: 'content.unknown_block',
  versionNotFound: 'content.version_not_found',
} as const;
