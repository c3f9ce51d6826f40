import type { IncomingHttpHeaders } from 'node:http';
import { PAGE_COOKIES } from '@platform/contracts/values';
import type { UpstreamAnswer } from './proxy';
import {
  encodingFor,
  packedAtOnce,
  PACKED_AT_ONCE_BYTES,
  varyWithEncoding,
  type Encoding,
} from './answer-compression';

/** What the cache reads of a request. */
export interface CacheableRequest {
  method: string;
  /**
   * As sent and as the service gets it, path and query: the key. Never the router's decoded path, under
   * which `/api/job/get%3Flimit=2` (a path the service routes as it is) would be `/api/job/get?limit=2`.
   */
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * A shared HTTP cache at the edge (RFC 9111, what nginx's proxy_cache does) for the answers a service
 * explicitly marks `Cache-Control: public` with `s-maxage` or `max-age`: a public list such as the job
 * board is then answered by the gateway alone for that long. Every check before the handler (rate
 * limit, token) still runs; the gateway's onSend hooks (no-store for a request with a token,
 * compression) apply to a cached answer as to a fresh one.
 *
 * Kept only: a 200 to a GET that carried no credentials (no Authorization, no cookie but the page's own
 * language and consent ones), `public` and a lifetime above 0, no `private`/`no-store`/`no-cache`, no
 * Set-Cookie, no `Vary: *`, read whole (see BUFFERED_BODY_BYTES): whatever a service says, an answer
 * to a signed-in request is never kept for others. Served only: to a GET or HEAD of the same URL as sent
 * whose headers named by `Vary` are the same; a request with a token may be served a kept public answer. The request's own Cache-Control is not
 * followed (as nginx does not), so no client can make every request reach the service. Any successful
 * change (POST, PUT, PATCH, DELETE) through the gateway drops that service's cached answers, so a change
 * shows at once to whoever made it through the same gateway process. A browser's request (which accepts
 * compressed answers) gets the answer packed once for its encoding and kept beside it (packedOf).
 */
export class EdgeCache {
  private readonly entries = new Map<string, Entry[]>();
  private bytes = 0;

  /** `maxBytes`: bodies held at most (oldest used dropped first); 0 keeps nothing. */
  constructor(private readonly maxBytes: number) {}

  /** The stored answer for this request with its `Age`, or undefined. */
  lookup(request: CacheableRequest, now = Date.now()): UpstreamAnswer | undefined {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const key = keyOf(request);
    const variants = this.entries.get(key);
    if (!variants) return undefined;
    const entry = variants.find((e) => e.vary.every(([name, value]) => headerOf(request, name) === value));
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, variants);
    const age = String(entry.ageAtStore + Math.floor((now - entry.storedAt) / 1000));
    const packed = request.method === 'GET' ? this.packedOf(entry, request) : undefined;
    if (packed) return { statusCode: 200, headers: { ...packed.headers, age }, body: packed.body };
    return { statusCode: 200, headers: { ...entry.headers, age }, body: entry.body };
  }

  /**
   * The answer packed as this client accepts it, packed once and kept beside it: a browser always asks
   * compressed, and packing costs the gateway more than answering from the cache does (bench/README.md).
   * Headers as @fastify/compress would set them, which leaves an answer already encoded alone.
   */
  private packedOf(
    entry: Entry,
    request: CacheableRequest,
  ): { headers: Entry['headers']; body: Buffer } | undefined {
    if (entry.body.length > PACKED_AT_ONCE_BYTES) return undefined;
    const encoding = encodingFor(request.headers, {
      statusCode: 200,
      headers: entry.headers,
      body: entry.body,
    });
    if (!encoding) return undefined;
    let packed = entry.packed.get(encoding);
    if (!packed) {
      const body = packedAtOnce(encoding, entry.body);
      const headers = {
        ...entry.headers,
        'content-encoding': encoding,
        vary: varyWithEncoding(entry.headers['vary']),
        'content-length': String(body.length),
      };
      packed = { headers, body };
      entry.packed.set(encoding, packed);
      this.bytes += body.length;
      this.evict();
    }
    return packed;
  }

  /** Keeps the answer when it may be kept; after a change, drops what the change may have made stale. */
  store(request: CacheableRequest, prefix: string, answer: UpstreamAnswer, now = Date.now()): void {
    if (UNSAFE.has(request.method)) {
      if (answer.statusCode < 400) this.dropUnder(prefix);
      return;
    }
    if (this.maxBytes === 0 || request.method !== 'GET' || answer.statusCode !== 200 || !answer.body) return;
    if (carriesCredentials(request.headers)) return;
    if (answer.body.length > this.maxBytes / 8 || answer.headers['set-cookie'] !== undefined) return;
    const lifetime = sharedLifetime(String(answer.headers['cache-control'] ?? ''));
    if (lifetime === undefined) return;
    const varyHeader = String(answer.headers['vary'] ?? '');
    const names = varyHeader
      .toLowerCase()
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.includes('*')) return;
    const key = keyOf(request);
    const ageAtStore = Math.max(0, Number(answer.headers['age'] ?? 0) || 0);
    if (lifetime <= ageAtStore) return;
    const headers = { ...answer.headers };
    // Each reply carries its own request's id (set when the request arrived), never the first one's.
    delete headers['x-request-id'];
    delete headers['age'];
    const entry: Entry = {
      prefix,
      headers,
      body: answer.body,
      vary: names.map((n) => [n, headerOf(request, n)]),
      packed: new Map(),
      storedAt: now,
      ageAtStore,
      expiresAt: now + (lifetime - ageAtStore) * 1000,
    };
    const same = this.entries.get(key)?.find((e) => sameVary(e.vary, entry.vary));
    if (same) this.remove(key, same);
    const variants = this.entries.get(key) ?? [];
    this.entries.delete(key);
    this.entries.set(key, [...variants, entry]);
    this.bytes += entry.body.length;
    this.evict();
  }

  /** Bodies held, in bytes. */
  get size(): number {
    return this.bytes;
  }

  private dropUnder(prefix: string): void {
    for (const [key, variants] of this.entries)
      for (const e of variants) if (e.prefix === prefix) this.remove(key, e);
  }

  /** Least recently used first, until the bodies fit again. */
  private evict(): void {
    for (const [key, variants] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      for (const e of variants) this.remove(key, e);
    }
  }

  private remove(key: string, entry: Entry): void {
    const variants = this.entries.get(key);
    if (!variants) return;
    const rest = variants.filter((e) => e !== entry);
    if (rest.length === variants.length) return;
    this.bytes -= entry.body.length;
    for (const p of entry.packed.values()) this.bytes -= p.body.length;
    if (rest.length === 0) this.entries.delete(key);
    else this.entries.set(key, rest);
  }
}

interface Entry {
  /** The body packed for each encoding asked so far, with its headers (packedOf). */
  packed: Map<Encoding, { headers: Record<string, string | string[]>; body: Buffer }>;
  /** The API prefix it was proxied under: a change under it drops it. */
  prefix: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Each header the answer varies by, with this request's value. */
  vary: Array<[string, string]>;
  storedAt: number;
  /** The service's own `Age` when stored, in seconds. */
  ageAtStore: number;
  expiresAt: number;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The URL as sent: the path the service routes (already checked to be plainly spelt) and the query. */
const keyOf = (request: CacheableRequest): string => request.url;

const PAGE_COOKIE_NAMES = new Set<string>(Object.values(PAGE_COOKIES));

/** Authorization, or any cookie but the pages' language and consent ones (which say nobody's identity). */
export function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headers.cookie;
  if (!cookie) return false;
  return cookie.split(';').some((part) => {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    return name !== '' && !PAGE_COOKIE_NAMES.has(name);
  });
}

const sameVary = (a: Entry['vary'], b: Entry['vary']) =>
  a.length === b.length && a.every(([n, v], i) => b[i]![0] === n && b[i]![1] === v);

function headerOf(request: CacheableRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * Seconds a shared cache may keep an answer with this Cache-Control, or undefined when it may not:
 * only an explicit `public` with `s-maxage` (which wins) or `max-age` above 0.
 */
export function sharedLifetime(cacheControl: string): number | undefined {
  // Most answers say nothing of `public` (asked of every answer the gateway passes on).
  if (!/public/i.test(cacheControl)) return undefined;
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.split('=', 2).map((s) => s.trim());
    if (name) directives.set(name, value.replace(/^"|"$/g, ''));
  }
  if (!directives.has('public')) return undefined;
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return undefined;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
