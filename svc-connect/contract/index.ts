/**
 * svc-connect's contracts: the TypeBox schemas of its HTTP payloads (the directory, connection requests,
 * discussions and replies), its events and its error codes. The service validates with them; mf-connect
 * imports their types (`import type ... from '@platform/svc-connect/contract'`), so no schema code reaches
 * the browser. The plain lists and limits the forms check too stay in `@platform/contracts/values`; a
 * person's profession and address (every module reads them) are `@platform/contracts`' own.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CappedPageInfo, Email, Ok, PageInfo, PageQuery, Paged, StringEnum } from '@platform/contracts';
import {
  CONNECTION_STATES,
  CONNECTION_STATUSES,
  DISCUSSION_CATEGORIES,
  DISCUSSION_VISIBILITIES,
  PROFESSIONS,
  ROLES,
} from '@platform/contracts/values';

export {
  CONNECT_LIMITS,
  CONNECTION_STATES,
  CONNECTION_STATUSES,
  DISCUSSION_CATEGORIES,
  DISCUSSION_VISIBILITIES,
} from '@platform/contracts/values';
export type {
  ConnectionState,
  ConnectionStatus,
  DiscussionCategory,
  DiscussionVisibility,
} from '@platform/contracts/values';

const required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Instant = Type.String({ format: 'date-time' });
const Uuid = Type.String({ format: 'uuid' });
const Filter = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

// ---------------------------------------------------------------------------------------------------
// The directory

/** GET /api/connect/professionals: the spec's filters (Search, Role, Facility, Location, Country). */
export const ProfessionalQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** Words in the name, designation, skills or description; misspellings are forgiven. */
    search: Filter(100),
    /** The spec's Role filter. */
    profession: Type.Optional(StringEnum(PROFESSIONS)),
    facility: Filter(160),
    location: Filter(160),
    country: Filter(80),
  }),
]);
export type ProfessionalQuery = Static<typeof ProfessionalQuery>;

/**
 * A directory card. `email` and `phone` are present only for the person themself, their accepted
 * connections, and signed-in viewers when the person chose to show them (`contactPublic`).
 */
export const Professional = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  name: Type.String(),
  role: StringEnum(ROLES),
  profession: StringEnum(PROFESSIONS),
  designation: Type.String(),
  description: Type.String(),
  address: Type.String(),
  /** The first comma-separated part of the address, or the location the person gave. */
  location: Type.String(),
  facility: Type.String(),
  country: Type.String(),
  skills: Type.Array(Type.String()),
  photo: Type.String(),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  /** Where the viewer stands with this person (the Connect button): none for visitors. */
  connection: StringEnum(CONNECTION_STATES),
  /** The pending or accepted request between the viewer and this person, if any. */
  requestId: Type.Union([Type.String(), Type.Null()]),
});
export type Professional = Static<typeof Professional>;

/** One of a person's current licences verified in Core HR, as their profile page shows it. */
export const VerifiedCredential = Type.Object({
  /** The professions the licence's council licenses. */
  professions: Type.Array(StringEnum(PROFESSIONS)),
  /** The council's code (e.g. NCK); '' for a licence verified before Connect kept it. */
  council: Type.String(),
  /** The name of the organisation whose HR verified it; '' when not known. */
  verifiedBy: Type.String(),
  /** The last day it is valid (YYYY-MM-DD). */
  validUntil: Type.String(),
});
export type VerifiedCredential = Static<typeof VerifiedCredential>;

/**
 * A professional's profile page: their card (what they chose to show, under the directory's rules) with
 * the whole description and their current verified licences.
 */
export const ProfessionalProfile = Type.Composite([
  Professional,
  Type.Object({ credentials: Type.Array(VerifiedCredential) }),
]);
export type ProfessionalProfile = Static<typeof ProfessionalProfile>;
export const ProfessionalProfileResponse = Ok({ data: ProfessionalProfile });
export type ProfessionalProfileResponse = Static<typeof ProfessionalProfileResponse>;

export const FacetCount = Type.Object({ value: Type.String(), count: Type.Integer() });
export type FacetCount = Static<typeof FacetCount>;

export const ProfessionalListResponse = Ok({
  data: Type.Array(Professional),
  pageInfo: PageInfo,
  /** Counts of the whole result (not only this page), most frequent first, at most 50 values each. */
  facets: Type.Object({
    facility: Type.Array(FacetCount),
    location: Type.Array(FacetCount),
    country: Type.Array(FacetCount),
    profession: Type.Array(FacetCount),
  }),
});
export type ProfessionalListResponse = Static<typeof ProfessionalListResponse>;

// ---------------------------------------------------------------------------------------------------
// Connection requests

/**
 * POST /api/connect, the spec's body: `clientEmail` names whom to connect to. The sender is the token's
 * account; `userName` and `userEmail` are accepted for the original clients and ignored.
 */
export const ConnectBody = Type.Object(
  {
    clientEmail: Email,
    userName: Type.Optional(Type.String({ maxLength: 200 })),
    userEmail: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type ConnectBody = Static<typeof ConnectBody>;

/** POST /api/connect/requests: whom to connect to, by id. */
export const ConnectionRequestBody = Type.Object({ userId: Uuid }, { additionalProperties: false });
export type ConnectionRequestBody = Static<typeof ConnectionRequestBody>;

/** PATCH /api/connect/requests/:id: the recipient accepts or declines; the sender withdraws. */
export const ConnectionRequestPatch = Type.Object(
  { status: StringEnum(['accepted', 'declined', 'withdrawn'] as const) },
  { additionalProperties: false },
);
export type ConnectionRequestPatch = Static<typeof ConnectionRequestPatch>;

export const ConnectionRequestQuery = Type.Composite([
  PageQuery,
  Type.Object({
    box: StringEnum(['incoming', 'outgoing'] as const),
    status: Type.Optional(StringEnum(CONNECTION_STATUSES)),
  }),
]);
export type ConnectionRequestQuery = Static<typeof ConnectionRequestQuery>;

/** One side of a request or a connection. */
export const PersonRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  designation: Type.String(),
  profession: StringEnum(PROFESSIONS),
  photo: Type.String(),
});
export type PersonRef = Static<typeof PersonRef>;

export const ConnectionRequestView = Type.Object({
  id: Type.String(),
  status: StringEnum(CONNECTION_STATUSES),
  from: PersonRef,
  to: PersonRef,
  createdAt: Instant,
  /** When it was accepted, declined or withdrawn. */
  decidedAt: Type.Union([Instant, Type.Null()]),
});
export type ConnectionRequestView = Static<typeof ConnectionRequestView>;

export const ConnectionRequestResponse = Ok({ data: ConnectionRequestView });
export type ConnectionRequestResponse = Static<typeof ConnectionRequestResponse>;
export const ConnectionRequestListResponse = Ok({
  data: Type.Array(ConnectionRequestView),
  pageInfo: PageInfo,
});
export type ConnectionRequestListResponse = Static<typeof ConnectionRequestListResponse>;

/** An accepted connection: the other person, with their contact details. */
export const Connection = Type.Object({
  requestId: Type.String(),
  since: Instant,
  person: Type.Composite([PersonRef, Type.Object({ email: Type.String(), phone: Type.String() })]),
});
export type Connection = Static<typeof Connection>;
export const ConnectionListResponse = Ok({
  data: Type.Array(Connection),
  pageInfo: PageInfo,
  /** The caller has not verified their e-mail address: the connections' contact details are withheld. */
  contactsNeedVerifiedEmail: Type.Optional(Type.Boolean()),
});
export type ConnectionListResponse = Static<typeof ConnectionListResponse>;

// ---------------------------------------------------------------------------------------------------
// Discussions

/** Markdown source: rendered and sanitised on the server (`contentHtml`). */
const Markdown = required(20_000);

/**
 * POST /api/dicussion/add (spelled so) and /api/discussion/add: the spec's fields. The visibility is
 * `visibility`, or the first item of the spec's `visible` list (default Public); Role-Based needs `roles`.
 * `createdBy` is accepted for the original clients and ignored: the author is the token's account.
 */
export const DiscussionBody = Type.Object(
  {
    title: required(200),
    content: Markdown,
    category: StringEnum(DISCUSSION_CATEGORIES),
    visibility: Type.Optional(StringEnum(DISCUSSION_VISIBILITIES)),
    visible: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: 10 })),
    roles: Type.Optional(Type.Array(StringEnum(PROFESSIONS), { minItems: 1, maxItems: PROFESSIONS.length })),
    createdBy: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type DiscussionBody = Static<typeof DiscussionBody>;

/** PATCH /api/discussion/:id: the author changes any of these. */
export const DiscussionPatch = Type.Object(
  {
    title: Type.Optional(required(200)),
    content: Type.Optional(Markdown),
    category: Type.Optional(StringEnum(DISCUSSION_CATEGORIES)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type DiscussionPatch = Static<typeof DiscussionPatch>;

export const ReplyBody = Type.Object({ content: Markdown }, { additionalProperties: false });
export type ReplyBody = Static<typeof ReplyBody>;

export const FlagBody = Type.Object({ reason: required(500) }, { additionalProperties: false });
export type FlagBody = Static<typeof FlagBody>;

export const DiscussionQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** Words in titles and content (titles only for visitors). */
    search: Filter(100),
    category: Type.Optional(StringEnum(DISCUSSION_CATEGORIES)),
  }),
]);
export type DiscussionQuery = Static<typeof DiscussionQuery>;

/** The spec's `createdBy`, from the author's account (the users projection has the current names). */
export const Author = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Type.String(),
  profession: StringEnum(PROFESSIONS),
  facility: Type.String(),
  country: Type.String(),
});
export type Author = Static<typeof Author>;

export const ReplyView = Type.Object({
  id: Type.String(),
  discussionId: Type.String(),
  /** Markdown source, for editing. Pages display `contentHtml` only. */
  content: Type.String(),
  contentHtml: Type.String(),
  createdBy: Author,
  createdAt: Instant,
  editedAt: Type.Union([Instant, Type.Null()]),
  mine: Type.Boolean(),
});
export type ReplyView = Static<typeof ReplyView>;

/**
 * A discussion as the viewer may see it. A visitor sees Public discussions' titles only: `preview` is
 * true and `content`/`contentHtml` are empty.
 */
export const DiscussionView = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  title: Type.String(),
  content: Type.String(),
  contentHtml: Type.String(),
  category: StringEnum(DISCUSSION_CATEGORIES),
  visibility: StringEnum(DISCUSSION_VISIBILITIES),
  /** The spec's form: a list whose first item is the visibility. */
  visible: Type.Array(Type.String()),
  /** The professions that may read a Role-Based discussion (empty otherwise). */
  roles: Type.Array(StringEnum(PROFESSIONS)),
  createdBy: Author,
  country: Type.String(),
  createdAt: Instant,
  editedAt: Type.Union([Instant, Type.Null()]),
  replyCount: Type.Integer(),
  likeCount: Type.Integer(),
  liked: Type.Boolean(),
  flagged: Type.Boolean(),
  mine: Type.Boolean(),
  /** Held for review (three flags, or a moderator): only its author and admins still see it. */
  hidden: Type.Boolean(),
  preview: Type.Boolean(),
});
export type DiscussionView = Static<typeof DiscussionView>;

/** Newest first; the total capped as every public list's (CappedPageInfo). */
export const DiscussionListResponse = Ok({ data: Type.Array(DiscussionView), pageInfo: CappedPageInfo });
export type DiscussionListResponse = Static<typeof DiscussionListResponse>;

/** GET /api/discussion/:id: the discussion with the first page of its replies (oldest first). */
export const DiscussionDetailResponse = Ok({
  data: Type.Composite([DiscussionView, Type.Object({ replies: Type.Array(ReplyView) })]),
  repliesPageInfo: PageInfo,
});
export type DiscussionDetailResponse = Static<typeof DiscussionDetailResponse>;

export const DiscussionResponse = Ok({ data: DiscussionView });
export type DiscussionResponse = Static<typeof DiscussionResponse>;
export const ReplyResponse = Ok({ data: ReplyView });
export type ReplyResponse = Static<typeof ReplyResponse>;
export const ReplyListResponse = Paged(ReplyView);
export type ReplyListResponse = Static<typeof ReplyListResponse>;

export const LikeResponse = Ok({ data: Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() }) });
export type LikeResponse = Static<typeof LikeResponse>;

/** The spec's answer to POST /api/dicussion/add: `data._id`, plus the whole discussion. */
export const DiscussionCreatedResponse = DiscussionResponse;

// ---------------------------------------------------------------------------------------------------
// Events published by svc-connect (through its outbox)

export const RequestSentData = Type.Object({
  requestId: Type.String(),
  fromUserId: Type.String(),
  toUserId: Type.String(),
  sentAt: Instant,
});
export type RequestSentData = Static<typeof RequestSentData>;

export const RequestAcceptedData = Type.Object({
  requestId: Type.String(),
  fromUserId: Type.String(),
  toUserId: Type.String(),
  acceptedAt: Instant,
});
export type RequestAcceptedData = Static<typeof RequestAcceptedData>;

export const DiscussionPostedData = Type.Object({
  discussionId: Type.String(),
  authorId: Type.String(),
  title: Type.String(),
  category: StringEnum(DISCUSSION_CATEGORIES),
  visibility: StringEnum(DISCUSSION_VISIBILITIES),
  postedAt: Instant,
});
export type DiscussionPostedData = Static<typeof DiscussionPostedData>;

export const ReplyPostedData = Type.Object({
  replyId: Type.String(),
  discussionId: Type.String(),
  authorId: Type.String(),
  discussionAuthorId: Type.String(),
  postedAt: Instant,
});
export type ReplyPostedData = Static<typeof ReplyPostedData>;

/**
 * Three people flagged a discussion: it waits for the admin's moderation queue, hidden meanwhile unless
 * `hidden` is false (an established member's post, or flags from accounts too new to hide it).
 */
export const PostFlaggedData = Type.Object({
  /** What the moderator's decision names back (`content.moderation.decided.v1`). */
  subject: Type.Object({
    module: Type.Literal('connect'),
    kind: Type.Literal('discussion'),
    id: Type.String(),
  }),
  authorId: Type.String(),
  title: Type.String(),
  /** The flags so far, oldest first. */
  flags: Type.Array(Type.Object({ userId: Type.String(), reason: Type.String(), at: Instant })),
  /** When it was hidden, or reported while still visible. */
  hiddenAt: Instant,
  /** Absent (older events): hidden. */
  hidden: Type.Optional(Type.Boolean()),
});
export type PostFlaggedData = Static<typeof PostFlaggedData>;

/**
 * A person's entry in the directory changed (`connect.directory.changed.v1`), written with the change itself:
 * every instance follows it and forgets its searches' order and counts and the person's own row.
 */
export const DirectoryChangedData = Type.Object({ userId: Type.String() });
export type DirectoryChangedData = Static<typeof DirectoryChangedData>;

export const ConnectEvents = {
  requestSent: 'connect.request.sent.v1',
  requestAccepted: 'connect.request.accepted.v1',
  discussionPosted: 'connect.discussion.posted.v1',
  replyPosted: 'connect.reply.posted.v1',
  postFlagged: 'connect.post.flagged.v1',
  /** For svc-connect's own instances (DirectoryChangedData): what each keeps in memory is out of date. */
  directoryChanged: 'connect.directory.changed.v1',
  /** Notices for the platform inbox (NotificationRequestedData): requests, replies, likes. */
  notificationRequested: 'connect.notification.requested.v1',
} as const;

/**
 * The error codes svc-connect answers with (`code` beside the English `message`): each has its text in its
 * remote's locales (`serverErrors.connect.<name>`, en/sw/fr), checked by security/error-codes.test.ts.
 */
export const ConnectErrors = {
  alreadyConnected: 'connect.already_connected',
  alreadyFlagged: 'connect.already_flagged',
  discussionNotFound: 'connect.discussion_not_found',
  flagOwn: 'connect.flag_own',
  loginRequired: 'connect.login_required',
  loginToPost: 'connect.login_to_post',
  loginToRead: 'connect.login_to_read',
  newAccountDiscussionLimit: 'connect.new_account_discussion_limit',
  newAccountLinkLimit: 'connect.new_account_link_limit',
  newAccountReplyLimit: 'connect.new_account_reply_limit',
  noOrganisation: 'connect.no_organisation',
  notAuthor: 'connect.not_author',
  personNotFound: 'connect.person_not_found',
  professionalNotFound: 'connect.professional_not_found',
  replyNotFound: 'connect.reply_not_found',
  requestCoolingOff: 'connect.request_cooling_off',
  requestDailyLimit: 'connect.request_daily_limit',
  requestExists: 'connect.request_exists',
  requestNotFound: 'connect.request_not_found',
  requestNotPending: 'connect.request_not_pending',
  requestSelf: 'connect.request_self',
  requestWrongSide: 'connect.request_wrong_side',
  rolesRequired: 'connect.roles_required',
  visibilityInvalid: 'connect.visibility_invalid',
} as const;
