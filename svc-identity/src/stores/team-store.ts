import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import {
  IdentityEvents,
  INVITE_LIFETIME_DAYS,
  INVITES_PER_HOUR,
  MAX_PENDING_INVITES,
  type Invite,
  type Member,
} from '@platform/contracts';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound, pageOf } from '@platform/service-kit';
import type { NotificationStore } from '../notifications/notification-store';
import { organisations, orgInvites, outbox, users, type UserRow } from '../db/schema';
import { normaliseEmail, toEventData, type Db, type Tx } from './user-store';

type InviteRow = typeof orgInvites.$inferSelect;

/**
 * The id of the notice telling a person of an organisation's invitation: one per organisation, person and
 * day (a UUID made from their SHA-256), so the inbox, which stores each id once, keeps one notice and sends
 * one e-mail however often the clinic invites, withdraws and invites again.
 */
function inviteNoticeId(orgId: string, userId: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const h = createHash('sha256').update(`team-invite:${orgId}:${userId}:${day}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const gone = () => new HttpError(410, 'This invitation has expired or was withdrawn.', 'team.invite_gone');

function toInvite(i: InviteRow, organization: string, invitedBy: string): Invite {
  return {
    id: i.id,
    email: i.email,
    organization,
    invitedBy,
    status: i.status,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
  };
}

/**
 * A clinic's team: invitations by e-mail, answered by the account with that e-mail, and the members
 * (professionals whose orgId is the clinic's organisation). Every change of a person's organisation is
 * an identity.user.updated event in the same transaction, so Connect's copy (Clinic Internal readers)
 * follows.
 */
export class TeamStore {
  constructor(
    private readonly db: Db,
    private readonly inbox: NotificationStore,
  ) {}

  /** The clinic's organisation invites `email`; the person is told in their inbox if they have an account. */
  async invite(clinic: UserRow, rawEmail: string): Promise<Invite> {
    const orgId = clinic.orgId;
    if (!orgId) throw forbidden('Only a clinic with an organisation can invite.', 'team.no_organisation');
    const email = normaliseEmail(rawEmail);
    try {
      return await this.db.transaction(async (tx) => {
        const [org] = await tx.select().from(organisations).where(eq(organisations.id, orgId)).for('update');
        const [invitee] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
        if (invitee?.orgId === orgId)
          throw conflict('This person is already in your team.', 'team.already_member');
        // A clinic or admin account at that address is answered as an address with no account is (the
        // invitation waits, unanswerable, and nobody is told): the clinic has no reason to learn of it.
        const professional = invitee?.role === 'user' && invitee.status !== 'deleted';
        const [pending] = await tx
          .select({ n: count() })
          .from(orgInvites)
          .where(and(eq(orgInvites.orgId, orgId), eq(orgInvites.status, 'pending')));
        if ((pending?.n ?? 0) >= MAX_PENDING_INVITES)
          throw new HttpError(
            422,
            `At most ${MAX_PENDING_INVITES} invitations may wait for an answer; withdraw some first.`,
            'team.too_many_pending',
          );
        const now = new Date();
        const [recent] = await tx
          .select({ n: count() })
          .from(orgInvites)
          .where(
            and(eq(orgInvites.orgId, orgId), gt(orgInvites.createdAt, new Date(now.getTime() - 3600_000))),
          );
        if ((recent?.n ?? 0) >= INVITES_PER_HOUR)
          throw new HttpError(
            429,
            `At most ${INVITES_PER_HOUR} invitations an hour; try again later.`,
            'team.too_many_invites',
          );
        const [row] = await tx
          .insert(orgInvites)
          .values({
            orgId,
            email,
            invitedBy: clinic.id,
            expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * 86_400_000),
          })
          .returning();
        if (professional) {
          const name = org!.name;
          await this.inbox.add(tx, {
            id: inviteNoticeId(orgId, invitee!.id, now),
            userId: invitee!.id,
            kind: 'identity.team-invite',
            title: {
              en: `${name} invited you to join its team`,
              sw: `${name} imekualika ujiunge na timu yake`,
              fr: `${name} vous invite dans son équipe`,
            },
            link: '/team',
            email: 'now',
            createdAt: now.toISOString(),
          });
        }
        return toInvite(row!, org!.name, clinic.name);
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('This e-mail already has an invitation waiting.', 'team.already_invited');
      throw err;
    }
  }

  /** The organisation's invitations still waiting for an answer, newest first. */
  async pending(clinic: UserRow): Promise<Invite[]> {
    if (!clinic.orgId) return [];
    const rows = await this.db
      .select({ invite: orgInvites, organization: organisations.name })
      .from(orgInvites)
      .innerJoin(organisations, eq(organisations.id, orgInvites.orgId))
      .where(
        and(
          eq(orgInvites.orgId, clinic.orgId),
          eq(orgInvites.status, 'pending'),
          gt(orgInvites.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(orgInvites.createdAt))
      .limit(MAX_PENDING_INVITES);
    return rows.map((r) => toInvite(r.invite, r.organization, clinic.name));
  }

  /** Withdraws one of the organisation's pending invitations (another organisation's: not found). */
  async revoke(clinic: UserRow, id: string): Promise<void> {
    const [row] = await this.db
      .update(orgInvites)
      .set({ status: 'revoked', decidedAt: new Date() })
      .where(
        and(
          eq(orgInvites.id, id),
          eq(orgInvites.orgId, clinic.orgId ?? sql`null`),
          eq(orgInvites.status, 'pending'),
        ),
      )
      .returning({ id: orgInvites.id });
    if (!row) throw notFound('Invitation not found.', 'team.invite_not_found');
  }

  /**
   * The invitations waiting for this account's e-mail, with who sent them: none until the account proved
   * the address is its own (whoever signs up with an invited address must not see, or take, the invitation).
   */
  async mine(user: UserRow): Promise<Invite[]> {
    if (!user.emailVerifiedAt) return [];
    const rows = await this.db
      .select({ invite: orgInvites, organization: organisations.name, invitedBy: users.name })
      .from(orgInvites)
      .innerJoin(organisations, eq(organisations.id, orgInvites.orgId))
      .innerJoin(users, eq(users.id, orgInvites.invitedBy))
      .where(
        and(
          eq(orgInvites.email, user.email),
          eq(orgInvites.status, 'pending'),
          gt(orgInvites.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(orgInvites.createdAt))
      .limit(50);
    return rows.map((r) => toInvite(r.invite, r.organization, r.invitedBy));
  }

  /**
   * Accepts or declines an invitation addressed to this account's e-mail. Accepting makes the person a
   * member (one organisation at a time: in another one, they leave it first).
   */
  async answer(userId: string, id: string, answer: 'accepted' | 'declined'): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw notFound('Account not found.', 'auth.account_not_found');
      const [invite] = await tx.select().from(orgInvites).where(eq(orgInvites.id, id)).for('update');
      if (!invite) throw notFound('Invitation not found.', 'team.invite_not_found');
      if (invite.email !== user.email)
        throw forbidden('This invitation is addressed to someone else.', 'team.not_yours');
      if (!user.emailVerifiedAt)
        throw forbidden('Verify your e-mail address to answer invitations.', 'auth.email_unverified');
      if (invite.status !== 'pending' || invite.expiresAt <= new Date()) throw gone();
      if (answer === 'accepted') {
        if (user.role !== 'user')
          throw new HttpError(422, 'Only a professional account can join a team.', 'team.not_professional');
        if (user.orgId && user.orgId !== invite.orgId)
          throw conflict('You are in another organisation: leave it first.', 'team.in_another_organisation');
      }
      await tx.update(orgInvites).set({ status: answer, decidedAt: new Date() }).where(eq(orgInvites.id, id));
      if (answer === 'declined' || user.orgId === invite.orgId) return user;
      return this.setOrganisation(tx, user.id, invite.orgId);
    });
  }

  /** The organisation this account belongs to, if any. */
  async organisationOf(user: UserRow): Promise<{ id: string; name: string } | null> {
    if (!user.orgId) return null;
    const [org] = await this.db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, user.orgId));
    return org ?? null;
  }

  /** A professional leaves their organisation. */
  async leave(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.role !== 'user' || !user.orgId)
        throw conflict('You are not in an organisation.', 'team.no_organisation');
      await this.setOrganisation(tx, userId, null);
    });
  }

  /** The organisation's professionals, latest to join first. */
  async members(clinic: UserRow, q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    if (!clinic.orgId) return { data: [] as Member[], total: 0 };
    const where = and(eq(users.orgId, clinic.orgId), eq(users.role, 'user'), ne(users.status, 'deleted'));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.orgJoinedAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    const data: Member[] = rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      designation: u.designation,
      joinedAt: (u.orgJoinedAt ?? u.updatedAt).toISOString(),
    }));
    return { data, total: counted?.n ?? 0 };
  }

  /** The clinic takes a professional out of its organisation (another organisation's member: not found). */
  async removeMember(clinic: UserRow, memberId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [member] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
      if (!member || !clinic.orgId || member.orgId !== clinic.orgId || member.role !== 'user')
        throw notFound('Member not found.', 'team.member_not_found');
      await this.setOrganisation(tx, memberId, null);
    });
  }

  private async setOrganisation(tx: Tx, userId: string, orgId: string | null): Promise<UserRow> {
    const [u] = await tx
      .update(users)
      .set({
        orgId,
        orgJoinedAt: orgId ? new Date() : null,
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
    return u!;
  }
}
