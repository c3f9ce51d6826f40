import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { HttpError, type App } from '@platform/service-kit';
import type { GatewayConfig } from '../config';
import { securityHeaders } from '../security-headers';
import { isApiRoute } from '../api-route';
import { apiRequestChecks } from '../api-checks';
import { isMalformedPath, malformedPath } from '../path-spelling';
import { RATE_LIMIT_WINDOW_MS, storeOver, WindowCounts } from '../shared-rate-limit';
import { COMPRESSION_THRESHOLD_BYTES, PACKED_AT_ONCE_BYTES } from '../answer-compression';
import { uploadLimits } from '../uploads';

/**
 * Headers a client may send at most (a browser sends about 20). The gateway's own go upstream first
 * (forwarded-headers.ts), and this cap keeps the whole well under a service's limit: one more is a 431.
 */
export const MAX_CLIENT_HEADERS = 100;

export interface ChecksOptions {
  config: GatewayConfig;
  /** Origins the remotes are served from (their CSP sources). */
  extraOrigins: string[];
  /** Where the rate limit counts (a @fastify/rate-limit store); default: this process's memory. */
  rateLimitStore?: RateLimitPluginOptions['store'];
}

/**
 * The edge's checks, on every request before any handler: helmet's headers (refusals included), too many
 * headers (431), oddly spelt paths (400), CORS, the rate limit on API routes, answers compressed, and an
 * API request's body size, encoding and token (api-checks.ts).
 */
export const checksPlugin = fp(
  async (app: App, { config, extraOrigins, rateLimitStore }: ChecksOptions) => {
    // Helmet's headers worked out once (security-headers.ts), on every reply, errors included.
    const security = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extraOrigins],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:', ...extraOrigins],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'", ...extraOrigins],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    // Callback hooks rather than promises: one allocation and tick less per request.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(security);
      done();
    });
    app.addHook('onRequest', (request, _reply, done) =>
      done(
        request.raw.rawHeaders.length > 2 * MAX_CLIENT_HEADERS
          ? new HttpError(431, 'The request has too many headers.', 'request.too_large')
          : undefined,
      ),
    );
    // Defence in depth before anything else reads the URL; the checks themselves bind to routes.
    app.addHook('onRequest', (request, _reply, done) =>
      done(isMalformedPath(request.url) ? malformedPath() : undefined),
    );

    const allowed = config.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    // Off (same origin only) unless origins are configured: with `origin: false` the plugin only spends
    // time on every request to add nothing (a preflight gets the same 404 without it).
    if (allowed.length > 0) await app.register(cors, { origin: allowed, credentials: false });

    // One count per client: the workers' primary's, or this process's.
    let store = rateLimitStore;
    if (!store) {
      const counts = new WindowCounts();
      const pruning = setInterval(() => counts.prune(RATE_LIMIT_WINDOW_MS), RATE_LIMIT_WINDOW_MS).unref();
      app.addHook('onClose', async () => clearInterval(pruning));
      store = storeOver(counts);
    }
    await app.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      store,
      // API routes only: static files are cheap and cached, and a hospital's staff often share one address.
      allowList: (request) => !isApiRoute(request),
      errorResponseBuilder: (_req, ctx) =>
        Object.assign(new Error(`Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`), {
          statusCode: 429,
        }),
    });
    // Answers only: an encoded request body is refused (api-checks.ts), never inflated on the way.
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      syncThreshold: PACKED_AT_ONCE_BYTES,
      globalDecompression: false,
    });
    app.addHook('preParsing', apiRequestChecks(app, config.BODY_LIMIT_BYTES, uploadLimits(config.modules)));
  },
  { name: 'gateway-checks' },
);
