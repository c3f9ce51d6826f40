import { Type, type Static } from '@sinclair/typebox';
import { Email, Ok, PageQuery, Paged, StringEnum } from './common';

/**
 * A clinic's team (Core): the clinic account invites professionals by e-mail; the person whose account has
 * that e-mail accepts or declines; a member belongs to one organisation at a time, and Connect's Clinic
 * Internal posts are read by its members.
 */
export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
/** An invitation may be answered for this long; then it is gone (410). */
export const INVITE_LIFETIME_DAYS = 14;
/** Pending invitations an organisation may have at once (a typo'd mass mailing, not a hiring drive). */
export const MAX_PENDING_INVITES = 200;
/** Invitations an organisation may send in an hour (withdrawn ones count): beyond, 429. */
export const INVITES_PER_HOUR = 50;

export const InviteBody = Type.Object({ email: Email }, { additionalProperties: false });
export type InviteBody = Static<typeof InviteBody>;

export const Invite = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  organization: Type.String(),
  invitedBy: Type.String(),
  status: StringEnum(INVITE_STATUSES),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type Invite = Static<typeof Invite>;

export const InviteResponse = Ok({ data: Invite });
export type InviteResponse = Static<typeof InviteResponse>;
export const InviteListResponse = Ok({ data: Type.Array(Invite) });
export type InviteListResponse = Static<typeof InviteListResponse>;

export const Member = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.String(),
  designation: Type.String(),
  joinedAt: Type.String({ format: 'date-time' }),
});
export type Member = Static<typeof Member>;

export const MemberQuery = PageQuery;
export type MemberQuery = Static<typeof MemberQuery>;
export const MemberListResponse = Paged(Member);
export type MemberListResponse = Static<typeof MemberListResponse>;

/** The caller's organisation, as a member reads it (null: none). */
export const MyTeamResponse = Ok({
  organization: Type.Union([
    Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    Type.Null(),
  ]),
});
export type MyTeamResponse = Static<typeof MyTeamResponse>;
