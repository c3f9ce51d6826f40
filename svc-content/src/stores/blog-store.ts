import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BlogBody, BlogPost, BlogStatus, BlogVersion } from '../../contract';
import {
  badRequest,
  isUniqueViolation,
  newestFirst,
  notFound,
  pageOf,
  sanitizeAdminHtml,
  textOf,
} from '@platform/service-kit';
import { recordAdminAction } from '@platform/event-bus';
import { blogPosts, blogVersions, outbox, type BlogPostRow } from '../db/schema';
import type { AdminBy, Db, Tx } from './db';
import { ContentErrors } from '../../contract';

const WEEK_MS = 7 * 86_400_000;
const LIVE = isNull(blogPosts.deletedAt);
const notFoundPost = () => notFound('This blog post could not be found.', ContentErrors.blogNotFound);

export function toBlogPost(r: BlogPostRow): BlogPost {
  const createdAt = r.createdAt.toISOString();
  return {
    id: r.id,
    _id: r.id,
    name: r.name,
    data: r.data,
    slug: r.slug,
    status: r.status,
    createdAt,
    date: createdAt,
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}

/** The address of a title: lower-case ASCII words joined by hyphens (accents dropped), at most 80 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/** What a body stores: the title trimmed, the HTML sanitised (and not empty once sanitised). */
function cleaned(body: BlogBody): { name: string; data: string } {
  const data = sanitizeAdminHtml(body.data);
  if (!textOf(data) && !data.includes('<img'))
    throw badRequest('data: Content cannot be empty', ContentErrors.empty);
  return { name: body.name.trim(), data };
}

/** Blog posts with drafts, a unique slug each, and every saved state kept as a version. */
export class BlogStore {
  constructor(private readonly db: Db) {}

  /** Published posts, newest first. */
  async published(q: { page?: number; limit?: number }) {
    const { limit, offset } = pageOf(q);
    const where = and(LIVE, eq(blogPosts.status, 'published'));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(...newestFirst(blogPosts.publishedAt, blogPosts.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(blogPosts)
        .where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** A published post by its address. */
  async bySlug(slug: string): Promise<BlogPostRow | undefined> {
    const [row] = await this.db
      .select()
      .from(blogPosts)
      .where(and(LIVE, eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
      .limit(1);
    return row;
  }

  /** Every post, drafts too, latest change first, with the tiles' figures. */
  async all(q: { page?: number; limit?: number }, now = new Date()) {
    const { limit, offset } = pageOf(q);
    const [rows, [stats]] = await Promise.all([
      this.db
        .select()
        .from(blogPosts)
        .where(LIVE)
        .orderBy(...newestFirst(blogPosts.updatedAt, blogPosts.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({
          total: sql<number>`count(*)::int`,
          lastUpdated: sql<Date | null>`max(${blogPosts.updatedAt})`,
          recent: sql<number>`(count(*) filter (where ${gt(blogPosts.updatedAt, new Date(now.getTime() - WEEK_MS))}))::int`,
        })
        .from(blogPosts)
        .where(LIVE),
    ]);
    const lastUpdated = stats?.lastUpdated ? new Date(stats.lastUpdated).toISOString() : null;
    return { rows, stats: { total: stats?.total ?? 0, lastUpdated, recentlyEdited: stats?.recent ?? 0 } };
  }

  async create(body: BlogBody, by: AdminBy): Promise<BlogPostRow> {
    const { name, data } = cleaned(body);
    const status: BlogStatus = body.status ?? 'published';
    const base = slugOf(name);
    // A taken slug gets the first free number after it: one try each, inside the unique index's guard.
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      try {
        return await this.db.transaction(async (tx) => {
          const now = new Date();
          const [row] = await tx
            .insert(blogPosts)
            .values({
              name,
              data,
              slug,
              status,
              createdAt: now,
              updatedAt: now,
              publishedAt: status === 'published' ? now : null,
            })
            .returning();
          await this.keepVersion(tx, row!, by);
          await this.record(tx, by, status === 'published' ? 'publish' : 'create', row!, null);
          return row!;
        });
      } catch (err) {
        if (!isUniqueViolation(err) || n >= 50) throw err;
      }
    }
  }

  async update(id: string, body: BlogBody, by: AdminBy, verb?: string): Promise<BlogPostRow> {
    const { name, data } = cleaned(body);
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), LIVE))
        .for('update');
      if (!old) throw notFoundPost();
      const status: BlogStatus = body.status ?? old.status;
      const now = new Date();
      const [row] = await tx
        .update(blogPosts)
        .set({
          name,
          data,
          status,
          version: old.version + 1,
          updatedAt: now,
          publishedAt: old.publishedAt ?? (status === 'published' ? now : null),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      await this.keepVersion(tx, row!, by);
      const changed = old.status === status ? 'update' : status === 'published' ? 'publish' : 'unpublish';
      await this.record(tx, by, verb ?? changed, row!, old);
      return row!;
    });
  }

  /** Soft: gone from the blog and the admin's list; its versions stay for the record. */
  async remove(id: string, by: AdminBy): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx
        .update(blogPosts)
        .set({ deletedAt: new Date() })
        .where(and(eq(blogPosts.id, id), LIVE))
        .returning();
      if (gone) await this.record(tx, by, 'delete', null, gone);
      return gone !== undefined;
    });
  }

  async versions(id: string): Promise<BlogVersion[]> {
    const [post] = await this.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, id), LIVE));
    if (!post) throw notFoundPost();
    const rows = await this.db
      .select()
      .from(blogVersions)
      .where(eq(blogVersions.postId, id))
      .orderBy(desc(blogVersions.version))
      .limit(100);
    return rows.map((v) => ({
      version: v.version,
      name: v.name,
      data: v.data,
      status: v.status,
      savedAt: v.savedAt.toISOString(),
      savedBy: v.savedBy,
    }));
  }

  /** Makes an earlier version the current one again, as a new version (the history only grows). */
  async restore(id: string, version: number, by: AdminBy): Promise<BlogPostRow> {
    const [v] = await this.db
      .select()
      .from(blogVersions)
      .where(and(eq(blogVersions.postId, id), eq(blogVersions.version, version)));
    if (!v) throw notFound('This version could not be found.', ContentErrors.versionNotFound);
    return this.update(id, { name: v.name, data: v.data, status: v.status }, by, 'restore');
  }

  /** The audit entry of a change to a post (its title, address, state and version; not its whole text). */
  private async record(
    tx: Tx,
    by: AdminBy,
    verb: string,
    after: BlogPostRow | null,
    before: BlogPostRow | null,
  ) {
    const post = (after ?? before)!;
    const summary = (r: BlogPostRow | null) =>
      r && { name: r.name, slug: r.slug, status: r.status, version: r.version, length: r.data.length };
    await recordAdminAction(tx, outbox, 'content', {
      ...by,
      action: `blog-post.${verb}`,
      target: { module: 'content', kind: 'blog-post', id: post.id, label: post.name },
      before: summary(before),
      after: summary(after),
    });
  }

  private async keepVersion(tx: Tx, row: BlogPostRow, by: AdminBy) {
    await tx.insert(blogVersions).values({
      postId: row.id,
      version: row.version,
      name: row.name,
      data: row.data,
      status: row.status,
      savedAt: row.updatedAt,
      savedBy: by.actor.sub,
    });
  }
}
