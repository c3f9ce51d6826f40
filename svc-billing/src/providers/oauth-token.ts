/**
 * An OAuth client-credentials token kept until shortly before it expires. Concurrent callers share one
 * request. Per process and short-lived: a second instance simply fetches its own token.
 */
export class TokenCache {
  private token: { value: string; expiresAt: number } | null = null;
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>,
    private readonly now: () => number = Date.now,
    private readonly marginMs = 60_000,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt - this.marginMs > this.now()) return this.token.value;
    this.inFlight ??= this.fetchToken()
      .then(({ accessToken, expiresInSeconds }) => {
        this.token = { value: accessToken, expiresAt: this.now() + expiresInSeconds * 1000 };
        return accessToken;
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Forget the token (the provider answered 401 with it). */
  clear(): void {
    this.token = null;
  }
}
