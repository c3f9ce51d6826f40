import { and, desc, eq, gt, isNull, lte, ne, or, sql, count, type SQL } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { enqueue, makeEnvelope, recordAdminAction, type AdminAction } from '@platform/event-bus';
import {
  addressFor,
  addressOf,
  normaliseCountry,
  placeOf,
  BILLING_MODULES,
  IdentityEvents,
  type BillingModule,
  type AccessClaims,
  type AdminAccountQuery,
  type AuditTarget,
  type DirectoryQuery,
  type Role,
  type SessionsEndedData,
  type DirectoryUser,
  type RegisterBody,
  type UpdateProfileBody,
  type UserEventData,
  type UserProfile,
} from '@platform/contracts';
import {
  cappedCount,
  entitlementsOf,
  preparedCappedCount,
  conflict,
  HttpError,
  isUniqueViolation,
  textSearch,
  pageOf,
  trimStrings,
  type RevocationState,
} from '@platform/service-kit';
import * as schema from '../db/schema';
import {
  accountCounts,
  notifications,
  orgEntitlements,
  organisations,
  outbox,
  photos,
  dataFills,
  sessions,
  users,
  type UserRow,
} from '../db/schema';

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who takes an admin action, and the request it came with: recorded with the change (recordAdminAction). */
export type AdminActor = Pick<AdminAction, 'actor' | 'request'>;

const accountTarget = (u: UserRow): AuditTarget => ({
  module: 'identity',
  kind: 'account',
  id: u.id,
  label: u.name,
});

/** The fields a suspension changes, as the audit log shows them. */
const suspension = (u: UserRow) => ({
  status: u.status,
  suspendedReason: u.suspendedReason,
  suspendedUntil: u.suspendedUntil?.toISOString() ?? null,
});

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The person's own profile. `modules`: what their organisation may use (`UserStore.modulesOf`); the
 * token never carries it (it would be frozen for the token's life).
 */
export function toProfile(u: UserRow, modules: readonly BillingModule[]): UserProfile {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    orgId: u.orgId,
    entitlements: [...modules],
    designation: u.designation,
    description: u.description,
    address: u.address,
    phone: u.phone,
    skills: u.skills,
    facility: u.facility,
    country: u.country,
    location: u.location,
    photo: u.photo,
    plan: u.plan,
    createdAt: u.createdAt.toISOString(),
    language: u.language,
    contactPublic: u.contactPublic,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

/** The columns a directory entry shows: a public page reads nothing else (no e-mail, no password hash). */
export const directoryColumns = {
  id: users.id,
  name: users.name,
  role: users.role,
  designation: users.designation,
  description: users.description,
  address: users.address,
  skills: users.skills,
  facility: users.facility,
  country: users.country,
  location: users.location,
  photo: users.photo,
  contactPublic: users.contactPublic,
};

/** Who the directory lists: professionals and clinics, suspended ones too, never removed accounts. */
export const listedInDirectory = and(ne(users.role, 'admin'), ne(users.status, 'deleted'));

/** A directory entry: the postal address as `addressFor` lets the viewer read it (visitor or member). */
function toDirectory(
  { contactPublic, ...u }: Pick<UserRow, keyof typeof directoryColumns>,
  signedIn: boolean,
): DirectoryUser {
  return { ...u, address: addressFor(u.address, { signedIn, shown: contactPublic }), _id: u.id };
}

export function toEventData(u: UserRow): UserEventData {
  const { entitlements: _e, _id, language: _l, ...rest } = toProfile(u, []);
  return { ...rest, version: u.version };
}

/**
 * Ends every session of the account in the caller's transaction and tells every service
 * (identity.session.all-ended.v1): tokens issued up to this second are refused from now on.
 */
export async function endSessions(
  tx: Tx,
  userId: string,
  reason: SessionsEndedData['reason'],
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const data: SessionsEndedData = { userId, issuedBefore: Math.floor(Date.now() / 1000), reason };
  await enqueue(tx, outbox, makeEnvelope(IdentityEvents.sessionsEnded, data));
}

/** Accounts, organisations and sessions; every change and its event are written in one transaction. */
/**
 * The address, town and country a sign-up gives: what was sent, the town and country read from the
 * spec's one-line address when only it was sent, the address written from them when it was not.
 */
export function placeFields(input: { address?: string; location?: string; country?: string }) {
  const address = input.address?.trim() ?? '';
  const read = placeOf(address);
  const location = input.location?.trim() || read.town;
  const country = normaliseCountry(input.country ?? '') || read.country;
  return { address: address || addressOf(location, country), location, country };
}

export class UserStore {
  /** The directory without a search, with and without a role: see browseQueries. */
  private readonly browse: Record<'all' | 'byRole', ReturnType<UserStore['browseQueries']>>;

  constructor(private readonly db: Db) {
    this.browse = { all: this.browseQueries(false), byRole: this.browseQueries(true) };
  }

  async register(input: Omit<RegisterBody, 'password' | 'role'> & { role: Role }, passwordHash: string) {
    try {
      return await this.db.transaction(async (tx) => {
        let orgId: string | null = null;
        if (input.role === 'Clinic') {
          const [org] = await tx.insert(organisations).values({ name: input.name }).returning();
          orgId = org!.id;
        }
        const [user] = await tx
          .insert(users)
          .values({
            email: normaliseEmail(input.email),
            passwordHash,
            name: input.name.trim(),
            role: input.role,
            orgId,
            designation: input.designation?.trim() ?? '',
            description: input.description?.trim() ?? '',
            ...placeFields(input),
            phone: input.phone?.trim() ?? '',
            skills: input.skills ?? [],
            plan: input.plan ?? null,
          })
          .returning();
        await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userRegistered, toEventData(user!)));
        return user!;
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('An account with this email already exists.', 'auth.email_taken');
      throw err;
    }
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [u] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, normaliseEmail(email)))
      .limit(1);
    return u;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [u] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  }
  /**
   * The modules the organisation `orgId` may use, as every service enforces them (requireEntitlement):
   * what it bought by svc-billing's last word; every module while billing has said nothing about it (a
   * clinic's trial includes everything, and a deployment without billing sells nothing); none without one.
   */
  async modulesOf(orgId: string | null): Promise<BillingModule[]> {
    if (!orgId) return [];
    const bought = await entitlementsOf(this.db, orgEntitlements, orgId);
    return bought ? bought.modules : [...BILLING_MODULES];
  }

  /** The person's own profile, with what their organisation may use. */
  async profile(u: UserRow): Promise<UserProfile> {
    return toProfile(u, await this.modulesOf(u.orgId));
  }

  /**
   * Once per database: the town and country of people who gave only a one-line address (sign-up asked for
   * nothing else before), read from it where it names them ("Kisumu, Kenya"); each changed person's
   * user.updated event carries them to Connect's filters. A value the person set is never replaced. The
   * first instance to start claims the fill (the others wait for its transaction, then skip it).
   * Returns how many people it filled.
   */
  async fillPlacesFromAddresses(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataFills)
        .values({ name: 'places-from-addresses' })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return 0;
      let filled = 0;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const batch = await tx
          .select({ id: users.id, address: users.address, location: users.location, country: users.country })
          .from(users)
          .where(
            and(
              gt(users.id, after),
              ne(users.status, 'deleted'),
              ne(users.address, ''),
              or(eq(users.location, ''), eq(users.country, '')),
            ),
          )
          .orderBy(users.id)
          .limit(500);
        if (batch.length === 0) return filled;
        after = batch.at(-1)!.id;
        for (const row of batch) {
          const read = placeOf(row.address);
          const set = {
            ...(!row.location && read.town ? { location: read.town } : {}),
            ...(!row.country && read.country ? { country: read.country } : {}),
          };
          if (Object.keys(set).length === 0) continue;
          const [u] = await tx
            .update(users)
            .set({ ...set, version: sql`${users.version} + 1`, updatedAt: new Date() })
            .where(eq(users.id, row.id))
            .returning();
          await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
          filled += 1;
        }
      }
    });
  }

  async updateProfile(id: string, patch: UpdateProfileBody): Promise<UserRow | undefined> {
    const { photo, ...values } = trimStrings(patch);
    if (values.country !== undefined) values.country = normaliseCountry(values.country);
    // A spec client sends the one-line address alone: the town and country follow it where it names them.
    if (values.address !== undefined && values.location === undefined && values.country === undefined) {
      const read = placeOf(values.address);
      if (read.town) values.location = read.town;
      if (read.country) values.country = read.country;
    }
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) return undefined;
      // A photo is uploaded (PUT /api/user/me/photo), never linked: '' removes it, sending back the
      // address the profile already has changes nothing (a client saving the whole profile), and any
      // other address, another site's or another person's photo, is refused.
      if (photo !== undefined && photo !== current.photo) {
        if (photo !== '')
          throw new HttpError(
            400,
            'photo: upload a photo (PUT /api/user/me/photo); links to other sites are not accepted.',
            'auth.photo_not_uploaded',
          );
        await tx.delete(photos).where(eq(photos.userId, id));
        Object.assign(values, { photo: '' });
      }
      const [u] = await tx
        .update(users)
        .set({ ...values, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!u) return undefined;
      await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u)));
      return u;
    });
  }

  /** The admin account from ADMIN_EMAIL/ADMIN_PASSWORD: created, or its password and role brought in line. */
  async bootstrapAdmin(email: string, passwordHash: string): Promise<UserRow> {
    const existing = await this.findByEmail(email);
    if (!existing) return this.register({ name: 'Administrator', email, role: 'admin' }, passwordHash);
    const [u] = await this.db
      .update(users)
      .set({ passwordHash, role: 'admin', updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return u!;
  }

  /**
   * The directory, newest first: a walk down users_created_idx, or with a search the name and designation
   * trigram indexes; its total capped (cappedCount) so a page view never counts the whole table. Without a
   * search (every visitor's first page) its two queries are prepared once (`browseQueries`).
   */
  async listDirectory(
    q: DirectoryQuery,
    signedIn = false,
  ): Promise<{ users: DirectoryUser[]; total: number; totalCapped: boolean }> {
    const { limit, offset } = pageOf(q);
    const search = or(textSearch(users.name, q.search), textSearch(users.designation, q.search));
    if (!search) {
      const browse = q.role === undefined ? this.browse.all : this.browse.byRole;
      const values = { role: q.role, limit, offset };
      const [rows, counted] = await Promise.all([browse.page.execute(values), browse.count(offset, values)]);
      return { users: rows.map((r) => toDirectory(r, signedIn)), ...counted };
    }
    const where = and(listedInDirectory, q.role ? eq(users.role, q.role) : undefined, search);
    const [rows, counted] = await Promise.all([
      this.directoryPage(where).limit(limit).offset(offset),
      cappedCount(this.db, users, where, offset),
    ]);
    return { users: rows.map((r) => toDirectory(r, signedIn)), ...counted };
  }

  /** The directory's entries matching `where`, newest first (a page of it takes a limit and an offset). */
  private directoryPage(where: SQL | undefined) {
    return this.db
      .select(directoryColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id));
  }

  /**
   * The directory's page and count without a search, with or without a role, built once each: drizzle builds
   * a query's SQL on every call, half of what this list cost the service (bench:queries); these only take
   * each page's values.
   */
  private browseQueries(byRole: boolean) {
    const where = and(listedInDirectory, byRole ? eq(users.role, sql.placeholder('role')) : undefined);
    const name = byRole ? 'directory_by_role' : 'directory';
    return {
      page: this.directoryPage(where)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: preparedCappedCount(this.db, users, where, `${name}_count`),
    };
  }

  /**
   * The admin's account list: every account but removed ones, newest first, with counts by role: kept ones
   * (account_counts) for the whole list, the search's own (through the trigram indexes) for a search.
   */
  async listAccounts(q: AdminAccountQuery & { page: number; limit: number }) {
    const { limit, offset } = pageOf(q);
    const search = or(textSearch(users.name, q.search), textSearch(users.email, q.search));
    const searched = and(ne(users.status, 'deleted'), search);
    const where = q.role ? and(searched, eq(users.role, q.role)) : searched;
    const [rows, byRole] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      search
        ? this.db.select({ role: users.role, n: count() }).from(users).where(searched).groupBy(users.role)
        : this.db.select({ role: accountCounts.role, n: accountCounts.live }).from(accountCounts),
    ]);
    const counts = { all: 0, user: 0, Clinic: 0, admin: 0 };
    for (const { role, n } of byRole) {
      counts[role] = n;
      counts.all += n;
    }
    return { rows, total: q.role ? counts[q.role] : counts.all, counts };
  }

  async createSession(jti: string, userId: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ jti, userId, expiresAt });
  }

  /** The session is live and its account is usable (not deleted, not under a running suspension). */
  async isSessionActive(jti: string): Promise<boolean> {
    const [s] = await this.db
      .select({ jti: sessions.jti })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.jti, jti),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          or(
            eq(users.status, 'active'),
            and(eq(users.status, 'suspended'), lte(users.suspendedUntil, new Date())),
          ),
        ),
      )
      .limit(1);
    return Boolean(s);
  }

  /** svc-identity's own revocation state: its database is the truth, always current. */
  revocationState(): RevocationState {
    return {
      isRevoked: async (claims: AccessClaims) => !(await this.isSessionActive(claims.jti)),
      isCurrent: () => true,
    };
  }

  /** Suspends the account (until a date, or until lifted); its sessions end everywhere. */
  async suspend(
    id: string,
    reason: string,
    until: Date | null,
    by: AdminActor,
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!current || current.status === 'deleted') return undefined;
      const [u] = await tx
        .update(users)
        .set({ status: 'suspended', suspendedReason: reason, suspendedUntil: until, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await endSessions(tx, id, 'suspended');
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'account.suspend',
        target: accountTarget(u!),
        before: suspension(current),
        after: suspension(u!),
      });
      return u;
    });
  }

  /** Lifts a suspension (a running or an ended timed one); an account not suspended is left as it is. */
  async unsuspend(id: string, by: AdminActor): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!current || current.status === 'deleted') return undefined;
      if (current.status !== 'suspended') return current;
      const [u] = await tx
        .update(users)
        .set({ status: 'active', suspendedReason: null, suspendedUntil: null, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'account.unsuspend',
        target: accountTarget(u!),
        before: suspension(current),
        after: suspension(u!),
      });
      return u;
    });
  }

  /**
   * An admin vouches for an account's address (support, and the demo's accounts, whose reserved domain
   * receives no mail): recorded as verified once, told to the projections, and in the audit log.
   */
  async verifyEmail(id: string, by: AdminActor): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!current || current.status === 'deleted') return undefined;
      if (current.emailVerifiedAt) return current;
      const [u] = await tx
        .update(users)
        .set({ emailVerifiedAt: new Date(), version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'account.verify-email',
        target: accountTarget(u!),
        before: { emailVerified: false },
        after: { emailVerified: true },
      });
      return u;
    });
  }

  /**
   * A platform admin verifies a Clinic account's organisation from its registration documents (the
   * reference they checked is kept and audited); services learn of it from
   * identity.organisation.verified.v1. Undefined: no such Clinic; null: an account without organisation.
   */
  async verifyOrganisation(
    id: string,
    reference: string,
    by: AdminActor,
  ): Promise<{ name: string; verifiedAt: Date } | undefined> {
    return this.db.transaction(async (tx) => {
      const [account] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      if (!account || account.status === 'deleted' || account.role !== 'Clinic' || !account.orgId)
        return undefined;
      const [org] = await tx
        .select()
        .from(organisations)
        .where(eq(organisations.id, account.orgId))
        .for('update');
      if (!org) return undefined;
      if (org.verifiedAt && org.verificationReference === reference)
        return { name: org.name, verifiedAt: org.verifiedAt };
      const verifiedAt = new Date();
      await tx
        .update(organisations)
        .set({ verifiedAt, verificationReference: reference })
        .where(eq(organisations.id, org.id));
      await enqueue(
        tx,
        outbox,
        makeEnvelope(IdentityEvents.organisationVerified, {
          orgId: org.id,
          name: org.name,
          verifiedAt: verifiedAt.toISOString(),
        }),
      );
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'organisation.verify',
        target: { module: 'identity', kind: 'organisation', id: org.id, label: org.name },
        before: { verified: org.verifiedAt !== null, reference: org.verificationReference },
        after: { verified: true, reference },
      });
      return { name: org.name, verifiedAt };
    });
  }

  /**
   * Moves an account between user and Clinic (a new Clinic gets its own organisation). Its tokens
   * carry the old role, so its sessions end everywhere and it signs in again.
   */
  async changeRole(id: string, role: 'user' | 'Clinic', by: AdminActor): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!current || current.status === 'deleted') return undefined;
      if (current.role === role) return current;
      let orgId: string | null = null;
      if (role === 'Clinic') {
        const [org] = await tx.insert(organisations).values({ name: current.name }).returning();
        orgId = org!.id;
      }
      const [u] = await tx
        .update(users)
        .set({ role, orgId, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
      await endSessions(tx, id, 'role-changed');
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'account.role-change',
        target: accountTarget(u!),
        before: { role: current.role },
        after: { role: u!.role },
      });
      return u;
    });
  }

  /**
   * Removes the account: personal data erased (the row stays, anonymous, so jobs and posts keep an
   * author id), sessions ended everywhere, projections told to forget the person.
   */
  async deleteAccount(id: string, by: AdminActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      if (!current || current.status === 'deleted') return false;
      const [u] = await tx
        .update(users)
        .set({
          status: 'deleted',
          email: `deleted-${id}`,
          passwordHash: '!',
          name: 'Deleted account',
          designation: '',
          description: '',
          address: '',
          phone: '',
          skills: [],
          facility: '',
          country: '',
          location: '',
          photo: '',
          plan: null,
          suspendedReason: null,
          suspendedUntil: null,
          version: sql`${users.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), ne(users.status, 'deleted')))
        .returning();
      if (!u) return false;
      // The person's notices and photo are personal data too.
      await tx.delete(notifications).where(eq(notifications.userId, id));
      await tx.delete(photos).where(eq(photos.userId, id));
      await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userDeleted, { id, version: u.version }));
      await endSessions(tx, id, 'deleted');
      // The log keeps no personal data of a removed account: its id, role and state, not its name or e-mail.
      await recordAdminAction(tx, outbox, 'identity', {
        ...by,
        action: 'account.remove',
        target: accountTarget(u), // labelled 'Deleted account'
        before: { role: current.role, status: current.status },
        after: { role: u.role, status: u.status },
      });
      return true;
    });
  }

  /** Admin accounts that can still act: an admin may not remove the last one. */
  async countActiveAdmins(): Promise<number> {
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    return n;
  }

  /** Revokes the session and tells the gateway (identity.session.revoked.v1), in one transaction. */
  async revokeSession(jti: string, userId: string, exp: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)))
        .returning({ jti: sessions.jti });
      if (revoked.length === 0) return;
      await enqueue(tx, outbox, makeEnvelope(IdentityEvents.sessionRevoked, { jti, userId, exp }));
    });
  }

  /** Expired sessions are useless: keep the table small. */
  async pruneSessions(): Promise<void> {
    await this.db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day'`);
  }
}
