import { and, desc, eq, gt, ilike, isNull, ne, or, sql, count, type SQL } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import {
  IdentityEvents,
  type DirectoryQuery,
  type Role,
  type DirectoryUser,
  type RegisterBody,
  type UpdateProfileBody,
  type UserEventData,
  type UserProfile,
} from '@platform/contracts';
import { conflict, isUniqueViolation, likeTerm, pageOf, trimStrings } from '@platform/service-kit';
import * as schema from '../db/schema';
import { organisations, outbox, sessions, users, type UserRow } from '../db/schema';

type Db = PostgresJsDatabase<typeof schema>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toProfile(u: UserRow): UserProfile {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    orgId: u.orgId,
    // Filled from the organisation's subscriptions once billing lands; nothing is unlocked by a claim yet.
    entitlements: [],
    designation: u.designation,
    description: u.description,
    address: u.address,
    phone: u.phone,
    skills: u.skills,
    facility: u.facility,
    country: u.country,
    location: u.location,
    photo: u.photo,
    createdAt: u.createdAt.toISOString(),
  };
}

function toDirectory(u: UserRow): DirectoryUser {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    role: u.role,
    designation: u.designation,
    description: u.description,
    address: u.address,
    skills: u.skills,
    facility: u.facility,
    country: u.country,
    location: u.location,
    photo: u.photo,
  };
}

function toEventData(u: UserRow): UserEventData {
  const { entitlements: _e, _id, ...rest } = toProfile(u);
  return { ...rest, version: u.version };
}

/** Accounts, organisations and sessions; every change and its event are written in one transaction. */
export class UserStore {
  constructor(private readonly db: Db) {}

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
            address: input.address?.trim() ?? '',
            phone: input.phone?.trim() ?? '',
            skills: input.skills ?? [],
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

  async updateProfile(id: string, patch: UpdateProfileBody): Promise<UserRow | undefined> {
    const values = trimStrings(patch);
    return this.db.transaction(async (tx) => {
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

  async listDirectory(q: DirectoryQuery): Promise<{ users: DirectoryUser[]; total: number }> {
    const { limit, offset } = pageOf(q);
    const filters: SQL[] = [ne(users.role, 'admin')];
    if (q.role) filters.push(eq(users.role, q.role));
    const term = likeTerm(q.search);
    if (term) {
      filters.push(or(ilike(users.name, term), ilike(users.designation, term))!);
    }
    const where = and(...filters);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { users: rows.map(toDirectory), total };
  }

  async createSession(jti: string, userId: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ jti, userId, expiresAt });
  }

  async isSessionActive(jti: string): Promise<boolean> {
    const [s] = await this.db
      .select({ jti: sessions.jti })
      .from(sessions)
      .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return Boolean(s);
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
