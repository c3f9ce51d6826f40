import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import { IdentityEvents } from '@platform/contracts';
import { emailLinks, outbox, users, type EmailLinkPurpose, type UserRow } from '../db/schema';
import { endSessions, toEventData, type Db, type Tx } from './user-store';

/** How long each kind of link works: a reset or sign-in link briefly, a verification link for two days. */
export const LINK_LIFETIME_MINUTES: Record<EmailLinkPurpose, number> = {
  'password-reset': 30,
  'sign-in': 15,
  'email-verify': 48 * 60,
};

/** At most this many links of one kind go to one account per hour, whoever asks (the rest: silently none). */
export const LINKS_PER_ACCOUNT_HOUR = 3;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * E-mailed one-time links: a random secret of 32 bytes whose SHA-256 alone is stored. Opening one uses it
 * up in the transaction that does what it is for, so it works once; it also stops working when it expires,
 * when the account's e-mail is no longer the one it went to, or when the account is removed.
 */
export class EmailLinkStore {
  constructor(private readonly db: Db) {}

  /**
   * A new link of `purpose` for the account, or undefined when it was sent LINKS_PER_ACCOUNT_HOUR of them
   * within the hour (a flood of requests cannot flood its mailbox).
   */
  async issue(user: UserRow, purpose: EmailLinkPurpose, now = new Date()): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      // One request at a time per account, so parallel ones cannot slip under the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-link:${user.id}`}))`);
      const [sent] = await tx
        .select({ n: count() })
        .from(emailLinks)
        .where(
          and(
            eq(emailLinks.userId, user.id),
            eq(emailLinks.purpose, purpose),
            gt(emailLinks.createdAt, new Date(now.getTime() - 3600_000)),
          ),
        );
      if ((sent?.n ?? 0) >= LINKS_PER_ACCOUNT_HOUR) return undefined;
      const secret = randomBytes(32).toString('base64url');
      await tx.insert(emailLinks).values({
        userId: user.id,
        purpose,
        secretHash: digest(secret),
        email: user.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_LIFETIME_MINUTES[purpose] * 60_000),
      });
      return secret;
    });
  }

  /** The account a link still open would act for (nothing is used up): to judge a new password by it. */
  async peek(secret: string, purpose: EmailLinkPurpose): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(emailLinks)
      .innerJoin(users, eq(users.id, emailLinks.userId))
      .where(this.open(secret, purpose))
      .limit(1);
    return row?.user;
  }

  /**
   * Sets a new password with a reset link: the link is used up, with every other reset and sign-in link of
   * the account, and every session ends (whoever was signed in with the old password is signed out).
   * Opening the link proves the address, so it counts as verified. Undefined: no such open link.
   */
  async resetPassword(secret: string, passwordHash: string): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const user = await this.use(tx, secret, 'password-reset');
      if (!user) return undefined;
      await this.useAll(tx, user.id, ['password-reset', 'sign-in']);
      const [u] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await endSessions(tx, user.id, 'password-reset');
      return (await this.markVerified(tx, u!)) ?? u!;
    });
  }

  /** Signs in with a sign-in link: used up with the account's other sign-in links. Undefined: none open. */
  async signIn(secret: string): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const user = await this.use(tx, secret, 'sign-in');
      if (!user) return undefined;
      await this.useAll(tx, user.id, ['sign-in']);
      return (await this.markVerified(tx, user)) ?? user;
    });
  }

  /** Marks the account's address verified with a verification link. Undefined: none open. */
  async verify(secret: string): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const user = await this.use(tx, secret, 'email-verify');
      if (!user) return undefined;
      await this.useAll(tx, user.id, ['email-verify']);
      return (await this.markVerified(tx, user)) ?? user;
    });
  }

  /** Links past their time are useless: keep the table small. */
  async prune(): Promise<void> {
    await this.db.delete(emailLinks).where(sql`${emailLinks.expiresAt} < now() - interval '1 day'`);
  }

  /** A link of `purpose` with this secret, unused, unexpired, for a live account still at that address. */
  private open(secret: string, purpose: EmailLinkPurpose) {
    return and(
      eq(emailLinks.secretHash, digest(secret)),
      eq(emailLinks.purpose, purpose),
      isNull(emailLinks.usedAt),
      gt(emailLinks.expiresAt, new Date()),
      eq(users.email, emailLinks.email),
      sql`${users.status} <> 'deleted'`,
    );
  }

  /**
   * Uses up the link in one statement (two openings at once cannot both succeed) and returns its account,
   * if the account is still live at the address the link went to.
   */
  private async use(tx: Tx, secret: string, purpose: EmailLinkPurpose): Promise<UserRow | undefined> {
    const [link] = await tx
      .update(emailLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailLinks.secretHash, digest(secret)),
          eq(emailLinks.purpose, purpose),
          isNull(emailLinks.usedAt),
          gt(emailLinks.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailLinks.userId, email: emailLinks.email });
    if (!link) return undefined;
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
    return user && user.email === link.email && user.status !== 'deleted' ? user : undefined;
  }

  private async useAll(tx: Tx, userId: string, purposes: EmailLinkPurpose[]): Promise<void> {
    await tx
      .update(emailLinks)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailLinks.userId, userId), inArray(emailLinks.purpose, purposes), isNull(emailLinks.usedAt)),
      );
  }

  /** Records the address as verified (once), telling projections through identity.user.updated. */
  private async markVerified(tx: Tx, user: UserRow): Promise<UserRow | undefined> {
    if (user.emailVerifiedAt) return undefined;
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await enqueue(tx, outbox, makeEnvelope(IdentityEvents.userUpdated, toEventData(u!)));
    return u;
  }
}
