import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { GENERIC_CODES, logAnswered, personalCacheControl, requestIdOf } from '@platform/service-kit';
import type { CacheableRequest } from './edge-cache';
import { isMalformedPath } from './path-spelling';
import type { ProxiedRequest, UpstreamAnswer } from './proxy';
import { compressedAnswer, compressingStream, encodingFor, varyWithEncoding } from './answer-compression';

/** One proxied API prefix: how its answers are found (edge cache, then the service). */
export interface LaneRoute {
  prefix: string;
  /** Throws when the service cannot answer; the lane then answers 503 with `unavailable`. */
  answer: (request: ProxiedRequest & CacheableRequest) => Promise<UpstreamAnswer>;
  unavailable: object;
}

/** What the lane reads of a request: Node's IncomingMessage, or what the raw front door parsed (raw-lane.ts). */
export interface LaneRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string; remotePort?: number };
}

/** Where the lane writes an answer: Node's ServerResponse, or the raw front door's (raw-lane.ts). */
export type LaneResponse = NodeJS.WritableStream & {
  readonly destroyed: boolean;
  readonly headersSent: boolean;
  /** The status and every header as one flat list of name-value pairs. */
  writeHead(statusCode: number, headers: string[]): unknown;
  destroy(error?: Error): unknown;
};

/** A rate-limit store of @fastify/rate-limit's shape: the very one the Fastify app counts in. */
export interface CountingStore {
  incr(
    key: string,
    cb: (err: Error | null, count?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
}

export interface FastLaneOptions {
  routes: LaneRoute[];
  /** The same object set on every reply of the Fastify app (security-headers.ts). */
  securityHeaders: Record<string, string>;
  rateLimit: { store: CountingStore; max: number; timeWindowMs: number };
  trustedProxies?: string[];
  /** Requests with an Origin go to Fastify when CORS is on: the lane answers same-origin reads only. */
  corsEnabled: boolean;
  /**
   * Whether an `Authorization` header is one the Fastify app's token check would pass, known at once
   * (service-kit's `alreadyVerified`): such a signed-in read is the lane's too; any other goes to Fastify,
   * which checks it in full (and remembers it when it passes) or refuses it.
   */
  alreadyVerified?: (authorization: string) => unknown;
  log: FastifyBaseLogger;
}

/**
 * A plainly spelt API path with a query of plain characters: anything encoded (`%`) or unusual goes to
 * Fastify, whose router and guards decide what it means.
 */
const PLAIN_API_URL = /^\/api\/[a-z0-9/_-]*(?:\?[A-Za-z0-9._~=&+,:*-]*)?$/;
const LONGEST_URL = 2048;

/**
 * The fast lane: a plain API read (GET, no body, a plainly spelt URL under a proxied prefix, no token or
 * one the token check has already passed) answered without Fastify's request lifecycle: a quarter less of
 * the gateway's CPU on an answer from the edge cache, about 0.02 ms a request (bench/README.md, "The
 * gateway's cost", the fast lane). Its requests come from its own front door on raw sockets (raw-lane.ts:
 * `routeFor`, `serve`), or from Node's http server for a connection handed to it (`handle`). It applies
 * what the Fastify app applies to the same request, from the same code and state: the rate limit's store
 * and headers, the token check's verdicts, the edge cache, the upstream client and forwarded headers, the
 * security headers, the request id, `no-store` on a signed-in answer, compression and the access line.
 * Everything else (a token not yet verified, a body, HEAD, an odd spelling, CORS, a client over its limit,
 * a closing gateway) is Fastify's, unchanged: the lane never answers an error of its own but a service's
 * 503. `gateway/test/fast-lane.int.test.ts` sends the same requests through both and compares the answers.
 */
export class FastLane {
  private readonly routes: LaneRoute[];
  private readonly ipOf: (req: LaneRequest) => string;
  private readonly securityPairs: string[];
  private readonly maxText: string;
  private closing = false;

  constructor(private readonly opts: FastLaneOptions) {
    // Longest prefix first, as the router prefers the more specific route.
    this.routes = [...opts.routes].sort((a, b) => b.prefix.length - a.prefix.length);
    this.securityPairs = Object.entries(opts.securityHeaders).flat();
    this.maxText = String(opts.rateLimit.max);
    const trust = opts.trustedProxies?.length ? proxyAddr.compile(opts.trustedProxies) : undefined;
    this.ipOf = trust
      ? (req) => proxyAddr(req as IncomingMessage, trust)
      : (req) => req.socket.remoteAddress ?? '';
  }

  /** From now on every request goes to Fastify (which answers 503 while the gateway closes). */
  close(): void {
    this.closing = true;
  }

  /** A FrontHandler (service-kit): takes what it can answer, hands the rest to Fastify. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, fastify: RequestListener): void => {
    const route = this.routeFor(req);
    if (!route) return fastify(req, res);
    this.serve(req, res, route, () => fastify(req, res));
  };

  /** The route of a request the lane takes, or undefined for one it leaves to Fastify. */
  routeFor(req: LaneRequest): LaneRoute | undefined {
    return this.closing ? undefined : this.routeOf(req);
  }

  /**
   * Answers a request `routeFor` took; `toFastify` hands it over instead when the rate limit's store says the
   * client is over its limit (or cannot count), for Fastify's refusal.
   */
  serve(req: LaneRequest, res: LaneResponse, route: LaneRoute, toFastify: () => void): void {
    const startedAt = performance.now();
    const ip = this.ipOf(req);
    const { store, max, timeWindowMs } = this.opts.rateLimit;
    store.incr(
      ip,
      (err, count) => {
        // Over the limit, or a store that cannot count: Fastify answers it as it always does.
        if (err || !count || count.current > max) return toFastify();
        const id = requestIdOf(req.headers);
        // The headers Fastify's hooks would set, in their order, as name-value pairs (see send).
        const headers = [
          'x-request-id',
          id,
          ...this.securityPairs,
          'x-ratelimit-limit',
          this.maxText,
          'x-ratelimit-remaining',
          String(Math.max(0, max - count.current)),
          'x-ratelimit-reset',
          String(Math.ceil(count.ttl / 1000)),
        ];
        const request = {
          method: 'GET',
          url: req.url!,
          headers: req.headers,
          ip,
          id,
          matchedPath: req.url!.split('?', 1)[0],
        };
        const done: Answered = { id, ip, startedAt, statusCode: 0 };
        route
          .answer(request)
          .then(
            (answer) => this.send(req, res, answer, headers, done),
            (error: unknown) => {
              this.opts.log.warn({ err: error, reqId: id, prefix: route.prefix }, 'upstream unavailable');
              return this.send(req, res, jsonAnswer(503, route.unavailable), headers, done);
            },
          )
          // An answer Node will not write (a header it refuses): what Fastify's error handler answers.
          .catch((error: unknown) => {
            this.opts.log.error({ err: error, reqId: id }, 'unhandled error');
            if (res.headersSent) return void res.destroy();
            const failed = { success: false, message: 'Internal server error.', code: GENERIC_CODES[500] };
            void this.send(
              req,
              res,
              jsonAnswer(500, failed),
              ['x-request-id', id, ...this.securityPairs],
              done,
            );
          });
      },
      timeWindowMs,
      max,
    );
  }

  private routeOf(req: LaneRequest): LaneRoute | undefined {
    const url = req.url ?? '';
    const h = req.headers;
    if (
      req.method !== 'GET' ||
      url.length > LONGEST_URL ||
      (h.authorization !== undefined && !this.opts.alreadyVerified?.(h.authorization)) ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined ||
      h['x-no-compression'] !== undefined ||
      (this.opts.corsEnabled && h.origin !== undefined) ||
      !PLAIN_API_URL.test(url) ||
      isMalformedPath(url)
    )
      return undefined;
    const path = url.split('?', 1)[0]!;
    return this.routes.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
  }

  /**
   * The answer with the lane's headers under the service's own (as Fastify's `reply.headers` lets a
   * service's header replace one set before). Headers go to Node as one flat list of name-value pairs: an
   * object merged from several costs Node's `writeHead` several times more to walk (a CPU profile).
   */
  private async send(
    req: LaneRequest,
    res: LaneResponse,
    answer: UpstreamAnswer,
    laneHeaders: string[],
    done: Answered,
  ): Promise<void> {
    const own = answer.headers;
    const encoding = encodingFor(req.headers, answer);
    // The answer to a signed-in read is personal, as the Fastify app's onSend hook makes it.
    const personal = req.headers.authorization !== undefined;
    const headers: string[] = [];
    for (let i = 0; i < laneHeaders.length; i += 2)
      if (own[laneHeaders[i]!] === undefined) headers.push(laneHeaders[i]!, laneHeaders[i + 1]!);
    for (const name in own) {
      // Set below: the length of what is sent, and Vary with accept-encoding when it is packed.
      if (
        name === 'content-length' ||
        (encoding && name === 'vary') ||
        (personal && name === 'cache-control')
      )
        continue;
      const value = own[name]!;
      if (typeof value === 'string') headers.push(name, value);
      else for (const v of value) headers.push(name, v);
    }
    if (personal) headers.push('cache-control', personalCacheControl(own['cache-control']));
    if (encoding) headers.push('content-encoding', encoding, 'vary', varyWithEncoding(own['vary']));
    if (answer.stream) {
      const stream = answer.stream;
      if (res.destroyed) return void stream.destroy();
      const length = own['content-length'];
      if (!encoding && typeof length === 'string') headers.push('content-length', length);
      try {
        res.writeHead(answer.statusCode, headers);
      } catch (error) {
        stream.destroy();
        throw error;
      }
      const logged = () => this.logAnswered(req, done, answer.statusCode);
      if (encoding) pipeline(stream, compressingStream(encoding), res, logged);
      else pipeline(stream, res, logged);
      return;
    }
    const body = answer.body;
    if (answer.statusCode === 204 || answer.statusCode === 304 || !body) {
      res.writeHead(answer.statusCode, headers);
      res.end();
      return this.logAnswered(req, done, answer.statusCode);
    }
    // Fastify's type for a body of bytes that says none.
    if (own['content-type'] === undefined) headers.push('content-type', 'application/octet-stream');
    const payload = encoding ? await compressedAnswer(encoding, body) : body;
    headers.push('content-length', String(payload.length));
    res.writeHead(answer.statusCode, headers);
    res.end(payload);
    this.logAnswered(req, done, answer.statusCode);
  }

  private logAnswered(req: LaneRequest, done: Answered, statusCode: number) {
    done.statusCode = statusCode;
    logAnswered(this.opts.log, req, done);
  }
}

/** What the access line says of an answer (service-kit's logAnswered). */
interface Answered {
  id: string;
  ip: string;
  startedAt: number;
  statusCode: number;
}

const jsonAnswer = (statusCode: number, body: object): UpstreamAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});
