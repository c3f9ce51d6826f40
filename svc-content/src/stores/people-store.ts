import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { UserDeletedData, UserEventData } from '@platform/contracts';
import type { DashboardUser } from '../../contract';
import { pageOf, newestFirst, textSearch } from '@platform/service-kit';
import { recordAdminAction } from '@platform/event-bus';
import { accountCounts, outbox, users, type UserRow } from '../db/schema';
import type { AdminBy, Db, Tx } from './db';

const LIVE = sql`not ${users.deleted}`;

export function toDashboardUser(u: UserRow): DashboardUser {
  const createdAt = u.accountCreatedAt.toISOString();
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    designation: u.designation,
    phone: u.phone || null,
    address: u.address,
    createdAt,
    date: createdAt,
  };
}

/** The users table's search: name or e-mail, case-blind, through the trigram index. */
function searchFilter(search: string | undefined): SQL | undefined {
  return textSearch(users.searchText, search);
}

/** The admin's copy of the accounts (from identity's user events): counts, lists, the export. */
export class PeopleStore {
  constructor(private readonly db: Db) {}

  /**
   * Records, for the audit log, that an admin downloaded every account's personal data (users_clinics.csv):
   * before the file is sent, so no export goes unrecorded.
   */
  async recordExport(by: AdminBy): Promise<void> {
    await this.db.transaction(async (tx) => {
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: 'accounts.export',
        target: { module: 'content', kind: 'export', id: 'users_clinics.csv', label: 'users_clinics.csv' },
      });
    });
  }

  /** One identity.user.* event, only when newer than what is kept; a removed account keeps no personal data. */
  async apply(tx: Tx, type: 'upsert' | 'delete', data: UserEventData | UserDeletedData): Promise<void> {
    const [old] = await tx.select().from(users).where(eq(users.id, data.id)).for('update');
    if (old && old.version >= data.version) return;
    const next =
      type === 'delete'
        ? {
            name: 'Deleted account',
            email: '',
            role: old?.role ?? ('user' as const),
            designation: '',
            phone: '',
            address: '',
            searchText: '',
            accountCreatedAt: old?.accountCreatedAt ?? new Date(),
            deleted: true,
            version: data.version,
          }
        : ((u: UserEventData) => ({
            name: u.name,
            email: u.email,
            role: u.role,
            designation: u.designation,
            phone: u.phone,
            address: u.address,
            searchText: `${u.name} ${u.email}`.toLowerCase(),
            accountCreatedAt: new Date(u.createdAt),
            deleted: false,
            version: u.version,
          }))(data as UserEventData);
    await tx
      .insert(users)
      .values({ id: data.id, ...next })
      .onConflictDoUpdate({ target: users.id, set: next });
    // The counts follow in the same transaction: a role changed or an account removed moves one count.
    const was = old && !old.deleted ? old.role : undefined;
    const is = next.deleted ? undefined : next.role;
    if (was === is) return;
    if (was)
      await tx
        .update(accountCounts)
        .set({ live: sql`${accountCounts.live} - 1` })
        .where(eq(accountCounts.role, was));
    if (is)
      await tx
        .insert(accountCounts)
        .values({ role: is, live: 1 })
        .onConflictDoUpdate({ target: accountCounts.role, set: { live: sql`${accountCounts.live} + 1` } });
  }

  /** Live accounts per role, as kept with each event. */
  private async liveByRole(): Promise<Record<'user' | 'Clinic' | 'admin', number>> {
    const rows = await this.db.select().from(accountCounts);
    const out = { user: 0, Clinic: 0, admin: 0 };
    for (const r of rows) out[r.role] = r.live;
    return out;
  }

  /** The tiles: every live account, and professionals and clinics apart. */
  async counts() {
    const live = await this.liveByRole();
    return {
      totalUsers: live.user + live.Clinic + live.admin,
      totalRegularUsers: live.user,
      totalClinics: live.Clinic,
    };
  }

  /** Newest accounts first (one range of the (created, id) index). */
  async latest(limit: number): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(LIVE)
      .orderBy(...newestFirst(users.accountCreatedAt, users.id))
      .limit(limit);
  }

  /** Accounts of one role, newest first, optionally searched; a page and the total. */
  async ofRole(role: 'user' | 'Clinic', q: { search?: string; page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const search = searchFilter(q.search);
    const where = and(LIVE, eq(users.role, role), search);
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(...newestFirst(users.accountCreatedAt, users.id))
        .limit(limit)
        .offset(offset),
      // A search counts its matches (through the trigram index); the whole role is a kept count.
      search
        ? this.db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(where)
            .then(([counted]) => counted?.n ?? 0)
        : this.liveByRole().then((live) => live[role]),
    ]);
    return { rows, total };
  }

  /**
   * Every live professional and clinic, newest first, `batch` rows at a time (keyset pages of the
   * (created, id) index, each a short query of its own): the export streams them, so 100,000 accounts
   * never sit in memory at once and no transaction stays open while a slow client downloads.
   */
  async *everyAccount(batch = 500): AsyncGenerator<UserRow[]> {
    // The cursor keeps the join time as Postgres's text: a Date would round it to the millisecond, and every
    // account that joined in the rest of that millisecond would be skipped.
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const page = await this.db
        .select({ row: users, at: sql<string>`${users.accountCreatedAt}::text` })
        .from(users)
        .where(
          and(
            LIVE,
            sql`${users.role} <> 'admin'`,
            after
              ? sql`(${users.accountCreatedAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...newestFirst(users.accountCreatedAt, users.id))
        .limit(batch);
      const rows = page.map((p) => p.row);
      if (rows.length === 0) return;
      yield rows;
      const last = page.at(-1)!;
      after = { at: last.at, id: last.row.id };
    }
  }
}
