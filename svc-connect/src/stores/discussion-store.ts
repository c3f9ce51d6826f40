import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction, type AdminAction } from '@platform/event-bus';
import { type Profession } from '@platform/contracts';
import { type ModerationDecision } from '@platform/svc-content/contract';
import {
  CONNECT_LIMITS,
  ConnectEvents,
  DISCUSSION_VISIBILITIES,
  type DiscussionBody,
  type DiscussionPatch,
  type DiscussionPostedData,
  type DiscussionQuery,
  type DiscussionView,
  type DiscussionVisibility,
  type PostFlaggedData,
  type ReplyPostedData,
  type ReplyView,
  ConnectErrors,
} from '../../contract';
import {
  badRequest,
  cappedCount,
  conflict,
  entitlementsOf,
  forbidden,
  newestFirst,
  notFound,
  pageOf,
  requireEntitlement,
} from '@platform/service-kit';
import {
  discussions,
  flags,
  likes,
  orgEntitlements,
  outbox,
  replies,
  users,
  type DiscussionRow,
  type ReplyRow,
} from '../db/schema';
import { flagOutcome, flagWeight, isEstablished } from '../flag-weight';
import { renderMarkdown } from '../markdown';
import { likeNotice, replyNotice } from '../notices';
import { accountAgeDays, type Actor, type Db, type Tx } from './db';
import { unprocessable } from './request-store';

const DAY_MS = 86_400_000;
const LIVE = sql`${discussions.status} = 'visible' and ${discussions.deletedAt} is null`;

/** Professions as a Postgres text array (an empty one matches no Role-Based audience). */
const professionArray = (professions: Profession[]) =>
  professions.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        professions.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]`;

/**
 * Who may read what, as SQL (lists, search and direct fetch share it). Visitors: Public discussions only
 * (titles: the routes blank the content). Admins: everything live. Others: Public; Clinic Internal of their
 * current organisation; Role-Based naming one of their verified professions (a licence verified in Core HR,
 * never the designation they type); and their own posts, except Clinic Internal ones
 * of an organisation they have left (those follow membership, not authorship).
 */
export function readableBy(viewer: Actor | undefined): SQL {
  if (!viewer) return sql`${discussions.visibility} = 'Public'`;
  if (viewer.role === 'admin') return sql`true`;
  return sql`(${discussions.visibility} = 'Public'
    or (${discussions.visibility} = 'Clinic Internal' and ${discussions.orgId} = ${viewer.orgId})
    or (${discussions.visibility} = 'Role-Based' and ${discussions.roles} && ${professionArray(viewer.verifiedProfessions)})
    or (${discussions.authorId} = ${viewer.id} and ${discussions.visibility} <> 'Clinic Internal'))`;
}

const notFoundDiscussion = () =>
  notFound('This discussion could not be found.', ConnectErrors.discussionNotFound);

const notFoundReply = () => notFound('This reply could not be found.', ConnectErrors.replyNotFound);

/**
 * Whether a discussion's author still belongs to its readers: for Clinic Internal, a current member of its
 * organisation (users projection), so one who left gets no notices (with excerpts) from it.
 */
async function authorStillReads(tx: Tx, d: DiscussionRow): Promise<boolean> {
  if (d.visibility !== 'Clinic Internal') return true;
  const [author] = await tx
    .select({ id: users.id, orgId: users.orgId, deleted: users.deleted })
    .from(users)
    .where(eq(users.id, d.authorId));
  return !!author && !author.deleted && (author.orgId ?? author.id) === d.orgId;
}

/** The visibility a body asks for: `visibility`, else the first item of the spec's `visible`, else Public. */
function visibilityOf(
  body: DiscussionBody,
  actor: Actor,
): { visibility: DiscussionVisibility; roles: Profession[] } {
  let visibility: DiscussionVisibility = body.visibility ?? 'Public';
  if (!body.visibility && body.visible) {
    const first = body.visible[0]!;
    if (!(DISCUSSION_VISIBILITIES as readonly string[]).includes(first))
      throw badRequest(
        `visible: the first item must be one of ${DISCUSSION_VISIBILITIES.join(', ')}`,
        ConnectErrors.visibilityInvalid,
      );
    visibility = first as DiscussionVisibility;
  }
  if (visibility === 'Role-Based' && !body.roles?.length)
    throw badRequest(
      'roles: choose at least one profession for a Role-Based discussion',
      ConnectErrors.rolesRequired,
    );
  if (visibility === 'Clinic Internal' && actor.orgId === actor.id && actor.role !== 'Clinic')
    throw unprocessable(
      'Clinic Internal discussions are for members of an organisation, and your account belongs to none.',
      ConnectErrors.noOrganisation,
    );
  return { visibility, roles: visibility === 'Role-Based' ? [...new Set(body.roles)] : [] };
}

/** Markdown rendered, with a new account's link limit applied. */
function rendered(actor: Actor, content: string) {
  const r = renderMarkdown(content);
  if (
    accountAgeDays(actor) < CONNECT_LIMITS.newAccountDays &&
    r.links > CONNECT_LIMITS.newAccountLinksPerPost
  )
    throw unprocessable(
      `New accounts may include at most ${CONNECT_LIMITS.newAccountLinksPerPost} links in a post.`,
      ConnectErrors.newAccountLinkLimit,
    );
  return r;
}

/**
 * In a new account's first day, at most `max` rows of `table` (discussions or replies) by the author:
 * counted under the author's advisory lock, so simultaneous posts cannot all slip under the limit.
 */
async function firstDayLimit(tx: Tx, actor: Actor, what: 'discussions' | 'replies') {
  if (accountAgeDays(actor) >= 1) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connect-author:${actor.id}`}))`);
  const table = what === 'discussions' ? discussions : replies;
  const since = new Date(Math.min(actor.accountCreatedAt.getTime(), Date.now() - DAY_MS));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.authorId, actor.id), sql`${table.createdAt} >= ${since.toISOString()}`));
  const max =
    what === 'discussions'
      ? CONNECT_LIMITS.newAccountDiscussionsFirstDay
      : CONNECT_LIMITS.newAccountRepliesFirstDay;
  if ((row?.n ?? 0) >= max)
    throw unprocessable(
      `In its first day a new account may post at most ${max} ${what}.`,
      what === 'discussions' ? ConnectErrors.newAccountDiscussionLimit : ConnectErrors.newAccountReplyLimit,
    );
}

const authorColumns = (actor: Actor) => ({
  authorId: actor.id,
  authorName: actor.name,
  authorRole: actor.role,
  authorProfession: actor.profession,
  authorFacility: actor.facility,
  authorCountry: actor.country,
});

type WithName<T> = { row: T; currentName: string | null };

/** Discussions, their replies, likes and flags. */
export class DiscussionStore {
  constructor(private readonly db: Db) {}

  private selectWithAuthor() {
    return this.db
      .select({ row: discussions, currentName: users.name })
      .from(discussions)
      .leftJoin(users, eq(users.id, discussions.authorId));
  }

  /**
   * A clinic's Clinic Internal space (its staff-wide discussions) is what Connect sells: posting or replying
   * there needs Connect (or Core) for that organisation. Public and Role-Based discussions stay free, and
   * what is already there stays readable.
   */
  private async requireConnect(orgId: string): Promise<void> {
    await requireEntitlement(await entitlementsOf(this.db, orgEntitlements, orgId), 'connect');
  }

  async create(actor: Actor, body: DiscussionBody): Promise<DiscussionRow> {
    const { visibility, roles } = visibilityOf(body, actor);
    if (visibility === 'Clinic Internal') await this.requireConnect(actor.orgId);
    const content = body.content.trim();
    const { html } = rendered(actor, content);
    return this.db.transaction(async (tx) => {
      await firstDayLimit(tx, actor, 'discussions');
      const [row] = await tx
        .insert(discussions)
        .values({
          ...authorColumns(actor),
          orgId: actor.orgId,
          title: body.title.trim(),
          content,
          contentHtml: html,
          category: body.category,
          visibility,
          roles,
        })
        .returning();
      const posted: DiscussionPostedData = {
        discussionId: row!.id,
        authorId: actor.id,
        title: row!.title,
        category: row!.category,
        visibility: row!.visibility,
        postedAt: row!.createdAt.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(ConnectEvents.discussionPosted, posted));
      return row!;
    });
  }

  /**
   * One discussion as `viewer` may see it: live and readable; its author also sees it while it is held for
   * review, and admins see held and removed ones. Anything else is absent (404), never "forbidden".
   */
  async findFor(id: string, viewer: Actor): Promise<WithName<DiscussionRow> | undefined> {
    const [found] = await this.selectWithAuthor()
      .where(and(eq(discussions.id, id), isNull(discussions.deletedAt)))
      .limit(1);
    if (!found) return undefined;
    const d = found.row;
    if (viewer.role === 'admin') return found;
    const member = d.visibility !== 'Clinic Internal' || d.orgId === viewer.orgId;
    if (d.authorId === viewer.id && d.status !== 'removed' && member) return found;
    const [ok] = await this.db
      .select({ id: discussions.id })
      .from(discussions)
      .where(and(eq(discussions.id, id), LIVE, readableBy(viewer)));
    return ok ? found : undefined;
  }

  /** A live discussion the viewer may read (to reply, like or flag), else 404. */
  private async liveFor(tx: Tx | Db, id: string, viewer: Actor): Promise<DiscussionRow> {
    const [d] = await tx
      .select()
      .from(discussions)
      .where(and(eq(discussions.id, id), LIVE, readableBy(viewer)))
      .limit(1);
    if (!d) throw notFoundDiscussion();
    return d;
  }

  /**
   * The list, newest first: one index range scan in creation order, filtered by who may read, with its
   * capped total (cappedCount).
   */
  async list(q: DiscussionQuery, viewer: Actor | undefined) {
    const { limit, offset } = pageOf(q);
    const filters: SQL[] = [LIVE, readableBy(viewer)];
    if (q.category) filters.push(eq(discussions.category, q.category));
    const term = q.search?.trim();
    if (term) {
      // Visitors read titles only, so they search titles only.
      const vector = viewer ? discussions.searchVector : discussions.titleVector;
      filters.push(sql`${vector} @@ websearch_to_tsquery('simple', ${term})`);
    }
    const where = and(...filters)!;
    // The viewer's own likes and flags on the page come with it (two primary-key probes a row), not in a
    // second round trip after it.
    const mine = (table: typeof likes | typeof flags, extra?: SQL) =>
      viewer
        ? sql<boolean>`exists (select 1 from ${table} where ${table.discussionId} = ${discussions.id}
            and ${table.userId} = ${viewer.id}${extra ? sql` and ${extra}` : sql``})`
        : sql<boolean>`false`;
    const [rows, counted] = await Promise.all([
      this.db
        .select({
          row: discussions,
          currentName: users.name,
          liked: mine(likes, sql`${likes.active}`),
          flagged: mine(flags),
        })
        .from(discussions)
        .leftJoin(users, eq(users.id, discussions.authorId))
        .where(where)
        .orderBy(...newestFirst(discussions.createdAt, discussions.id))
        .limit(limit)
        .offset(offset),
      cappedCount(this.db, discussions, where, offset),
    ]);
    const marks = {
      liked: new Set(rows.filter((r) => r.liked).map((r) => r.row.id)),
      flagged: new Set(rows.filter((r) => r.flagged).map((r) => r.row.id)),
    };
    return { rows, marks, ...counted };
  }

  /** Which of `ids` the viewer likes and has flagged. */
  async marks(viewerId: string | undefined, ids: string[]) {
    if (!viewerId || ids.length === 0) return { liked: new Set<string>(), flagged: new Set<string>() };
    // One round trip for both marks.
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await this.db.execute<{ id: string; mark: 'like' | 'flag' }>(sql`
      select discussion_id as id, 'like' as mark from ${likes}
        where user_id = ${viewerId} and active and discussion_id in (${list})
      union all
      select discussion_id, 'flag' from ${flags} where user_id = ${viewerId} and discussion_id in (${list})`);
    const liked = new Set(rows.filter((r) => r.mark === 'like').map((r) => r.id));
    const flagged = new Set(rows.filter((r) => r.mark === 'flag').map((r) => r.id));
    return { liked, flagged };
  }

  /** The author edits their own discussion (re-rendered, the link rule re-applied). */
  async update(actor: Actor, id: string, patch: DiscussionPatch): Promise<DiscussionRow> {
    const found = await this.findFor(id, actor);
    if (!found || found.row.status === 'removed') throw notFoundDiscussion();
    if (found.row.authorId !== actor.id)
      throw forbidden('Only its author can change this discussion.', ConnectErrors.notAuthor);
    const set: Partial<typeof discussions.$inferInsert> = { editedAt: new Date() };
    if (patch.title !== undefined) set.title = patch.title.trim();
    if (patch.category !== undefined) set.category = patch.category;
    if (patch.content !== undefined) {
      set.content = patch.content.trim();
      set.contentHtml = rendered(actor, set.content).html;
    }
    const [row] = await this.db
      .update(discussions)
      .set(set)
      .where(and(eq(discussions.id, id), isNull(discussions.deletedAt)))
      .returning();
    if (!row) throw notFoundDiscussion();
    return row;
  }

  /** The author deletes their own discussion: gone for everyone (kept, marked, for the record). */
  async remove(actor: Actor, id: string): Promise<void> {
    const found = await this.findFor(id, actor);
    if (!found) throw notFoundDiscussion();
    if (found.row.authorId !== actor.id)
      throw forbidden('Only its author can delete this discussion.', ConnectErrors.notAuthor);
    await this.db
      .update(discussions)
      .set({ deletedAt: new Date() })
      .where(and(eq(discussions.id, id), isNull(discussions.deletedAt)));
  }

  // ----- replies

  async addReply(actor: Actor, discussionId: string, text: string): Promise<ReplyRow> {
    const content = text.trim();
    const { html } = rendered(actor, content);
    return this.db.transaction(async (tx) => {
      const d = await this.liveFor(tx, discussionId, actor);
      if (d.visibility === 'Clinic Internal') await this.requireConnect(d.orgId);
      await firstDayLimit(tx, actor, 'replies');
      const [reply] = await tx
        .insert(replies)
        .values({ ...authorColumns(actor), discussionId, content, contentHtml: html })
        .returning();
      await tx
        .update(discussions)
        .set({ replyCount: sql`${discussions.replyCount} + 1` })
        .where(eq(discussions.id, discussionId));
      const posted: ReplyPostedData = {
        replyId: reply!.id,
        discussionId,
        authorId: actor.id,
        discussionAuthorId: d.authorId,
        postedAt: reply!.createdAt.toISOString(),
      };
      await enqueue(tx, outbox, makeEnvelope(ConnectEvents.replyPosted, posted));
      if (d.authorId !== actor.id && (await authorStillReads(tx, d)))
        await enqueue(tx, outbox, replyNotice(d.authorId, actor.name, d.title, d.id, content));
      return reply!;
    });
  }

  /** Replies oldest first (one level: a reply answers the discussion, never another reply). */
  async replies(discussionId: string, q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const where = and(eq(replies.discussionId, discussionId), isNull(replies.deletedAt));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ row: replies, currentName: users.name })
        .from(replies)
        .leftJoin(users, eq(users.id, replies.authorId))
        .where(where)
        .orderBy(asc(replies.createdAt), asc(replies.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(replies)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** A reply its author may change: on a discussion they can still read. */
  private async ownReply(tx: Tx | Db, actor: Actor, id: string): Promise<ReplyRow> {
    const [reply] = await tx
      .select()
      .from(replies)
      .where(and(eq(replies.id, id), isNull(replies.deletedAt)))
      .limit(1);
    if (!reply || !(await this.findFor(reply.discussionId, actor))) throw notFoundReply();
    if (reply.authorId !== actor.id)
      throw forbidden('Only its author can change this reply.', ConnectErrors.notAuthor);
    return reply;
  }

  async updateReply(actor: Actor, id: string, text: string): Promise<ReplyRow> {
    await this.ownReply(this.db, actor, id);
    const content = text.trim();
    const [row] = await this.db
      .update(replies)
      .set({ content, contentHtml: rendered(actor, content).html, editedAt: new Date() })
      .where(and(eq(replies.id, id), isNull(replies.deletedAt)))
      .returning();
    if (!row) throw notFoundReply();
    return row;
  }

  async removeReply(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const reply = await this.ownReply(tx, actor, id);
      const [gone] = await tx
        .update(replies)
        .set({ deletedAt: new Date() })
        .where(and(eq(replies.id, id), isNull(replies.deletedAt)))
        .returning();
      if (gone)
        await tx
          .update(discussions)
          .set({ replyCount: sql`greatest(${discussions.replyCount} - 1, 0)` })
          .where(eq(discussions.id, reply.discussionId));
    });
  }

  // ----- likes and flags

  /** Toggles the viewer's like (one per person); the author hears of the first like only. */
  async toggleLike(actor: Actor, id: string): Promise<{ liked: boolean; likeCount: number }> {
    return this.db.transaction(async (tx) => {
      const d = await this.liveFor(tx, id, actor);
      const [like] = await tx
        .insert(likes)
        .values({ discussionId: id, userId: actor.id })
        .onConflictDoUpdate({
          target: [likes.discussionId, likes.userId],
          set: { active: sql`not ${likes.active}` },
        })
        .returning({ active: likes.active, inserted: sql<boolean>`xmax = 0` });
      const [row] = await tx
        .update(discussions)
        .set({ likeCount: sql`greatest(${discussions.likeCount} + ${like!.active ? 1 : -1}, 0)` })
        .where(eq(discussions.id, id))
        .returning({ likeCount: discussions.likeCount });
      if (like!.inserted && d.authorId !== actor.id && (await authorStillReads(tx, d)))
        await enqueue(tx, outbox, likeNotice(d.authorId, actor.name, d.title, d.id));
      return { liked: like!.active, likeCount: row!.likeCount };
    });
  }

  /**
   * Flags a discussion (one flag per person, never one's own), weighed by the flagger's account age and
   * standing (`flagWeight`). The third flag since the last review reports it to the moderation queue
   * (connect.post.flagged.v1); enough weight also hides it, unless its author is an established member
   * (`flagOutcome`). Under the post's row lock, so each report is published once.
   */
  async flag(actor: Actor, id: string, reason: string): Promise<{ hidden: boolean }> {
    return this.db.transaction(async (tx) => {
      const readable = await this.liveFor(tx, id, actor);
      if (readable.authorId === actor.id)
        throw unprocessable('You cannot flag your own discussion.', ConnectErrors.flagOwn);
      const [d] = await tx.select().from(discussions).where(eq(discussions.id, id)).for('update');
      const weight = flagWeight(actor);
      const inserted = await tx
        .insert(flags)
        .values({ discussionId: id, userId: actor.id, reason: reason.trim(), weight })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0)
        throw conflict('You have already flagged this discussion.', ConnectErrors.alreadyFlagged);
      const flagCount = d!.flagCount + 1;
      const totalWeight = d!.flagWeight + weight;
      const [author] = await tx
        .select({ accountCreatedAt: users.accountCreatedAt, emailVerified: users.emailVerified })
        .from(users)
        .where(and(eq(users.id, d!.authorId), eq(users.deleted, false)));
      const { hide, report } = flagOutcome({
        flagCount,
        weight: totalWeight,
        visible: d!.status === 'visible',
        authorEstablished: !!author && isEstablished(author),
      });
      await tx
        .update(discussions)
        .set({ flagCount, flagWeight: totalWeight, ...(hide ? { status: 'hidden' as const } : {}) })
        .where(eq(discussions.id, id));
      if (report) {
        const all = await tx
          .select()
          .from(flags)
          .where(eq(flags.discussionId, id))
          .orderBy(asc(flags.createdAt));
        const flagged: PostFlaggedData = {
          subject: { module: 'connect', kind: 'discussion', id },
          authorId: d!.authorId,
          title: d!.title,
          flags: all.map((f) => ({ userId: f.userId, reason: f.reason, at: f.createdAt.toISOString() })),
          hiddenAt: new Date().toISOString(),
          hidden: hide,
        };
        await enqueue(tx, outbox, makeEnvelope(ConnectEvents.postFlagged, flagged));
      }
      return { hidden: hide };
    });
  }

  /**
   * A moderator's decision (content.moderation.decided.v1): restore (visible again, its flags count from
   * zero; those who flagged cannot flag it again), hide, or delete (removed for everyone but admins).
   */
  async moderate(
    tx: Tx,
    id: string,
    decision: ModerationDecision,
    by?: Pick<AdminAction, 'actor' | 'request'>,
  ): Promise<void> {
    const set =
      decision === 'restore'
        ? { status: 'visible' as const, flagCount: 0, flagWeight: 0 }
        : { status: decision === 'hide' ? ('hidden' as const) : ('removed' as const) };
    const [before] = await tx
      .select({ status: discussions.status, flagCount: discussions.flagCount, title: discussions.title })
      .from(discussions)
      .where(eq(discussions.id, id))
      .for('update');
    if (!before) return;
    const [after] = await tx
      .update(discussions)
      .set(set)
      .where(eq(discussions.id, id))
      .returning({ status: discussions.status, flagCount: discussions.flagCount });
    // The admin's decision as applied here, for the audit log (connect.admin-action.recorded.v1).
    if (by)
      await recordAdminAction(tx, outbox, 'connect', {
        ...by,
        action: `discussion.${decision}`,
        target: { module: 'connect', kind: 'discussion', id, label: before.title },
        before: { status: before.status, flagCount: before.flagCount },
        after: { status: after!.status, flagCount: after!.flagCount },
      });
  }
}

/** An author as the spec's `createdBy` shows them: the current name when the projection has it. */
const authorOf = (r: DiscussionRow | ReplyRow, currentName: string | null) => ({
  id: r.authorId,
  name: currentName ?? r.authorName,
  role: r.authorRole,
  profession: r.authorProfession,
  facility: r.authorFacility,
  country: r.authorCountry,
});

export function toDiscussionView(
  { row, currentName }: WithName<DiscussionRow>,
  viewer: Actor | undefined,
  marks: { liked: Set<string>; flagged: Set<string> },
): DiscussionView {
  // Visitors see titles only.
  const preview = !viewer;
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    content: preview ? '' : row.content,
    contentHtml: preview ? '' : row.contentHtml,
    category: row.category,
    visibility: row.visibility,
    visible: [row.visibility],
    roles: row.roles as Profession[],
    createdBy: authorOf(row, currentName),
    country: row.authorCountry,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    replyCount: row.replyCount,
    likeCount: row.likeCount,
    liked: marks.liked.has(row.id),
    flagged: marks.flagged.has(row.id),
    mine: viewer?.id === row.authorId,
    hidden: row.status !== 'visible',
    preview,
  };
}

export function toReplyView({ row, currentName }: WithName<ReplyRow>, viewer: Actor | undefined): ReplyView {
  return {
    id: row.id,
    discussionId: row.discussionId,
    content: row.content,
    contentHtml: row.contentHtml,
    createdBy: authorOf(row, currentName),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    mine: viewer?.id === row.authorId,
  };
}
