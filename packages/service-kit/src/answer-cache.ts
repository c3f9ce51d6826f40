/**
 * A short-lived cache of a public list's answers (already serialised), by query: the job board, the
 * events list. Such a list is the hottest call and the same for every visitor; this instance's own
 * writes clear it at once (`clear()`), other instances' writes show within `ttlMs`.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
  ) {}

  /** The same filters in any order give one key. */
  static keyOf(query: Record<string, unknown>): string {
    return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
  }

  /**
   * The `Cache-Control` of an answer this cache holds: the gateway's shared cache may keep it as long as
   * the service does; browsers may not (max-age=0), so a clinic's own change shows on its next load.
   * Undefined when the cache is off or under a whole second (the header counts seconds).
   */
  static sharedCacheControl(ttlMs: number): string | undefined {
    return ttlMs >= 1000 ? `public, max-age=0, s-maxage=${Math.floor(ttlMs / 1000)}` : undefined;
  }

  get(key: string, now = Date.now()): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > now) return hit.body;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, body: string, now = Date.now()): void {
    if (this.ttlMs === 0) return;
    // Oldest first out: a Map keeps insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { body, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
