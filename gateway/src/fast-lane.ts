import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { GENERIC_CODES, logAnswered, requestIdOf, type RequestListener } from '@platform/service-kit';
import type { CacheableRequest } from './edge-cache';
import { isMalformedPath } from './path-spelling';
import type { ProxiedRequest, UpstreamAnswer } from './proxy';
import { compressedAnswer, compressingStream, encodingFor } from './answer-compression';

/** One proxied API prefix: how its answers are found (edge cache, then the service). */
export interface LaneRoute {
  prefix: string;
  /** Throws when the service cannot answer; the lane then answers 503 with `unavailable`. */
  answer: (request: ProxiedRequest & CacheableRequest) => Promise<UpstreamAnswer>;
  unavailable: object;
}

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
  log: FastifyBaseLogger;
}

/**
 * A plainly spelt API path with a query of plain characters: anything encoded (`%`) or unusual goes to
 * Fastify, whose router and guards decide what it means.
 */
const PLAIN_API_URL = /^\/api\/[a-z0-9/_-]*(?:\?[A-Za-z0-9._~=&+,:*-]*)?$/;
const LONGEST_URL = 2048;

/**
 * The fast lane: a plain public API read (GET, no token, no body, a plainly spelt URL under a proxied
 * prefix) answered without Fastify's request lifecycle, which costs more than the hop itself on a
 * database route (bench/README.md, "The gateway's cost"). It applies what the Fastify app applies to the
 * same request, from the same code and state: the rate limit's store and headers, the edge cache, the
 * upstream client and forwarded headers, the security headers, the request id, compression and the access
 * line. Everything else (a token, a body, HEAD, an odd spelling, CORS, a client over its limit, a closing
 * gateway) is Fastify's, unchanged: the lane never answers an error of its own but a service's 503.
 * `gateway/test/fast-lane.int.test.ts` sends the same requests through both and compares the answers.
 */
export class FastLane {
  private readonly routes: LaneRoute[];
  private readonly ipOf: (req: IncomingMessage) => string;
  private closing = false;

  constructor(private readonly opts: FastLaneOptions) {
    // Longest prefix first, as the router prefers the more specific route.
    this.routes = [...opts.routes].sort((a, b) => b.prefix.length - a.prefix.length);
    const trust = opts.trustedProxies?.length ? proxyAddr.compile(opts.trustedProxies) : undefined;
    this.ipOf = trust ? (req) => proxyAddr(req, trust) : (req) => req.socket.remoteAddress ?? '';
  }

  /** From now on every request goes to Fastify (which answers 503 while the gateway closes). */
  close(): void {
    this.closing = true;
  }

  /** A FrontHandler (service-kit): takes what it can answer, hands the rest to Fastify. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, fastify: RequestListener): void => {
    const route = this.closing ? undefined : this.routeOf(req);
    if (!route) return fastify(req, res);
    const startedAt = performance.now();
    const ip = this.ipOf(req);
    const { store, max, timeWindowMs } = this.opts.rateLimit;
    store.incr(
      ip,
      (err, count) => {
        // Over the limit, or a store that cannot count: Fastify answers it as it always does.
        if (err || !count || count.current > max) return fastify(req, res);
        const headers: Record<string, string | string[]> = {
          'x-request-id': '',
          ...this.opts.securityHeaders,
          'x-ratelimit-limit': String(max),
          'x-ratelimit-remaining': String(Math.max(0, max - count.current)),
          'x-ratelimit-reset': String(Math.ceil(count.ttl / 1000)),
        };
        const id = requestIdOf(req.headers);
        headers['x-request-id'] = id;
        const request = {
          method: 'GET',
          url: req.url!,
          headers: req.headers,
          ip,
          id,
          matchedPath: req.url!.split('?', 1)[0],
        };
        const done = { id, ip, startedAt };
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
              { ...this.opts.securityHeaders, 'x-request-id': id },
              done,
            );
          });
      },
      timeWindowMs,
      max,
    );
  };

  private routeOf(req: IncomingMessage): LaneRoute | undefined {
    const url = req.url ?? '';
    const h = req.headers;
    if (
      req.method !== 'GET' ||
      url.length > LONGEST_URL ||
      h.authorization !== undefined ||
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

  /** The answer with the lane's headers under the service's own (as Fastify's reply.headers does). */
  private async send(
    req: IncomingMessage,
    res: ServerResponse,
    answer: UpstreamAnswer,
    laneHeaders: Record<string, string | string[]>,
    done: { id: string; ip: string; startedAt: number },
  ): Promise<void> {
    const headers = { ...laneHeaders, ...answer.headers };
    const logLine = () => logAnswered(this.opts.log, req, { ...done, statusCode: answer.statusCode });
    const encoding = encodingFor(req.headers, answer);
    if (answer.stream) {
      const stream = answer.stream;
      if (res.destroyed) return void stream.destroy();
      if (encoding) {
        delete headers['content-length'];
        withEncoding(headers, encoding);
      }
      try {
        res.writeHead(answer.statusCode, headers);
      } catch (error) {
        stream.destroy();
        throw error;
      }
      const end = () => logLine();
      if (encoding) pipeline(stream, compressingStream(encoding), res, end);
      else pipeline(stream, res, end);
      return;
    }
    const body = answer.body;
    const noBody = answer.statusCode === 204 || answer.statusCode === 304 || !body;
    if (noBody) {
      delete headers['content-length'];
      res.writeHead(answer.statusCode, headers);
      res.end();
      return logLine();
    }
    const write = (payload: Buffer) => {
      headers['content-length'] = String(payload.length);
      res.writeHead(answer.statusCode, headers);
      res.end(payload);
      logLine();
    };
    if (!encoding) return write(body);
    const packed = await compressedAnswer(encoding, body);
    withEncoding(headers, encoding);
    write(packed);
  }
}

const jsonAnswer = (statusCode: number, body: object): UpstreamAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});

/** Content-Encoding, and `accept-encoding` added to Vary (kept once), as @fastify/compress sets them. */
function withEncoding(headers: Record<string, string | string[]>, encoding: string): void {
  headers['content-encoding'] = encoding;
  const vary = headers['vary'];
  const names = Array.isArray(vary) ? vary : vary ? [vary] : [];
  if (!names.some((v) => v.includes('accept-encoding')))
    headers['vary'] = [...names, 'accept-encoding'].join(', ');
}
