/**
 * A one-second cache of the public job board's answers (already serialised), by query. The board is
 * the hottest call and identical for every visitor; this instance's own job writes clear it at once,
 * other instances' writes show within `ttlMs`.
 */
export class BoardCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
  ) {}

  /** The same filters in any order give one key. */
  static keyOf(query: Record<string, unknown>): string {
    return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
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
