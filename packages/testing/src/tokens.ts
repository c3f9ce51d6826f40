import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';

/** A fresh Ed25519 key pair in PEM, as svc-identity uses to sign access tokens. */
export function generateKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface TokenClaims {
  sub?: string;
  email?: string;
  name?: string;
  role?: 'user' | 'Clinic' | 'admin';
  orgId?: string | null;
  jti?: string;
}

/** Signs a token the way svc-identity does, for tests of services and the gateway. */
export function signToken(
  privateKey: string,
  claims: TokenClaims,
  opts: { audience: string; issuer: string; expiresIn?: string | number; algorithm?: 'EdDSA' },
): string {
  const expiresIn = opts.expiresIn ?? '1h';
  const sign = createSigner({
    key: privateKey,
    algorithm: opts.algorithm ?? 'EdDSA',
    aud: opts.audience,
    iss: opts.issuer,
    expiresIn: typeof expiresIn === 'number' ? expiresIn : parseDuration(expiresIn),
  });
  return sign({
    sub: claims.sub ?? randomUUID(),
    email: claims.email ?? 'someone@example.org',
    name: claims.name ?? 'Test Person',
    role: claims.role ?? 'user',
    orgId: claims.orgId ?? null,
    jti: claims.jti ?? randomUUID(),
  });
}

function parseDuration(text: string): number {
  const m = /^(-?\d+)\s*(ms|s|m|h|d)$/.exec(text);
  if (!m) throw new Error(`bad duration ${text}`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms'];
  return n * unit;
}
