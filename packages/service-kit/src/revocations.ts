import {
  IdentityEvents,
  SessionRevokedData,
  SessionsEndedData,
  type AccessClaims,
  type Envelope,
} from '@platform/contracts';
import type { EventBus, Subscription } from '@platform/event-bus';
import { MAX_TOKEN_LIFETIME_SECONDS, type RevocationState } from './trust';

/**
 * The revocation state of a service that does not own sessions (every service but svc-identity, and
 * the gateway): it follows identity.session.* itself, replaying one whole token lifetime after every
 * start, so reaching a service directly gains nothing and a restart forgets nothing. Until the replay
 * has caught up, `isCurrent()` is false and tokens are not accepted.
 */
export class FollowedRevocations implements RevocationState {
  /** Logged-out tokens: jti -> exp (seconds), forgotten once expired. */
  private readonly revoked = new Map<string, number>();
  /** Accounts whose sessions all ended: userId -> tokens issued at or before this second are refused. */
  private readonly ended = new Map<string, number>();
  private sub: Subscription | undefined;
  private caughtUp = false;
  private readonly waiters: Array<() => void> = [];
  private applied = 0;

  constructor(private readonly bus: EventBus) {}

  /** Starts following; resolves when caught up, or after `waitMs` (then isCurrent() stays false until it is). */
  async start(waitMs = 10_000): Promise<void> {
    this.sub = await this.bus.follow({
      producer: 'identity',
      filter: 'identity.session.>',
      since: new Date(Date.now() - MAX_TOKEN_LIFETIME_SECONDS * 1000),
      schemas: {
        [IdentityEvents.sessionRevoked]: SessionRevokedData,
        [IdentityEvents.sessionsEnded]: SessionsEndedData,
      },
      handler: (event) => this.apply(event as Envelope<SessionRevokedData | SessionsEndedData>),
      onCaughtUp: () => {
        this.caughtUp = true;
        this.waiters.splice(0).forEach((w) => w());
      },
    });
    if (this.caughtUp) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }

  apply(event: Envelope<SessionRevokedData | SessionsEndedData>): void {
    if (event.type === IdentityEvents.sessionRevoked) {
      const data = event.data as SessionRevokedData;
      this.revoked.set(data.jti, data.exp);
    } else if (event.type === IdentityEvents.sessionsEnded) {
      const data = event.data as SessionsEndedData;
      this.ended.set(data.userId, Math.max(this.ended.get(data.userId) ?? 0, data.issuedBefore));
    }
    if (++this.applied % 1000 === 0) this.prune();
  }

  isRevoked(claims: AccessClaims): boolean {
    if (this.revoked.has(claims.jti)) return true;
    const endedBefore = this.ended.get(claims.sub);
    return endedBefore !== undefined && claims.iat <= endedBefore;
  }

  isCurrent(): boolean {
    return this.caughtUp;
  }

  /** Entries about tokens that have expired anyway are dropped, so the maps stay small. */
  private prune(): void {
    const now = Math.floor(Date.now() / 1000);
    for (const [jti, exp] of this.revoked) if (exp < now) this.revoked.delete(jti);
    for (const [userId, before] of this.ended)
      if (before + MAX_TOKEN_LIFETIME_SECONDS < now) this.ended.delete(userId);
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
  }
}
