import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers for these options, worked out once. Every value is fixed (no per-request
 * nonce), so the gateway sets this one object on each reply instead of running helmet's dozen middlewares,
 * each validating its header on the socket's response: that was about 7 % of the gateway's CPU on a
 * cached answer. Helmet stays the one place the policy is written.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet's middlewares call on synchronously; one that did not would leave its header out.
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be worked out ahead');
  return headers;
}
