import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("works out helmet's headers for the options once, as plain values", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://cdn.example'] },
      },
      crossOriginEmbedderPolicy: false,
    });
    expect(headers['content-security-policy']).toContain("script-src 'self' https://cdn.example");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    // Turned off here, so not sent.
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('refuses a policy helmet itself refuses', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { 'default-src': ['self'] } } }),
    ).toThrow();
  });
});
