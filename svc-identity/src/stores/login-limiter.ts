import { and, eq, lt, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import * as schema from '../db/schema';
import { loginFailures, loginKnownAddresses } from '../db/schema';

type Db = PostgresJsDatabase<typeof schema>;

export interface LoginLimits {
  /** Failures to one account from one address within `addressWindowSeconds` before that address waits. */
  addressMaxFailures: number;
  addressWindowSeconds: number;
  /** Failures to one account from all addresses within `accountWindowSeconds` before new addresses wait. */
  accountMaxFailures: number;
  accountWindowSeconds: number;
  /** How long an address the account logged in from stays exempt from the account-wide ceiling. */
  knownAddressDays: number;
}

/**
 * Either a reserved attempt (finish it with succeeded, or release it), with what the service knows of where
 * it comes from, or how long to wait, and why.
 */
export type LoginGate =
  | {
      attempt: number;
      /** The account logged in from this address lately (so it exists, and this is likely its owner). */
      knownHere: boolean;
      /** Someone logged in from this address lately: says nothing of whether this account exists. */
      addressKnown: boolean;
    }
  | { retryAfter: number; scope: 'address' | 'account' };

/** Addresses remembered per account: enough for a phone, a laptop and the clinic's network. */
const KNOWN_ADDRESSES_PER_ACCOUNT = 20;

/**
 * Failed logins counted in Postgres, so every svc-identity instance enforces the same limits:
 * - per account and address: an address that keeps failing for an account waits, and only that
 *   address, so nobody can lock the owner out by failing from elsewhere;
 * - per account, across addresses: distributed guessing stops at a ceiling, except for addresses
 *   the account logged in from lately, so the owner keeps access from the usual places.
 * An attempt is recorded as a failure before its password is checked (and removed if it succeeds),
 * so parallel guesses cannot all slip under the limit; the check costs a query, never a hash.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
  ) {}

  async begin(account: string, address: string): Promise<LoginGate> {
    const l = this.limits;
    return this.db.transaction(async (tx) => {
      // One account's checks run one at a time, on every instance: the count and the insert agree.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${account}`}, 0))`);
      const [counts] = await tx.execute<{
        address_count: number;
        address_wait: number | null;
        account_count: number;
        account_wait: number | null;
        known: boolean;
        address_known: boolean;
      }>(sql`
        with by_address as (
          select failed_at from identity.login_failures
          where account = ${account} and address = ${address}
            and failed_at > now() - make_interval(secs => ${l.addressWindowSeconds})
          order by failed_at desc limit ${l.addressMaxFailures}
        ), by_account as (
          select failed_at from identity.login_failures
          where account = ${account}
            and failed_at > now() - make_interval(secs => ${l.accountWindowSeconds})
          order by failed_at desc limit ${l.accountMaxFailures}
        )
        select
          (select count(*) from by_address)::int as address_count,
          ceil(extract(epoch from (select min(failed_at) from by_address)
            + make_interval(secs => ${l.addressWindowSeconds}) - now()))::int as address_wait,
          (select count(*) from by_account)::int as account_count,
          ceil(extract(epoch from (select min(failed_at) from by_account)
            + make_interval(secs => ${l.accountWindowSeconds}) - now()))::int as account_wait,
          exists (
            select 1 from identity.login_known_addresses k
            join identity.users u on u.id = k.user_id
            where u.email = ${account} and k.address = ${address}
              and k.last_login_at > now() - make_interval(days => ${l.knownAddressDays})
          ) as known,
          exists (
            select 1 from identity.login_known_addresses k
            where k.address = ${address}
              and k.last_login_at > now() - make_interval(days => ${l.knownAddressDays})
          ) as address_known
      `);
      const c = counts!;
      if (c.address_count >= l.addressMaxFailures)
        return { retryAfter: Math.max(1, c.address_wait ?? 1), scope: 'address' as const };
      if (c.account_count >= l.accountMaxFailures && !c.known)
        return { retryAfter: Math.max(1, c.account_wait ?? 1), scope: 'account' as const };
      const [row] = await tx
        .insert(loginFailures)
        .values({ account, address })
        .returning({ id: loginFailures.id });
      return { attempt: row!.id, knownHere: c.known, addressKnown: c.address_known };
    });
  }

  /** Whether anyone logged in from this address lately (one indexed read, nothing written). */
  async addressKnown(address: string): Promise<boolean> {
    const [row] = await this.db.execute<{ known: boolean }>(sql`
      select exists (
        select 1 from identity.login_known_addresses
        where address = ${address}
          and last_login_at > now() - make_interval(days => ${this.limits.knownAddressDays})
      ) as known
    `);
    return row!.known;
  }

  /** The password was wrong: the attempt stays a failure. Old rows of the account go meanwhile. */
  async failed(account: string): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.account, account), lt(loginFailures.failedAt, this.oldestCounted())));
  }

  /** Right password: this address's failures are forgiven and it is remembered for the account. */
  async succeeded(account: string, address: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(loginFailures)
        .where(and(eq(loginFailures.account, account), eq(loginFailures.address, address)));
      await tx
        .insert(loginKnownAddresses)
        .values({ userId, address })
        .onConflictDoUpdate({
          target: [loginKnownAddresses.userId, loginKnownAddresses.address],
          set: { lastLoginAt: sql`now()` },
        });
      await tx.execute(sql`
        delete from identity.login_known_addresses
        where user_id = ${userId} and address not in (
          select address from identity.login_known_addresses where user_id = ${userId}
          order by last_login_at desc limit ${KNOWN_ADDRESSES_PER_ACCOUNT}
        )
      `);
    });
  }

  /** The password was never checked (the service was busy): the attempt does not count. */
  async release(attempt: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attempt));
  }

  /** Keeps both tables small: failures older than every window, addresses not used for too long. */
  async prune(): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.failedAt, this.oldestCounted()));
    await this.db
      .delete(loginKnownAddresses)
      .where(
        lt(
          loginKnownAddresses.lastLoginAt,
          sql`now() - make_interval(days => ${this.limits.knownAddressDays})`,
        ),
      );
  }

  private oldestCounted() {
    const longest = Math.max(this.limits.addressWindowSeconds, this.limits.accountWindowSeconds);
    return sql`now() - make_interval(secs => ${longest})`;
  }
}
