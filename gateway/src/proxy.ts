import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { upstreamHeaders } from './forwarded-headers';
import { UpstreamClient } from './upstream-client';
import { matchedPath } from './uploads';

export interface UpstreamOptions {
  /** Gives up on a service that does not accept the connection within this time (then 503). */
  connectTimeoutMs: number;
  /** Longest wait for a service's status line and headers, and between two chunks of its body. */
  timeoutMs: number;
}

/**
 * Kept-alive connections to one service. Every proxied request of this gateway process shares them,
 * so no request pays for a TCP handshake; at most UPSTREAM_CONNECTIONS at once, beyond that requests
 * queue here rather than open ever more sockets on the service. No pipelining: one slow answer would
 * hold up the requests queued behind it on the same connection.
 */
export const UPSTREAM_CONNECTIONS = 64;

export const upstreamClient = (url: string, opts: UpstreamOptions): UpstreamClient =>
  new UpstreamClient(url, {
    connections: UPSTREAM_CONNECTIONS,
    connectTimeoutMs: opts.connectTimeoutMs,
    timeoutMs: opts.timeoutMs,
    keepAliveMs: 30_000,
    bufferedBodyBytes: BUFFERED_BODY_BYTES,
  });

/**
 * Answers up to this size are read whole and sent in one write (with their length) rather than
 * streamed chunk by chunk: nearly every API answer, and what the edge cache keeps. Larger ones (a CV
 * download) stream through without being held in memory.
 */
export const BUFFERED_BODY_BYTES = 256 * 1024;

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
  /** The whole body when it is at most BUFFERED_BODY_BYTES (and its length was announced). */
  body?: Buffer;
  /** Otherwise the body as it arrives. */
  stream?: Readable;
}

const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';

/** What the proxy sends of a request (from Fastify's request, or the fast lane's). */
export interface ProxiedRequest {
  method: string;
  /** As the router matched it, already checked to be spelt plainly. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The client's address as the gateway saw it (X-Forwarded-For upstream). */
  ip: string;
  id: string;
  /** The body as it arrives, streamed through unread. */
  body?: Readable;
}

/**
 * Fastify's request as the proxy (and the edge cache, by its matched path) reads it: its scope's parser
 * hands the body over unread.
 */
export const proxiedRequestOf = (
  request: FastifyRequest,
): ProxiedRequest & { matchedPath: string | undefined } => ({
  method: request.method,
  url: request.url,
  matchedPath: matchedPath(request),
  headers: request.headers,
  ip: request.ip,
  id: request.id,
  body: isStream(request.body) ? request.body : request.raw,
});
/**
 * Sends the request to the service as the router matched it (its URL, which the gateway has already
 * checked is spelt plainly), with the headers of forwarded-headers.ts and the body streamed through
 * unread. Throws when the service cannot be reached or does not answer in time.
 */
export async function askUpstream(
  client: UpstreamClient,
  host: string,
  request: ProxiedRequest,
): Promise<UpstreamAnswer> {
  const method = request.method;
  const withBody =
    method !== 'GET' && method !== 'HEAD' && Number(request.headers['content-length'] ?? 0) > 0;
  const headers = upstreamHeaders(request, request.headers) as Record<string, string | string[] | undefined>;
  headers.host = host;
  if (!withBody) delete headers['content-length'];
  const res = await client.request({
    path: request.url,
    method,
    headers,
    body: withBody ? request.body : undefined,
  });
  const out: Record<string, string | string[]> = {};
  for (const name in res.headers) {
    const value = res.headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return { statusCode: res.statusCode, headers: out, body: res.body, stream: res.stream };
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
