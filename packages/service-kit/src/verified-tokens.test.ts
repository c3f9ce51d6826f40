import type { AccessClaims } from '@platform/contracts';
import { VerifiedTokens } from './verified-tokens';

const claims = (jti: string, exp: number): AccessClaims =>
  ({ sub: 'u1', jti, iat: exp - 3600, exp, role: 'Clinic', aud: 'a', iss: 'i' }) as AccessClaims;

describe('VerifiedTokens', () => {
  it('answers for the very same header until the token expires, never after', () => {
    const tokens = new VerifiedTokens(10);
    tokens.set('Bearer a.b.c', claims('j1', 1000));
    expect(tokens.get('Bearer a.b.c', 999_999)?.jti).toBe('j1');
    expect(tokens.get('Bearer a.b.d', 999_999)).toBeUndefined();
    expect(tokens.get('Bearer a.b.c', 1_000_000)).toBeUndefined();
    // Forgotten once expired, even if the clock were to go back.
    expect(tokens.get('Bearer a.b.c', 0)).toBeUndefined();
  });

  it('holds at most its size, dropping the oldest first', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('A', claims('a', 1000));
    tokens.set('B', claims('b', 1000));
    tokens.set('C', claims('c', 1000));
    expect(['A', 'B', 'C'].map((h) => tokens.get(h, 0)?.jti)).toEqual([undefined, 'b', 'c']);
  });

  it('hands out claims no request can change for the next', () => {
    const tokens = new VerifiedTokens(1);
    tokens.set('A', claims('a', 1000));
    const first = tokens.get('A', 0) as AccessClaims;
    expect(() => {
      first.role = 'admin';
    }).toThrow(TypeError);
    expect(tokens.get('A', 0)?.role).toBe('Clinic');
  });
});
