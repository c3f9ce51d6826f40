import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { HttpError, requestContext, traceparentOf } from '@platform/service-kit';
import { upstreamHeaders } from './forwarded-headers';

export interface UpstreamOptions {
  /** Gives up on a service that does not accept the connection within this time (then 503). */
  connectTimeoutMs: number;
  /**
   * The whole exchange's deadline, from the moment it is asked (queue, a large request body going up, the
   * answer's head and its first BUFFERED_BODY_BYTES): then 504, and the connection is freed for the next.
   */
  timeoutMs: number;
  /** Kept-alive connections to the service at most (no pipelining: a slow answer would hold up those behind). */
  connections: number;
  /** Requests waiting for a connection at most; one more is refused at once with 503. */
  queue: number;
}

/**
 * Answers up to this size are read whole before the reply starts: nearly every API answer, and what the edge
 * cache keeps. A malformed one is then a 502, never a reply cut short. Larger ones (a CV download) stream
 * through without being held in memory.
 */
export const BUFFERED_BODY_BYTES = 256 * 1024;

/**
 * Request bodies up to this size are read whole from the client before a service's connection is taken
 * (as nginx's `proxy_request_buffering` does): a client sending a byte at a time then holds its own
 * connection to the gateway, never one of the service's. Larger ones (a CV upload) stream up, within the
 * exchange's deadline.
 */
export const BUFFERED_REQUEST_BYTES = 256 * 1024;

/** Response headers that describe the service's connection, not the answer: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'trailer',
]);

export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** The whole body when it is at most BUFFERED_BODY_BYTES. */
  body?: Buffer;
  /** Otherwise the body as it arrives. */
  stream?: Readable;
}

/** What the proxy sends of a request. */
export interface ProxiedRequest {
  method: string;
  /** As sent, already checked to be spelt plainly: the service routes this very path. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The client's address as the gateway saw it (X-Forwarded-For upstream). */
  ip: string;
  id: string;
  /** The gateway's span of this request (W3C `traceparent`): the service's span is its child. */
  traceparent?: string;
  /** The body as it arrives, streamed through unread. */
  body?: Readable;
  /** The body already read whole (to be sent to another instance if the first refuses the connection). */
  buffered?: Buffer;
}

/** Why a service gave no usable answer, as the status the client gets. */
export class UpstreamFailure extends Error {
  constructor(
    readonly statusCode: 502 | 503 | 504,
    readonly reason: 'unreachable' | 'busy' | 'late' | 'malformed',
    options?: { cause?: unknown },
  ) {
    super(`upstream ${reason}`, options);
    this.name = 'UpstreamFailure';
  }
}

const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';

/** Fastify's request as the proxy reads it: its scope's parser hands the body over unread. */
export const proxiedRequestOf = (request: FastifyRequest): ProxiedRequest => ({
  method: request.method,
  url: request.url,
  headers: request.headers,
  ip: request.ip,
  id: request.id,
  traceparent: traceparentOfRequest(request),
  body: isStream(request.body) ? request.body : request.raw,
});

const traceparentOfRequest = (request: FastifyRequest) => {
  const trace = requestContext(request);
  return trace && traceparentOf(trace);
};

/** Errors of a connection that was never made: the service is down or unknown. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Connection errors before anything was sent: the request may go to another instance, whatever its method. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A connection lost under the request (an instance killed): sent again elsewhere only when it reads. */
const LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request that failed so may be sent to another instance: as nginx's `proxy_next_upstream error`. */
function mayGoElsewhere(err: unknown, method: string): boolean {
  if (!(err instanceof UpstreamFailure)) return false;
  const code = (err.cause as { code?: string } | undefined)?.code ?? '';
  return NEVER_SENT.has(code) || (READS.has(method) && LOST.has(code));
}

/** How long an instance that refused a connection is left out before it is tried again. */
export const INSTANCE_REST_MS = 5000;

/**
 * One service's instances (one or more URLs): requests go round the instances in turn; one that refuses a
 * connection, or loses it under a read, is left out for INSTANCE_REST_MS and the request goes to the next (a
 * connection never made sent nothing, so any method may be sent again; a write whose connection was lost may
 * have been done, so it is not). This is nginx's passive health check (`max_fails=1
 * fail_timeout=5s`); the connections themselves are undici's pools (InstanceUpstream).
 */
export class ServiceUpstream {
  private readonly instances: InstanceUpstream[];
  private readonly restUntil: number[];
  private next = 0;

  constructor(
    urls: string | string[],
    opts: UpstreamOptions,
    private readonly restMs = INSTANCE_REST_MS,
  ) {
    this.instances = (Array.isArray(urls) ? urls : [urls]).map((url) => new InstanceUpstream(url, opts));
    this.restUntil = this.instances.map(() => 0);
  }

  async ask(request: ProxiedRequest): Promise<UpstreamAnswer> {
    const count = this.instances.length;
    const start = this.next++ % count;
    // A body streamed up cannot be sent twice: such a request gets one instance.
    const resendable =
      !request.body || Number(request.headers['content-length'] ?? 0) <= BUFFERED_REQUEST_BYTES;
    const body = resendable ? await bufferedRequest(request) : request;
    const now = Date.now();
    const order = Array.from({ length: count }, (_, i) => (start + i) % count);
    // Resting instances last: when all rest, they are tried all the same.
    order.sort((a, b) => Number(this.restUntil[a]! > now) - Number(this.restUntil[b]! > now));
    let lastFailure: unknown;
    for (const i of order) {
      try {
        return await this.instances[i]!.ask(body);
      } catch (err) {
        if (!resendable || !mayGoElsewhere(err, request.method)) throw err;
        this.restUntil[i] = Date.now() + this.restMs;
        lastFailure = err;
      }
    }
    throw lastFailure;
  }

  close(): Promise<void> {
    return Promise.all(this.instances.map((i) => i.close())).then(() => {});
  }
}

/** The request with its body read whole when small enough (BUFFERED_REQUEST_BYTES), so it can be sent again. */
async function bufferedRequest(request: ProxiedRequest): Promise<ProxiedRequest> {
  const length = Number(request.headers['content-length'] ?? 0);
  const withBody = request.method !== 'GET' && request.method !== 'HEAD' && length > 0;
  if (!withBody || !request.body) return request;
  return { ...request, body: undefined, buffered: await wholeBody(request.body) };
}

/**
 * One instance's kept-alive connections (undici's Pool): every proxied request of this gateway process
 * shares them, so none pays for a handshake. Beyond `connections` at once, requests wait in order, at
 * most `queue` of them; each exchange has one deadline from the moment it is asked.
 */
export class InstanceUpstream {
  private readonly pool: Pool;
  private readonly host: string;
  /** Exchanges asked whose answer's head has not come yet (running and waiting). */
  private inFlight = 0;

  constructor(
    url: string,
    private readonly opts: UpstreamOptions,
  ) {
    this.host = new URL(url).host;
    this.pool = new Pool(url, {
      connections: opts.connections,
      pipelining: 1,
      connect: { timeout: opts.connectTimeoutMs },
      headersTimeout: opts.timeoutMs,
      // Between two pieces of a streamed answer, once the deadline no longer runs.
      bodyTimeout: opts.timeoutMs,
      keepAliveTimeout: 30_000,
    });
  }

  /**
   * Sends the request to the service with the headers of forwarded-headers.ts and its body (read whole
   * first up to BUFFERED_REQUEST_BYTES, else streamed through unread). Throws an UpstreamFailure when the
   * service cannot be reached (503), is full (503), is late (504) or answers what undici cannot read (502).
   */
  async ask(request: ProxiedRequest): Promise<UpstreamAnswer> {
    const method = request.method;
    const length = Number(request.headers['content-length'] ?? 0);
    const withBody = method !== 'GET' && method !== 'HEAD' && length > 0;
    const body =
      request.buffered ??
      (withBody && length <= BUFFERED_REQUEST_BYTES && request.body
        ? await wholeBody(request.body)
        : request.body);
    if (this.inFlight >= this.opts.connections + this.opts.queue) throw new UpstreamFailure(503, 'busy');
    const deadline = new AbortController();
    // The error made only when the deadline passes: an Error's stack costs more than the rest of the timer.
    const timer = setTimeout(() => deadline.abort(new UpstreamFailure(504, 'late')), this.opts.timeoutMs);
    let asked: ReturnType<Pool['request']> | undefined;
    try {
      // The service's span is a child of this request's: one trace from the gateway on.
      const headers = upstreamHeaders(request, this.host, request.headers, request.traceparent);
      if (!withBody) delete headers['content-length'];
      asked = this.pool.request({
        path: request.url,
        method,
        headers,
        body: withBody ? body : undefined,
        signal: deadline.signal,
      });
      // Counted until undici settles it, which for one given up while queued is when its turn comes.
      this.inFlight++;
      const settled = () => void this.inFlight--;
      asked.then(settled, settled);
      // undici drops an aborted request only once it has a connection: one still queued is given up here,
      // at its deadline.
      const res = await Promise.race([asked, rejectedOn(deadline.signal)]);
      const out: Record<string, string | string[]> = {};
      for (const name in res.headers) {
        const value = res.headers[name];
        if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      }
      const read = await readAhead(res.body, BUFFERED_BODY_BYTES);
      return { statusCode: res.statusCode, headers: out, ...read };
    } catch (err) {
      if (deadline.signal.aborted) {
        // An answer that came as the deadline passed is read by nobody: its connection is freed.
        asked?.then(
          (res) => res.body.destroy(),
          () => {},
        );
        throw deadline.signal.reason as UpstreamFailure;
      }
      if (err instanceof UpstreamFailure) throw err;
      const code = (err as { code?: string }).code ?? '';
      if (UNREACHABLE.has(code)) throw new UpstreamFailure(503, 'unreachable', { cause: err });
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
        throw new UpstreamFailure(504, 'late', { cause: err });
      throw new UpstreamFailure(502, 'malformed', { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Rejects with the signal's reason once it aborts (the deadline's UpstreamFailure). */
function rejectedOn(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
  );
}

/** A request body read to its end (its length already checked against the limits). */
async function wholeBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  } catch {
    throw new HttpError(400, 'The request body did not arrive whole.');
  }
  return Buffer.concat(chunks);
}

/**
 * The body whole when it ends within `limit` bytes, else a stream of what was read and the rest. Read
 * ahead rather than trusted from Content-Length, so any answer that fits is checked to its end before a
 * byte of it reaches the client.
 */
function readAhead(body: Readable, limit: number): Promise<{ body: Buffer } | { stream: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      body.off('data', onData).off('end', onEnd).off('error', reject);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      done();
      body.pause();
      const rest = new PassThrough();
      for (const c of chunks) rest.write(c);
      body.pipe(rest);
      // The service failing mid-answer ends the client's too; the client gone frees the service's.
      body.once('error', (err) => rest.destroy(err));
      rest.once('close', () => body.destroy());
      resolve({ stream: rest });
    };
    const onEnd = () => {
      done();
      resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    };
    body.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** Writes a service's answer as the gateway's reply (its onSend hooks still apply: no-store, compression). */
export function sendAnswer(reply: FastifyReply, answer: UpstreamAnswer): FastifyReply {
  reply.code(answer.statusCode);
  reply.headers(answer.headers);
  if (answer.stream) {
    // A client gone before the service answered: nothing to send, and the service's stream is freed.
    if (reply.raw.destroyed) answer.stream.destroy();
    return reply.send(answer.stream);
  }
  return reply.send(reply.request.method === 'HEAD' ? undefined : answer.body);
}
