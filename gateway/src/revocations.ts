import { IdentityEvents, SessionRevokedData } from '@platform/contracts';
import type { EventBus, Subscription } from '@platform/event-bus';

/** Tokens logged out before they expire. */
export interface RevocationList {
  isRevoked(jti: string): boolean;
}

export const noneRevoked: RevocationList = { isRevoked: () => false };

/**
 * Follows identity.session.revoked.v1 from the stream (replaying one token lifetime back), so every
 * gateway instance refuses a logged-out token within moments, also after a restart.
 */
export class FollowedRevocations implements RevocationList {
  private readonly revoked = new Map<string, number>();
  private sub: Subscription | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly maxTokenLifetimeMs: number,
  ) {}

  async start(): Promise<void> {
    this.sub = await this.bus.follow<SessionRevokedData>({
      producer: 'identity',
      filter: IdentityEvents.sessionRevoked,
      schemas: { [IdentityEvents.sessionRevoked]: SessionRevokedData },
      since: new Date(Date.now() - this.maxTokenLifetimeMs),
      handler: (e) => {
        this.revoked.set(e.data.jti, e.data.exp * 1000);
        if (this.revoked.size % 1000 === 0) this.prune();
      },
    });
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  private prune() {
    const now = Date.now();
    for (const [jti, exp] of this.revoked) if (exp < now) this.revoked.delete(jti);
  }

  async stop(): Promise<void> {
    await this.sub?.stop();
  }
}
