import Fastify, { type FastifyRequest } from 'fastify';
import { parseSetCookie } from 'cookie';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  isCrossSiteWrite,
  sessionCookieSettings,
  sessionCookieToken,
  setSessionCookie,
  withoutSessionCookie,
} from './session-cookie';

const request = (method: string, headers: Record<string, string> = {}) =>
  ({ method, headers }) as unknown as FastifyRequest;

describe('sessionCookieSettings', () => {
  it('allows PUBLIC_URL’s origin and each CORS origin, as browsers write Origin', () => {
    expect(sessionCookieSettings('https://afyahr.example/', ' https://partner.example:8443/app , ')).toEqual({
      origins: ['https://afyahr.example', 'https://partner.example:8443'],
      secure: true,
    });
    expect(sessionCookieSettings('http://localhost:8080')).toEqual({
      origins: ['http://localhost:8080'],
      secure: false,
    });
  });

  it('fails at start-up on an origin that is not one', () => {
    expect(() => sessionCookieSettings('https://afyahr.example', 'partner.example')).toThrow(/CORS_ORIGINS/);
    expect(() => sessionCookieSettings('https://afyahr.example', 'ftp://files.example')).toThrow(/origin/);
  });
});

describe('isCrossSiteWrite', () => {
  const site = new Set(['https://afyahr.example']);

  it.each(['GET', 'HEAD', 'OPTIONS'])('never counts a %s, which changes nothing', (method) => {
    expect(isCrossSiteWrite(request(method, { origin: 'https://evil.example' }), site)).toBe(false);
  });

  it.each([
    ['the site’s Origin', false, { origin: 'https://afyahr.example' }],
    ['Sec-Fetch-Site: same-origin', false, { 'sec-fetch-site': 'same-origin' }],
    ['the site’s Referer, no Origin', false, { referer: 'https://afyahr.example/connect?q=1' }],
    ['another Origin', true, { origin: 'https://evil.example' }],
    [
      'another Origin with the site’s Referer',
      true,
      { origin: 'https://evil.example', referer: 'https://afyahr.example/' },
    ],
    ['Origin null', true, { origin: 'null' }],
    ['a look-alike Origin', true, { origin: 'https://afyahr.example.evil.example' }],
    ['the site over http', true, { origin: 'http://afyahr.example' }],
    ['another Referer', true, { referer: 'https://evil.example/afyahr.example' }],
    ['a Referer that is no URL', true, { referer: 'afyahr.example' }],
    ['Sec-Fetch-Site: same-site', true, { 'sec-fetch-site': 'same-site' }],
    ['nothing to show where from', true, {}],
  ])('a POST with %s: refused %s', (_what, refused, headers) => {
    expect(isCrossSiteWrite(request('POST', headers as Record<string, string>), site)).toBe(refused);
    expect(isCrossSiteWrite(request('DELETE', headers as Record<string, string>), site)).toBe(refused);
  });
});

describe('the cookie header', () => {
  it('finds the session among other cookies, and takes it out leaving them', () => {
    const r = request('GET', { cookie: `afya.lang=sw; ${SESSION_COOKIE}=a.b.c; afya.consent=1` });
    expect(sessionCookieToken(r)).toBe('a.b.c');
    withoutSessionCookie(r);
    expect(r.headers.cookie).toBe('afya.lang=sw; afya.consent=1');
    expect(sessionCookieToken(r)).toBeUndefined();

    const alone = request('GET', { cookie: `${SESSION_COOKIE}=x` });
    withoutSessionCookie(alone);
    expect(alone.headers.cookie).toBeUndefined();
    // A cookie whose name only ends like it is another cookie.
    expect(sessionCookieToken(request('GET', { cookie: `not${SESSION_COOKIE}=x` }))).toBeUndefined();
    expect(sessionCookieToken(request('GET', { cookie: `${SESSION_COOKIE}=` }))).toBeUndefined();
  });
});

describe('Set-Cookie', () => {
  const app = Fastify();
  const http = sessionCookieSettings('http://localhost:8080');
  app.get('/set', (_req, reply) => {
    setSessionCookie(reply, http, 'a.b.c', 600);
    return {};
  });
  app.get('/clear', (_req, reply) => {
    clearSessionCookie(reply, http);
    return {};
  });
  afterAll(() => app.close());

  it('is HttpOnly, SameSite=Lax, for /api, and not Secure on an http site reached over http', async () => {
    const set = parseSetCookie((await app.inject('/set')).headers['set-cookie'] as string);
    expect(set).toEqual({
      name: SESSION_COOKIE,
      value: 'a.b.c',
      path: '/api',
      maxAge: 600,
      httpOnly: true,
      sameSite: 'lax',
    });
    const cleared = parseSetCookie((await app.inject('/clear')).headers['set-cookie'] as string);
    expect(cleared).toMatchObject({
      name: SESSION_COOKIE,
      value: '',
      path: '/api',
      maxAge: 0,
      httpOnly: true,
    });
    expect(cleared.expires?.getTime()).toBe(0);
  });
});
