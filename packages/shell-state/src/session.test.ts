import { loginPath, nextPath } from './session';

describe('login return path', () => {
  it('comes back to a path on this site', () => {
    expect(loginPath('/hire?title=nurse')).toBe('/login?next=%2Fhire%3Ftitle%3Dnurse');
    expect(nextPath('?next=%2Fhire%3Ftitle%3Dnurse')).toBe('/hire?title=nurse');
  });

  it('never leaves the site, and goes home without a next', () => {
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(nextPath(`?next=${encodeURIComponent(bad)}`)).toBe('/');
    expect(nextPath('')).toBe('/');
  });
});
