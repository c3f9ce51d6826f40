import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Newest first with the id as tie-break. `nulls last` matches the indexes drizzle-kit writes
 * (`DESC NULLS LAST`); a plain `desc` (nulls first) would not use them for the order.
 */
export function newestFirst(at: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`${at} desc nulls last`, sql`${id} desc nulls last`];
}

export function pageOf(q: { page?: number; limit?: number }): {
  page: number;
  limit: number;
  offset: number;
} {
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}

/** `%text%` for ILIKE with the user's %, _ and \ taken literally; undefined for a blank filter. */
export function textFilter(text: string | undefined): string | undefined {
  const t = text?.trim();
  return t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
