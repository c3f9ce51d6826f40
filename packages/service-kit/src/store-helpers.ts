import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const UNIQUE_VIOLATION = '23505';

/** Postgres refused a duplicate (a unique index): the caller answers 409 with its own message. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/** The page a list query asks for (PageQuery's defaults), with its row offset. */
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
export function likeTerm(text: string | undefined): string | undefined {
  const t = text?.trim();
  return t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/**
 * Newest first with the id as tie-break. `nulls last` matches the indexes drizzle-kit writes
 * (`DESC NULLS LAST`); a plain `desc` (nulls first) would not use them for the order.
 */
export function newestFirst(at: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`${at} desc nulls last`, sql`${id} desc nulls last`];
}

/** A body's strings trimmed, other values as they are: what stores write. */
export function trimStrings<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as T;
}
