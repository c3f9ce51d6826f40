/**
 * Counts failed logins per account in a sliding window. Past the limit the account answers 429
 * before any password is hashed, so guessing one account's password is slow and costs us nothing.
 * In memory: one svc-identity instance per deployment today; a shared store is needed before
 * running several.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the account may try again, or 0 when it may try now. */
  retryAfter(account: string): number {
    const recent = this.recent(account);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  fail(account: string): void {
    const recent = this.recent(account);
    recent.push(this.now());
    this.failures.set(account, recent);
    if (this.failures.size > 100_000) this.prune();
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }

  private recent(account: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(account) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
