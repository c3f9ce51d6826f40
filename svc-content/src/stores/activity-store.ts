import { and, gte, inArray, sql } from 'drizzle-orm';
import { SERIES, type SeriesName, type WeeklySeries } from '../../contract';
import { weeklyCounts } from '../db/schema';
import type { Tx, Db } from './db';

const DAY_MS = 86_400_000;
/** Weeks are counted in East African time (UTC+3, no daylight saving), Monday to Sunday. */
const EAT_OFFSET_MS = 3 * 3_600_000;

/** Monday of the East African week holding `at`, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const local = new Date(at.getTime() + EAT_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday))
    .toISOString()
    .slice(0, 10);
}

/** The dashboard's weekly figures, counted from the services' events as they arrive. */
export class ActivityStore {
  constructor(private readonly db: Db) {}

  /** One more of `series` in the week of `at` (inside the consumer's once-only transaction). */
  async count(tx: Tx, series: SeriesName, at: Date): Promise<void> {
    await tx
      .insert(weeklyCounts)
      .values({ series, weekStart: weekOf(at), count: 1 })
      .onConflictDoUpdate({
        target: [weeklyCounts.series, weeklyCounts.weekStart],
        set: { count: sql`${weeklyCounts.count} + 1` },
      });
  }

  /** The last `weeks` weeks of every series, oldest first, weeks without any counted as 0. */
  async series(weeks: number, now = new Date()): Promise<Record<SeriesName, WeeklySeries>> {
    const thisWeek = weekOf(now);
    const starts = Array.from({ length: weeks }, (_, i) =>
      new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
    );
    const rows = await this.db
      .select()
      .from(weeklyCounts)
      .where(and(inArray(weeklyCounts.series, [...SERIES]), gte(weeklyCounts.weekStart, starts[0]!)));
    const counted = new Map(rows.map((r) => [`${r.series}/${r.weekStart}`, r.count]));
    return Object.fromEntries(
      SERIES.map((s) => [
        s,
        starts.map((weekStart) => ({ weekStart, count: counted.get(`${s}/${weekStart}`) ?? 0 })),
      ]),
    ) as Record<SeriesName, WeeklySeries>;
  }
}
