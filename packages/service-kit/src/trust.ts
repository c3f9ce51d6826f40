import type { AccessClaims } from '@platform/contracts';
import { ROLES } from '@platform/contracts';

/**
 * The longest an access token may live, from `iat` to `exp`. Verification refuses anything longer
 * (whatever its `exp` says), and every revocation follower replays this far back after a restart,
 * so the revocation state always covers every token that could still be accepted.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 24 * 3600;

/** Claims a token must carry to be considered at all. */
export const REQUIRED_CLAIMS = ['sub', 'jti', 'iat', 'exp', 'aud', 'iss'] as const;

/**
 * Whether a verified token's session still holds. svc-identity answers from its database; every
 * other service (and the gateway) from the identity.session.* events it follows itself.
 */
export interface RevocationState {
  /** true: refuse the token (logged out, or every session of its account ended after it was issued). */
  isRevoked(claims: AccessClaims): boolean | Promise<boolean>;
  /** false until the state covers the whole token lifetime (e.g. right after a restart, still replaying). */
  isCurrent(): boolean;
}

/** The shape every accepted token must have beyond its signature: kept here so no service forgets a part. */
export function hasSoundClaims(claims: Partial<AccessClaims>): claims is AccessClaims {
  const { sub, jti, iat, exp, role } = claims;
  if (typeof sub !== 'string' || sub.length === 0) return false;
  if (typeof jti !== 'string' || jti.length === 0) return false;
  if (typeof iat !== 'number' || typeof exp !== 'number') return false;
  if (exp <= iat || exp - iat > MAX_TOKEN_LIFETIME_SECONDS) return false;
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role);
}

/**
 * The Cache-Control of an answer to a request that carried credentials: personal, so no browser or shared
 * cache may keep it, whatever the service said; a stricter value that already says no-store (`private,
 * no-store` on a CV) stays.
 */
export function personalCacheControl(current: unknown): string {
  const value = current === undefined ? '' : String(current);
  return /\bno-store\b/.test(value) ? value : 'no-store';
}
