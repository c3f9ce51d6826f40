import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@platform/contracts/values';

export { SESSION_COOKIE };

/** The cookie goes with API calls only: pages, files and previews never carry it. */
export const SESSION_COOKIE_PATH = '/api';

/** Where a session may ride in the cookie (authPlugin's `sessions`). */
export interface SessionCookieSettings {
  /**
   * Origins (`https://afyahr.example`) whose pages may write with the cookie: the platform's own
   * (PUBLIC_URL) and the ones it lets call the API (CORS_ORIGINS).
   */
  origins: string[];
  /** Always Secure (the platform is served over HTTPS); otherwise Secure only on a request that came so. */
  secure: boolean;
}

/**
 * The settings from a service's or the gateway's configuration: PUBLIC_URL's origin and each of CORS_ORIGINS
 * (comma-separated), normalised as browsers send `Origin`; Secure when PUBLIC_URL is https.
 */
export function sessionCookieSettings(publicUrl: string, corsOrigins = ''): SessionCookieSettings {
  const origins = [publicUrl, ...corsOrigins.split(',')]
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      if (!URL.canParse(o) || !/^https?:$/.test(new URL(o).protocol))
        throw new Error(`Invalid configuration:\n  ${o} is not an http(s) origin (PUBLIC_URL, CORS_ORIGINS)`);
      return new URL(o).origin;
    });
  return { origins: [...new Set(origins)], secure: publicUrl.startsWith('https:') };
}

/** Whether the request carries a session cookie at all (valid or not): its answer is personal. */
export const mentionsSessionCookie = (request: FastifyRequest): boolean =>
  request.headers.cookie?.includes(`${SESSION_COOKIE}=`) === true;

/** The token in the request's session cookie, if it has one. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  if (!mentionsSessionCookie(request)) return undefined;
  return parseCookie(request.headers.cookie!)[SESSION_COOKIE] || undefined;
}

/** The request's Cookie header without the session cookie (the others, such as the page cookies, stay). */
export function withoutSessionCookie(request: FastifyRequest): void {
  const rest = (request.headers.cookie ?? '')
    .split(';')
    .filter((pair) => pair.split('=', 1)[0]!.trim() !== SESSION_COOKIE)
    .join(';')
    .trim();
  if (rest) request.headers.cookie = rest;
  else delete request.headers.cookie;
}

const secureFor = (reply: FastifyReply, settings: SessionCookieSettings) =>
  settings.secure || reply.request.protocol === 'https';

/** Sets the session cookie to `token` for `maxAgeSeconds` (the token's lifetime): HttpOnly, SameSite=Lax. */
export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionCookieSettings,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: token,
      path: SESSION_COOKIE_PATH,
      maxAge: maxAgeSeconds,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureFor(reply, settings),
    }),
  );
}

/** Tells the browser to drop the session cookie (same name and path, expired). */
export function clearSessionCookie(reply: FastifyReply, settings: SessionCookieSettings): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: '',
      path: SESSION_COOKIE_PATH,
      maxAge: 0,
      expires: new Date(0),
      httpOnly: true,
      sameSite: 'lax',
      secure: secureFor(reply, settings),
    }),
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request riding on the session cookie writes from somewhere else than the platform's pages (a
 * cross-site request forgery): a write (not GET, HEAD or OPTIONS) whose `Origin` (or, lacking it, its
 * `Referer`'s origin) is none of `origins`, unless the browser says `Sec-Fetch-Site: same-origin`. A write
 * with neither header cannot show where it came from and is refused too. Browsers send `Origin` on every
 * cross-origin request and on same-origin writes, and no page can forge it or `Sec-Fetch-Site`.
 */
export function isCrossSiteWrite(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers['sec-fetch-site'] === 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !origins.has(origin);
  const referer = request.headers.referer;
  if (!referer) return true;
  try {
    return !origins.has(new URL(referer).origin);
  } catch {
    return true;
  }
}
