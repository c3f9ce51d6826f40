import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope } from '@platform/event-bus';
import {
  CONNECT_LIMITS,
  ConnectEvents,
  type ConnectionRequestPatch,
  type ConnectionRequestQuery,
  type RequestAcceptedData,
  type RequestSentData,
  ConnectErrors,
} from '../../contract';
import {
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  newestFirst,
  notFound,
  pageOf,
} from '@platform/service-kit';
import { connectionRequests, outbox, type RequestRow, type UserRow } from '../db/schema';
import { requestAcceptedNotice, requestReceivedNotice } from '../notices';
import { accountAgeDays, type Actor, type Db } from './db';

const DAY_MS = 86_400_000;
const LIVE = sql`${connectionRequests.status} in ('pending', 'accepted')`;

/** 422: a rule of Connect refuses the request (its code names the rule). */
export const unprocessable = (message: string, code: string) => new HttpError(422, message, code);

/** 429 with the seconds until the sender may try again (the route sets `Retry-After`). */
export class RetryLater extends HttpError {
  constructor(
    message: string,
    code: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, message, code);
  }
}

/** Connection requests: sending (with Connect's rules), answering, withdrawing, the boxes and connections. */
export class RequestStore {
  constructor(private readonly db: Db) {}

  /**
   * Sends a request from `actor` to `to`. One transaction under the pair's and the sender's advisory locks:
   * the checks and the insert cannot interleave with a simultaneous request (the live-pair unique index
   * backs it).
   */
  async send(actor: Actor, to: UserRow): Promise<RequestRow> {
    if (to.id === actor.id)
      throw unprocessable('You cannot send a connection request to yourself.', ConnectErrors.requestSelf);
    const [low, high] = [actor.id, to.id].sort() as [string, string];
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connect-pair:${low}:${high}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connect-sender:${actor.id}`}))`);
        const [live] = await tx
          .select()
          .from(connectionRequests)
          .where(and(eq(connectionRequests.userLow, low), eq(connectionRequests.userHigh, high), LIVE))
          .limit(1);
        if (live?.status === 'accepted')
          throw conflict('You are already connected with this person.', ConnectErrors.alreadyConnected);
        if (live)
          throw conflict(
            live.fromId === actor.id
              ? 'You have already sent this person a connection request.'
              : 'This person has already sent you a connection request: answer it instead.',
            ConnectErrors.requestExists,
          );
        // A declined or withdrawn request may be sent again only after the cool-off.
        const coolOffSince = new Date(Date.now() - CONNECT_LIMITS.requestCoolOffDays * DAY_MS);
        const [recent] = await tx
          .select({ decidedAt: connectionRequests.decidedAt })
          .from(connectionRequests)
          .where(
            and(
              eq(connectionRequests.fromId, actor.id),
              eq(connectionRequests.toId, to.id),
              sql`${connectionRequests.status} in ('declined', 'withdrawn')`,
              gt(connectionRequests.decidedAt, coolOffSince),
            ),
          )
          .orderBy(desc(connectionRequests.decidedAt))
          .limit(1);
        if (recent) {
          const again = new Date(recent.decidedAt!.getTime() + CONNECT_LIMITS.requestCoolOffDays * DAY_MS);
          throw conflict(
            `Your last request to this person was declined or withdrawn: you may ask again from ${again.toISOString().slice(0, 10)}.`,
            ConnectErrors.requestCoolingOff,
          );
        }
        // New accounts send a limited number a day (spam); counted over the last 24 hours.
        if (accountAgeDays(actor) < CONNECT_LIMITS.newAccountDays) {
          const since = new Date(Date.now() - DAY_MS);
          const sent = await tx.execute<{ n: number; oldest: Date | string | null }>(sql`
            select count(*)::int as n, min(created_at) as oldest from ${connectionRequests}
            where from_id = ${actor.id} and created_at > ${since.toISOString()}`);
          const { n, oldest } = sent[0]!;
          if (n >= CONNECT_LIMITS.newAccountRequestsPerDay) {
            const retry = Math.max(1, Math.ceil((new Date(oldest!).getTime() + DAY_MS - Date.now()) / 1000));
            throw new RetryLater(
              `New accounts may send ${CONNECT_LIMITS.newAccountRequestsPerDay} connection requests a day. Please try again later.`,
              ConnectErrors.requestDailyLimit,
              retry,
            );
          }
        }
        const [row] = await tx
          .insert(connectionRequests)
          .values({ fromId: actor.id, toId: to.id, userLow: low, userHigh: high })
          .returning();
        const sent: RequestSentData = {
          requestId: row!.id,
          fromUserId: actor.id,
          toUserId: to.id,
          sentAt: row!.createdAt.toISOString(),
        };
        await enqueue(tx, outbox, makeEnvelope(ConnectEvents.requestSent, sent));
        await enqueue(tx, outbox, requestReceivedNotice(to.id, actor.name));
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(
          'There is already a request between you and this person.',
          ConnectErrors.requestExists,
        );
      throw err;
    }
  }

  /**
   * The recipient accepts or declines a pending request; its sender withdraws it. Someone else: 404 (they
   * do not learn it exists); the wrong side: 403; no longer pending: 409.
   */
  async decide(actor: Actor, id: string, status: ConnectionRequestPatch['status']): Promise<RequestRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(connectionRequests)
        .where(eq(connectionRequests.id, id))
        .for('update');
      if (!row || (row.fromId !== actor.id && row.toId !== actor.id))
        throw notFound('This connection request could not be found.', ConnectErrors.requestNotFound);
      const isRecipient = row.toId === actor.id;
      if (status === 'withdrawn' ? isRecipient : !isRecipient)
        throw forbidden(
          status === 'withdrawn'
            ? 'Only the person who sent a request can withdraw it.'
            : 'Only the person a request was sent to can accept or decline it.',
          ConnectErrors.requestWrongSide,
        );
      if (row.status !== 'pending')
        throw conflict(`This request is already ${row.status}.`, ConnectErrors.requestNotPending);
      const [updated] = await tx
        .update(connectionRequests)
        .set({ status, decidedAt: new Date() })
        .where(eq(connectionRequests.id, id))
        .returning();
      if (status === 'accepted') {
        const accepted: RequestAcceptedData = {
          requestId: id,
          fromUserId: row.fromId,
          toUserId: row.toId,
          acceptedAt: updated!.decidedAt!.toISOString(),
        };
        await enqueue(tx, outbox, makeEnvelope(ConnectEvents.requestAccepted, accepted));
        await enqueue(tx, outbox, requestAcceptedNotice(row.fromId, actor.name));
      }
      return updated!;
    });
  }

  async find(id: string): Promise<RequestRow | undefined> {
    const [row] = await this.db.select().from(connectionRequests).where(eq(connectionRequests.id, id));
    return row;
  }

  /** The caller's incoming or outgoing box, newest first. */
  async box(actor: Actor, q: ConnectionRequestQuery) {
    const { limit, offset } = pageOf(q);
    const mine =
      q.box === 'incoming' ? eq(connectionRequests.toId, actor.id) : eq(connectionRequests.fromId, actor.id);
    const where = and(mine, q.status ? eq(connectionRequests.status, q.status) : undefined);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(connectionRequests)
        .where(where)
        .orderBy(...newestFirst(connectionRequests.createdAt, connectionRequests.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(connectionRequests)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** The caller's accepted connections, most recent first. */
  async connections(actor: Actor, q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const where = and(
      eq(connectionRequests.status, 'accepted'),
      or(eq(connectionRequests.fromId, actor.id), eq(connectionRequests.toId, actor.id)),
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(connectionRequests)
        .where(where)
        .orderBy(...newestFirst(connectionRequests.decidedAt, connectionRequests.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(connectionRequests)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }
}
