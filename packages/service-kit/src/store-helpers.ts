import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { LIST_COUNT_CAP } from '@platform/contracts';

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

/** The user's `%`, `_` and `\` taken literally in a LIKE pattern. */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The user's text taken literally in a Postgres regular expression. */
const literalRegex = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/**
 * What comes before a word in the texts people search (names, titles, places, e-mail addresses): a short term matches at
 * the start of the text or after one of these. A list, not "any non-letter", so pg_trgm can read the
 * expression: it treats each of them as the blank it pads words with.
 */
const WORD_START = `(^|[ ([/,.&+'"_@-])`;

/**
 * Where `column` matches what someone typed in a search box, in any case, through the column's trigram
 * index (pg_trgm's `gin_trgm_ops`) however short the term:
 * - blank: no filter (undefined);
 * - three letters or digits in a row: anywhere in the text (`ILIKE '%term%'`);
 * - shorter ("RN", "GP", "Dr"): at the start of a word, so "RN" finds "Nurse (RN)" but not "Intern". Two
 *   letters anywhere have no trigram to look up, and such a search read every row (103 ms at 100,000
 *   jobs); pg_trgm pads each word with blanks, so " rn" is a trigram of every word starting "rn";
 * - no letter or digit at all: nothing (no trigram either, and no word starts with punctuation).
 */
export function textSearch(column: AnyColumn | SQL, typed: string | undefined): SQL | undefined {
  const term = typed?.trim();
  if (!term) return undefined;
  if (!/[\p{L}\p{N}]/u.test(term)) return sql`false`;
  if (/[\p{L}\p{N}]{3}/u.test(term)) return sql`${column} ilike ${`%${literalLike(term)}%`}`;
  return sql`${column} ~* ${WORD_START + literalRegex(term)}`;
}

/** What a count stopped past `cap` says: the total up to the cap, and whether there were more. */
const cappedTotal = (n: number, cap: number) => ({ total: Math.min(n, cap), totalCapped: n > cap });

/**
 * A public list's total (CappedPageInfo): the rows of `table` matching `where`, counted exactly up to
 * LIST_COUNT_CAP past the page that starts at `offset` and no further, so the count reads at most that many
 * rows however large the table grows (a full count(*) reads every match on every page view).
 */
export async function cappedCount(
  db: PostgresJsDatabase<Record<string, unknown>>,
  table: PgTable,
  where: SQL | undefined,
  offset: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const cap = offset + LIST_COUNT_CAP;
  const filter = where ? sql` where ${where}` : sql``;
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table}${filter} limit ${cap + 1}) capped`,
  );
  return cappedTotal(row?.n ?? 0, cap);
}

/**
 * cappedCount built once, for a list asked far more often than others: drizzle builds a query's SQL on every
 * call (about 0.2 ms a query on a slow core: `npm run bench:queries -w bench`), a prepared query only fills
 * in its values. For a filter whose SQL never changes: its values are placeholders (`sql.placeholder('role')`),
 * given with each page's offset.
 */
export function preparedCappedCount(
  db: PostgresJsDatabase<Record<string, unknown>>,
  table: PgTable,
  where: SQL | undefined,
  name: string,
): (offset: number, values?: Record<string, unknown>) => Promise<{ total: number; totalCapped: boolean }> {
  const upToCap = db
    .select({ one: sql<number>`1`.as('one') })
    .from(table)
    .where(where)
    .limit(sql.placeholder('cap'))
    .as('capped');
  const query = db
    .select({ n: sql<number>`count(*)::int` })
    .from(upToCap)
    .prepare(name);
  return async (offset, values = {}) => {
    const cap = offset + LIST_COUNT_CAP;
    const [row] = await query.execute({ ...values, cap: cap + 1 });
    return cappedTotal(row?.n ?? 0, cap);
  };
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
