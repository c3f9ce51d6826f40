/** Headers by which a client could claim another address, host or scheme: only the gateway says. */
const CLIENT_CLAIMS = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
]);

/**
 * Headers about the client's connection to the gateway, not about the request (RFC 9110 §7.6.1), and
 * `expect`, which the gateway has already answered: the gateway's own connection to a service has its own.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'http2-settings',
]);

/**
 * Headers only the gateway writes: the service's host, the client's address, the request's id and its trace
 * (a client's claim to be part of a trace is not believed, as its request id is not).
 */
const GATEWAY_OWN = new Set(['host', 'x-forwarded-for', 'x-request-id', 'traceparent', 'tracestate']);

/**
 * The headers a proxied request carries upstream: the gateway's own first (`Host` of the service,
 * `X-Forwarded-For` the address the gateway saw, `X-Request-Id` the id it gave the request), so no number
 * of client headers can push them past a service's header limit; then the client's, without its own
 * claims of address or request id and its hop-by-hop headers (with those its Connection header names).
 * Services trust X-Forwarded-For from the gateway alone, so per-address limits see each client, and no
 * client can pick a fresh address per request.
 */
export function upstreamHeaders(
  request: { ip: string; id: string },
  host: string,
  headers: Record<string, string | string[] | undefined>,
  traceparent?: string,
): Record<string, string | string[] | undefined> {
  const connection = headers['connection'];
  const named =
    typeof connection === 'string'
      ? new Set(
          connection
            .toLowerCase()
            .split(',')
            .map((n) => n.trim()),
        )
      : undefined;
  const out: Record<string, string | string[] | undefined> = {
    host,
    'x-forwarded-for': request.ip,
    'x-request-id': request.id,
  };
  if (traceparent) out.traceparent = traceparent;
  // Copied without the claims rather than copied and deleted from: `delete` slows every later use.
  for (const name in headers)
    if (!GATEWAY_OWN.has(name) && !CLIENT_CLAIMS.has(name) && !HOP_BY_HOP.has(name) && !named?.has(name))
      out[name] = headers[name];
  return out;
}
