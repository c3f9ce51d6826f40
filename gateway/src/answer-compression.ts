import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { UpstreamAnswer } from './proxy';

/**
 * The gateway's own compression of a service's answer (the edge cache's packed copies), by the rules @fastify/compress applies to the same answer in the Fastify app (its version 9, as the gateway registers it): the encodings it offers in its
 * order of preference, `*` and `x-gzip` read as gzip, its compressible types, its threshold of 1 KB and
 * brotli at quality 4. One difference: a type its regular expression does not name but mime-db calls
 * compressible (`application/javascript`) stays as is here; no service answers an API call with one.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const OFFERED = ['br', 'gzip', 'deflate', 'identity'];
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;
const GZIP_ALIAS = /\*|x-gzip/gu;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip' | 'deflate';

/** The encoding this answer is sent in to this client, or undefined to send it as it is. */
export function encodingFor(request: IncomingHttpHeaders, answer: UpstreamAnswer): Encoding | undefined {
  const accepted = request['accept-encoding'];
  if (!accepted || request['x-no-compression'] !== undefined) return undefined;
  if (!answer.stream && (!answer.body || answer.body.length < COMPRESSION_THRESHOLD_BYTES)) return undefined;
  const h = answer.headers;
  const current = h['content-encoding'];
  if ((current && current !== 'identity') || answer.statusCode === 206 || h['content-range'] !== undefined)
    return undefined;
  if (!COMPRESSIBLE.test(String(h['content-type'] ?? 'application/json'))) return undefined;
  const chosen = negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip'), OFFERED);
  return chosen === 'br' || chosen === 'gzip' || chosen === 'deflate' ? chosen : undefined;
}

/**
 * Up to this size an answer is packed at once on the event loop, above it in zlib's thread pool: the
 * gateway gives @fastify/compress the same `syncThreshold`. The plugin's own default on two cores is 8 KB,
 * but under load the pool costs far more than it spares: 13.6 KB of JSON in brotli took 1.0-1.7 ms of the
 * gateway's CPU a request through the pool, 20 clients at once, where packing 70 KB at once takes 0.3 ms
 * (bench/notebook/2026-11.md, "The gateway's cost", 2026-11-27).
 */
export const PACKED_AT_ONCE_BYTES = 64 * 1024;

/** A whole answer up to PACKED_AT_ONCE_BYTES packed at once. */
export function packedAtOnce(encoding: Encoding, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, BROTLI);
  return encoding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body);
}

/** The service's Vary with `accept-encoding` added (kept once), as @fastify/compress sets it. */
export function varyWithEncoding(vary: string | string[] | undefined): string {
  const names = Array.isArray(vary) ? vary : vary ? [vary] : [];
  return names.some((v) => v.includes('accept-encoding'))
    ? names.join(', ')
    : [...names, 'accept-encoding'].join(', ');
}
