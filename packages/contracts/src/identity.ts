import { Type, type Static } from '@sinclair/typebox';
import {
  CappedPageInfo,
  Email,
  NullableStringEnum,
  Ok,
  PageInfo,
  PageQuery,
  SearchTerm,
  StringEnum,
} from './common';

import { PHONE_MAX_LENGTH, PHONE_PATTERN, PLAN_IDS, ROLES, SIGNUP_ROLES, type Role } from './values';
import { LANGUAGES } from './notifications';

export { PHOTO_MAX_BYTES, PHOTO_PATH_PREFIX, PLAN_IDS, ROLES, SIGNUP_ROLES, ownPhoto } from './values';
export type { PlanId, Role } from './values';
/** A person's profession and address as every module reads them (the directory, Core's staff, applicants). */
export { PROFESSIONS, professionOf, addressFor, townOf } from './values';
export type { Profession } from './values';

const shortText = (maxLength: number) => Type.String({ maxLength });
/** Text that must say something: at least one non-space character (services also trim it first). */
const NotBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Name = NotBlank(120);
const Skills = Type.Array(NotBlank(60), { maxItems: 50 });
/** The plan chosen on /pricing, kept as a declared interest until billing exists (null: none). */
const Plan = StringEnum(PLAN_IDS);
const PlanOrNone = NullableStringEnum(PLAN_IDS);

export const RegisterBody = Type.Object(
  {
    name: Name,
    email: Email,
    password: Type.String({ minLength: 8, maxLength: 256 }),
    designation: Type.Optional(shortText(120)),
    description: Type.Optional(shortText(2000)),
    /**
     * The spec's one-line address. Without `location` and `country`, they are read from it ("Kisumu,
     * Kenya"); without it, it is written from them.
     */
    address: Type.Optional(shortText(300)),
    /** The town or city (Connect's Location filter). */
    location: Type.Optional(shortText(160)),
    /** The country (Connect's Country filter), kept by its English name when it names one. */
    country: Type.Optional(shortText(80)),
    phone: Type.Optional(Type.String({ maxLength: PHONE_MAX_LENGTH, pattern: PHONE_PATTERN })),
    skills: Type.Optional(Skills),
    role: StringEnum(SIGNUP_ROLES),
    plan: Type.Optional(Plan),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** What anybody may see of a person: the directory card. */
const directoryFields = {
  id: Type.String(),
  name: Type.String(),
  role: StringEnum(ROLES),
  designation: Type.String(),
  description: Type.String(),
  address: Type.String(),
  skills: Type.Array(Type.String()),
  facility: Type.String(),
  country: Type.String(),
  location: Type.String(),
  /** The person's uploaded photo (`/api/user/photo/<id>`, served by svc-identity), or '' when none. */
  photo: Type.String(),
};
/** What only the person (and services, through events) see besides. */
const privateFields = {
  email: Type.String(),
  phone: Type.String(),
  orgId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
};
const legacyId = { _id: Type.String({ description: 'Same as id; kept for clients of the original API' }) };

export const DirectoryUser = Type.Object({ ...directoryFields, ...legacyId });
export type DirectoryUser = Static<typeof DirectoryUser>;

/** What a signed-in person sees of themself. */
export const UserProfile = Type.Object({
  ...directoryFields,
  ...legacyId,
  ...privateFields,
  plan: PlanOrNone,
  entitlements: Type.Array(Type.String()),
  /** The language the person chose (the site's switch saves it): their e-mails are written in it. */
  language: StringEnum(LANGUAGES),
  /**
   * Whether the person shows their e-mail and phone to every signed-in member in the Connect directory
   * (off by default: then only their accepted connections see them).
   */
  contactPublic: Type.Boolean(),
  /**
   * Whether the person proved they receive mail at `email` (a link sent there was opened): joining an
   * organisation and anything an organisation trusts need it.
   */
  emailVerified: Type.Boolean(),
});
export type UserProfile = Static<typeof UserProfile>;

export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(Name),
    designation: Type.Optional(shortText(120)),
    description: Type.Optional(shortText(2000)),
    address: Type.Optional(shortText(300)),
    phone: Type.Optional(Type.String({ maxLength: PHONE_MAX_LENGTH, pattern: PHONE_PATTERN })),
    skills: Type.Optional(Skills),
    facility: Type.Optional(shortText(160)),
    country: Type.Optional(shortText(80)),
    location: Type.Optional(shortText(160)),
    /**
     * Photos are uploaded (`PUT /api/user/me/photo`), never linked: '' removes the person's photo, their
     * own current photo's address changes nothing, anything else (another site's link) is a 400.
     */
    photo: Type.Optional(Type.String({ maxLength: 2048 })),
    language: Type.Optional(StringEnum(LANGUAGES)),
    /** Show e-mail and phone to every signed-in member in the Connect directory. */
    contactPublic: Type.Optional(Type.Boolean()),
    /** null clears it. */
    plan: Type.Optional(PlanOrNone),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/** "Forgot password?" and the sign-in link: one address; the answer never says whether it has an account. */
export const EmailLinkRequestBody = Type.Object({ email: Email }, { additionalProperties: false });
export type EmailLinkRequestBody = Static<typeof EmailLinkRequestBody>;

/** The secret of an e-mailed one-time link (base64url, 43 characters for 32 random bytes). */
const LinkSecret = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

/** A new password set with the secret of a reset link. */
export const PasswordResetBody = Type.Object(
  { token: LinkSecret, password: Type.String({ minLength: 8, maxLength: 256 }) },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** A one-time link opened: its secret (e-mail verification, sign-in). */
export const EmailLinkBody = Type.Object({ token: LinkSecret }, { additionalProperties: false });
export type EmailLinkBody = Static<typeof EmailLinkBody>;

export const LoginResponse = Ok({ token: Type.String(), user: UserProfile });
export type LoginResponse = Static<typeof LoginResponse>;
/**
 * Sign-up's answer: a new account is signed in at once, with a session as login gives (`token`, `user`); an
 * address that already had an account gets the same message and no session (its owner is told by e-mail).
 */
export const RegisterResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  token: Type.Optional(Type.String()),
  user: Type.Optional(UserProfile),
});
export type RegisterResponse = Static<typeof RegisterResponse>;
export const MeResponse = Ok({ user: UserProfile });
export type MeResponse = Static<typeof MeResponse>;
export const DirectoryQuery = Type.Composite([
  PageQuery,
  Type.Object({
    role: Type.Optional(StringEnum(ROLES)),
    search: Type.Optional(SearchTerm),
  }),
]);
export type DirectoryQuery = Static<typeof DirectoryQuery>;
/** Newest first; the total capped as every public list's (CappedPageInfo). */
export const DirectoryResponse = Ok({ users: Type.Array(DirectoryUser), pageInfo: CappedPageInfo });
export type DirectoryResponse = Static<typeof DirectoryResponse>;

/** Account states: a suspended account cannot sign in; a deleted one is anonymous. */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What an admin sees of an account. */
export const AdminAccount = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  /** As the member wrote them (empty when not given): the spec's users table and CSV show them. */
  designation: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  role: StringEnum(ROLES),
  status: StringEnum(ACCOUNT_STATUSES),
  plan: PlanOrNone,
  suspendedReason: Type.Union([Type.String(), Type.Null()]),
  suspendedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminAccount = Static<typeof AdminAccount>;

export const AccountIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const SuspendAccountBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    /** A timed suspension ends by itself then; omitted: until lifted. */
    until: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type SuspendAccountBody = Static<typeof SuspendAccountBody>;

export const ChangeRoleBody = Type.Object(
  { role: StringEnum(SIGNUP_ROLES) },
  { additionalProperties: false },
);
export type ChangeRoleBody = Static<typeof ChangeRoleBody>;

/** GET /api/user/admin/accounts: every account but removed ones, newest first; search by name or e-mail. */
export const AdminAccountQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** Part of a name or an e-mail address, any case. */
    search: Type.Optional(SearchTerm),
    role: Type.Optional(StringEnum(ROLES)),
  }),
]);
export type AdminAccountQuery = Static<typeof AdminAccountQuery>;

/** One page, its total, and how many accounts of each role match the search (the filter's counts). */
export const AdminAccountListResponse = Ok({
  data: Type.Array(AdminAccount),
  pageInfo: PageInfo,
  counts: Type.Object({
    all: Type.Integer(),
    user: Type.Integer(),
    Clinic: Type.Integer(),
    admin: Type.Integer(),
  }),
});
export type AdminAccountListResponse = Static<typeof AdminAccountListResponse>;

export const AdminAccountResponse = Ok({ account: AdminAccount });
export type AdminAccountResponse = Static<typeof AdminAccountResponse>;

/** Claims of the platform's access token (EdDSA-signed by svc-identity only). */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: Role;
  orgId: string | null;
  jti: string;
  exp: number;
  iat: number;
  aud: string;
  iss: string;
}

/** Event payloads. The user events carry the e-mail and phone too, for services' own projections. */
export const UserEventData = Type.Object({
  ...directoryFields,
  ...privateFields,
  /** Optional: events written before plans were kept have none. */
  plan: Type.Optional(PlanOrNone),
  /** The directory may show e-mail and phone to every signed-in member. Older events have none: false. */
  contactPublic: Type.Optional(Type.Boolean()),
  /** The person proved they receive mail at `email`. Older events have none: false. */
  emailVerified: Type.Optional(Type.Boolean()),
  /** Monotonic per user: consumers upsert only when newer (version-guarded projection). */
  version: Type.Integer({ minimum: 1 }),
});
export type UserEventData = Static<typeof UserEventData>;

export const SessionRevokedData = Type.Object({
  jti: Type.String(),
  userId: Type.String(),
  /** Seconds since epoch when the token would have expired anyway. */
  exp: Type.Integer(),
});
export type SessionRevokedData = Static<typeof SessionRevokedData>;

/** Why every session of an account was ended. */
export const SESSION_END_REASONS = ['role-changed', 'suspended', 'deleted', 'password-reset'] as const;

/**
 * Every session of `userId` issued at or before `issuedBefore` is over: the account's role changed,
 * it was suspended or deleted, or its password was reset. Services refuse such tokens from then on.
 */
export const SessionsEndedData = Type.Object({
  userId: Type.String(),
  /** Seconds since epoch: tokens whose `iat` is at or before it are refused. */
  issuedBefore: Type.Integer(),
  reason: StringEnum(SESSION_END_REASONS),
});
export type SessionsEndedData = Static<typeof SessionsEndedData>;

/** An account was removed: projections forget the person (name and e-mail), keeping rows anonymous. */
export const UserDeletedData = Type.Object({
  id: Type.String(),
  version: Type.Integer({ minimum: 1 }),
});
export type UserDeletedData = Static<typeof UserDeletedData>;

/**
 * A platform admin checked an organisation's registration documents: certificates and pages it issues may
 * say it is verified by the platform.
 */
export const OrganisationVerifiedData = Type.Object({
  orgId: Type.String({ format: 'uuid' }),
  name: Type.String(),
  verifiedAt: Type.String({ format: 'date-time' }),
});
export type OrganisationVerifiedData = Static<typeof OrganisationVerifiedData>;

/** POST /api/user/admin/accounts/:id/verify-organisation: the registration document the admin checked. */
export const VerifyOrganisationBody = Type.Object(
  { reference: Type.String({ minLength: 3, maxLength: 120, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type VerifyOrganisationBody = Static<typeof VerifyOrganisationBody>;

export const IdentityEvents = {
  organisationVerified: 'identity.organisation.verified.v1',
  userRegistered: 'identity.user.registered.v1',
  userUpdated: 'identity.user.updated.v1',
  userDeleted: 'identity.user.deleted.v1',
  sessionRevoked: 'identity.session.revoked.v1',
  sessionsEnded: 'identity.session.all-ended.v1',
} as const;

/** Every event svc-identity publishes, with the schema its consumers validate it against. */
export const IdentityEventSchemas = {
  [IdentityEvents.organisationVerified]: OrganisationVerifiedData,
  [IdentityEvents.userRegistered]: UserEventData,
  [IdentityEvents.userUpdated]: UserEventData,
  [IdentityEvents.userDeleted]: UserDeletedData,
  [IdentityEvents.sessionRevoked]: SessionRevokedData,
  [IdentityEvents.sessionsEnded]: SessionsEndedData,
};
