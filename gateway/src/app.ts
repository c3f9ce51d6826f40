import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import {
  buildService,
  GENERIC_CODES,
  refusal,
  sessionCookieSettings,
  type App,
  type RevocationState,
} from '@platform/service-kit';
import type { GatewayConfig } from './config';
import { remoteOrigins, remotesManifest } from './remotes';
import { originFolders } from './remote-origins';
import { docsPlugin } from './plugins/docs';
import { checksPlugin } from './plugins/checks';
import { cachePlugin } from './plugins/cache';
import { routingPlugin } from './plugins/routing';
import { firstScreensPlugin } from './plugins/first-screens';
import { previewsPlugin } from './plugins/previews';
import { pagesPlugin } from './plugins/pages';

export interface GatewayOptions {
  /** Logged-out tokens and ended accounts: server.ts follows them from NATS (FollowedRevocations). */
  revocations: RevocationState;
  /** The logger the bus already uses (server.ts); default: a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Where the rate limit counts (a @fastify/rate-limit store); default: this process's memory. */
  rateLimitStore?: RateLimitPluginOptions['store'];
}

const hasExtension = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);
const API_PATH = /^\/api(?:\/|$)/i;

/**
 * The one public origin: API calls to their services, the shell and remotes as static files, the
 * remotes manifest, and the edge's protections (headers, CORS, body size, rate limit, token checks),
 * each a plugin of its own (src/plugins/).
 */
export async function buildApp(config: GatewayConfig, opts: GatewayOptions): Promise<App> {
  const app: App = await buildService({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    logger: opts.logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustedProxies: config.trustedProxies,
    // The gateway names each request itself: a client's X-Request-Id is never believed nor forwarded.
    ownRequestIds: true,
    docs: false,
    metricsToken: config.METRICS_TOKEN,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    jwt: {
      publicKey: config.jwtPublicKey,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      revocations: opts.revocations,
      // Every signed-in request passes here first: one signature check per token, not per request.
      verifiedCacheSize: 10_000,
      sessions: sessionCookieSettings(config.PUBLIC_URL, config.CORS_ORIGINS),
    },
    readiness: {
      revocations: async () => {
        if (!opts.revocations.isCurrent()) throw new Error('still replaying revocations');
      },
    },
    // Page routes (no extension, not an API or remote file) get the shell; everything else a JSON 404.
    notFoundHandler: (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      if (request.method === 'GET' && !API_PATH.test(url) && !url.startsWith('/mf/') && !hasExtension(url))
        return app.sendPage(request, reply);
      return reply
        .status(404)
        .send(refusal(`No route for ${request.method} ${url.split('?')[0]}.`, GENERIC_CODES[404]));
    },
  });

  const fromOrigins = originFolders(config.modules, config.remoteInstances);
  const manifest = () =>
    remotesManifest(config.modules, config.REMOTES_MANIFEST, config.REMOTES_ROOT, fromOrigins);
  await app.register(docsPlugin, { enabled: config.GATEWAY_DOCS === '1' });
  await app.register(checksPlugin, {
    config,
    extraOrigins: remoteOrigins(manifest()),
    rateLimitStore: opts.rateLimitStore,
  });
  await app.register(cachePlugin, { maxBytes: config.EDGE_CACHE_BYTES });
  await app.register(routingPlugin, { config });
  await app.register(firstScreensPlugin, { config });
  await app.register(previewsPlugin, { config });
  await app.register(pagesPlugin, { config, manifest });
  return app;
}
