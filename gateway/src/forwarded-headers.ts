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
 * The headers a proxied request carries upstream: the client's own claims and hop-by-hop headers
 * (with those its Connection header names) dropped, `X-Forwarded-For` replaced by the address the
 * gateway saw (services trust it from the gateway alone, so per-address limits see each client, and
 * no client can pick a fresh address per request), and the request id.
 */
export function upstreamHeaders<H extends Record<string, unknown>>(
  request: { ip: string; id: string },
  headers: H,
): H {
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
  // Copied without the claims rather than copied and deleted from: `delete` slows every later use.
  const out: Record<string, unknown> = {};
  for (const name in headers)
    if (!CLIENT_CLAIMS.has(name) && !HOP_BY_HOP.has(name) && !named?.has(name)) out[name] = headers[name];
  out['x-forwarded-for'] = request.ip;
  out['x-request-id'] = request.id;
  return out as H;
}
