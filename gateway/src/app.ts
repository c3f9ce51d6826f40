import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { UpstreamClient } from './upstream-client';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { securityHeaders } from './security-headers';
import { buildService, type App, type RevocationState } from '@platform/service-kit';
import type { GatewayConfig } from './config';
import { API_ROUTE_CONFIG, isApiRoute } from './api-route';
import { apiRequestChecks } from './api-checks';
import { isMalformedPath, malformedPath } from './path-spelling';
import {
  askUpstream,
  proxiedRequestOf,
  sendAnswer,
  upstreamClient,
  type ProxiedRequest,
  type UpstreamAnswer,
} from './proxy';
import { EdgeCache, type CacheableRequest } from './edge-cache';
import { RATE_LIMIT_WINDOW_MS, storeOver, WindowCounts } from './shared-rate-limit';
import { FastLane, type LaneRoute } from './fast-lane';
import { putLaneInFront } from './raw-lane';
import { COMPRESSION_THRESHOLD_BYTES, PACKED_AT_ONCE_BYTES } from './answer-compression';
import { remotesServed, serviceRoutes } from './modules';
import { remoteOrigins, remotesManifest } from './remotes';
import { uploadLimits } from './uploads';
import { PreviewSource, withPreview } from './previews';
import { decoratePage } from './page-decoration';
import { StartAssets } from './start-assets';
import { FirstData } from './first-data';
import { pageLanguage, PrerenderedPages } from './prerendered';
import { FirstScreens, withFirstScreen } from './first-screens';
export interface GatewayOptions {
  /** Logged-out tokens and ended accounts: server.ts follows them from NATS (FollowedRevocations). */
  revocations: RevocationState;
  /** The logger the bus already uses (server.ts); default: a new one at LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /** Where the rate limit counts (a @fastify/rate-limit store); default: this process's memory. */
  rateLimitStore?: RateLimitPluginOptions['store'];
  /** Plain public API reads through the fast lane (fast-lane.ts); default on. Off: all through Fastify. */
  fastLane?: boolean;
}

const unavailable = (label: string) => ({
  success: false,
  message: `The ${label} service is temporarily unavailable. Please try again shortly.`,
  code: 'server.unavailable',
});

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;
const hasExtension = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);
const API_PATH = /^\/api(?:\/|$)/i;

/**
 * The one public origin: API calls to their services, the shell and remotes as static files, the
 * remotes manifest, and the edge's protections (headers, CORS, body size, rate limit, token checks).
 */
export async function buildApp(config: GatewayConfig, opts: GatewayOptions): Promise<App> {
  const shellIndex = path.join(config.SHELL_DIST, 'index.html');
  const previews = new PreviewSource(config.modules, config.upstreams);
  const firstData = new FirstData(config.modules, config.upstreams);
  const startAssets = new StartAssets(config.modules, config.REMOTES_ROOT, config.SHELL_DIST);
  const firstScreens = new FirstScreens(config.modules, config.upstreams, config.REMOTES_ROOT);
  // Made once the proxied routes are known, below; until then (and when off) every request is Fastify's.
  let lane: FastLane | undefined;

  const app = await buildService({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    logger: opts.logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustedProxies: config.trustedProxies,
    frontHandler:
      opts.fastLane === false
        ? undefined
        : (req, res, fastify) => (lane ? lane.handle(req, res, fastify) : fastify(req, res)),
    jwt: {
      publicKey: config.jwtPublicKey,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      revocations: opts.revocations,
      // Every signed-in request passes here first: one signature check per token, not per request.
      verifiedCacheSize: 10_000,
    },
    readiness: {
      revocations: async () => {
        if (!opts.revocations.isCurrent()) throw new Error('still replaying revocations');
      },
    },
    // Page routes (no extension, not an API or remote file) get the shell; everything else a JSON 404.
    notFoundHandler: (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      if (request.method === 'GET' && !API_PATH.test(url) && !url.startsWith('/mf/') && !hasExtension(url)) {
        return sendShell(request, reply);
      }
      return reply
        .status(404)
        .send({ success: false, message: `No route for ${request.method} ${url.split('?')[0]}.` });
    },
  });

  /**
   * index.html (or the page prerendered at build, prerendered.ts) for every page route, re-checked on each
   * load; a clear 503 before the first build. Every
   * page gets the remotes manifest and its route's preload hints inlined (page-decoration.ts). A page with
   * a preview (a module's `remote.previews`) gets its Open Graph tags in the HTML itself, since
   * link-preview crawlers run no script; on a preview failure, the page without them.
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    if (!existsSync(shellIndex)) {
      return reply
        .status(503)
        .send({ success: false, message: 'The site is not built yet: run npm run build.' });
    }
    reply.header('cache-control', 'no-cache');
    const pathname = request.url.split('?')[0]!;
    // The page prerendered for this visitor's language while it matches the deployed builds, else the shell.
    // A page that loads data was prerendered in its loading state for its bare URL: a query asks for another
    // first screen (`/hire?title=nurse`, the board's filters), so that URL gets the shell.
    const otherFirstScreen = request.url.includes('?') && firstData.declares(pathname);
    const file =
      (otherFirstScreen ? undefined : prerendered.fileFor(pathname, request.headers)) ?? 'index.html';
    reply.header('vary', 'cookie, accept-language');
    let html = decoratePage(await readFile(path.join(config.SHELL_DIST, file), 'utf8'), {
      manifest: manifest(),
      pathname,
      shellAssets: startAssets.shell(),
      startAssets: startAssets.all(),
      dataPreloads: firstData.of(request.url),
      scriptsAfterPaint: file !== 'index.html',
    });
    const origin = config.PUBLIC_URL?.replace(/\/$/, '') || `${request.protocol}://${request.host}`;
    // A prerendered page whose remote draws its first screen on the server gets it (first-screens.ts).
    if (file !== 'index.html') {
      const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
      const markup = await firstScreens.markupFor(pathname, { language, origin });
      if (markup) html = withFirstScreen(html, markup);
    }
    try {
      const preview = await previews.previewOf(pathname);
      if (preview) {
        html = withPreview(html, preview, `${origin}${pathname}`);
      }
    } catch (err) {
      request.log.warn({ err }, 'page preview failed; page sent without it');
    }
    return reply.type('text/html; charset=utf-8').send(html);
  }

  const manifest = () => remotesManifest(config.modules, config.REMOTES_MANIFEST, config.REMOTES_ROOT);
  const extraOrigins = remoteOrigins(manifest());
  const prerendered = new PrerenderedPages(config.SHELL_DIST, config.REMOTES_ROOT, manifest);

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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  // Defence in depth before anything else reads the URL; the checks themselves bind to routes. The hot
  // path's hooks take a callback rather than return a promise: one allocation and tick less per request.
  app.addHook('onRequest', (request, _reply, done) =>
    done(isMalformedPath(request.url) ? malformedPath() : undefined),
  );

  const allowed = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // Off (same origin only) unless origins are configured: not registered then, since with `origin: false`
  // the plugin only spends time on every request to add nothing (a preflight gets the same 404 without it).
  if (allowed.length > 0) await app.register(cors, { origin: allowed, credentials: false });
  // One count per client for the Fastify app and the fast lane: the workers' primary's, or this process's.
  let counts: WindowCounts | undefined;
  if (!opts.rateLimitStore) {
    const local = (counts = new WindowCounts());
    const pruning = setInterval(() => local.prune(RATE_LIMIT_WINDOW_MS), RATE_LIMIT_WINDOW_MS).unref();
    app.addHook('onClose', async () => clearInterval(pruning));
  }
  const RateLimitStore = opts.rateLimitStore ?? storeOver(counts!);
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    store: RateLimitStore,
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

  // Proxied bodies stream through unread (the checks read only Content-Length): a scope of its own
  // whose one parser hands the body over as it arrives.
  const clients: UpstreamClient[] = [];
  const edgeCache = new EdgeCache(config.EDGE_CACHE_BYTES);
  const laneRoutes: LaneRoute[] = [];
  await app.register(async (proxied) => {
    proxied.removeAllContentTypeParsers();
    proxied.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const route of serviceRoutes(config.modules)) {
      const upstream = config.upstreams[route.module];
      const client = upstream
        ? upstreamClient(upstream, { connectTimeoutMs: 2000, timeoutMs: config.UPSTREAM_TIMEOUT_MS })
        : undefined;
      if (client) clients.push(client);
      const host = upstream ? new URL(upstream).host : '';
      // The edge cache's answer, else the service's (then kept when it may be): both paths ask here.
      const answerUnder =
        (prefix: string) =>
        async (request: ProxiedRequest & CacheableRequest): Promise<UpstreamAnswer> => {
          const hit = edgeCache.lookup(request);
          if (hit) return hit;
          const answer = await askUpstream(client!, host, request);
          edgeCache.store(request, prefix, answer);
          return answer;
        };
      const forwardUnder = (prefix: string) => {
        const answer = answerUnder(prefix);
        return async (request: FastifyRequest, reply: FastifyReply) => {
          if (!client) return reply.status(503).send(unavailable(route.label));
          try {
            return sendAnswer(reply, await answer(proxiedRequestOf(request)));
          } catch (err) {
            request.log.warn({ err, upstream }, 'upstream unavailable');
            return reply.status(503).send(unavailable(route.label));
          }
        };
      };
      for (const prefix of route.prefixes) {
        if (client)
          laneRoutes.push({ prefix, answer: answerUnder(prefix), unavailable: unavailable(route.label) });
        const forward = forwardUnder(prefix);
        proxied.all(prefix, { config: API_ROUTE_CONFIG }, forward);
        proxied.all(`${prefix}/*`, { config: API_ROUTE_CONFIG }, forward);
      }
    }
  });
  if (opts.fastLane !== false) {
    lane = new FastLane({
      routes: laneRoutes,
      securityHeaders: security,
      rateLimit: {
        store: new RateLimitStore({}),
        max: config.RATE_LIMIT_PER_MINUTE,
        timeWindowMs: RATE_LIMIT_WINDOW_MS,
      },
      trustedProxies: config.trustedProxies,
      corsEnabled: allowed.length > 0,
      alreadyVerified: app.alreadyVerified,
      log: app.log,
    });
    // Connections are read by the lane's own front door first (raw-lane.ts), then by Node's http server.
    const closeFront = putLaneInFront(app.server, lane);
    app.addHook('preClose', (done) => {
      lane?.close();
      closeFront();
      done();
    });
  }
  app.addHook('onClose', async () => {
    firstScreens.close();
    await Promise.all(clients.map((c) => c.close()));
  });

  app.get('/mf/remotes.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return manifest();
  });

  // Hashed files never change; remoteEntry.js and index.html must be re-checked on every load. `file` is
  // the one sent: `main.0123abcd.js.br` for a precompressed file.
  const cacheHeaders = (reply: FastifyReply, file: string) => {
    reply.header(
      'cache-control',
      HASHED_ASSET.test(path.basename(file).replace(/\.(br|gz)$/, ''))
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    );
  };
  // Each built remote at /mf/<folder>/, the shell at /. Files are looked up per request, so a rebuild
  // is served without restarting; misses fall through to the not-found handler.
  const roots = [
    ...remotesServed(config.modules).map((r) => ({
      root: path.join(config.REMOTES_ROOT, r.folder, 'dist'),
      prefix: `/mf/${r.folder}/`,
    })),
    { root: config.SHELL_DIST, prefix: '/' },
  ].filter((r) => existsSync(r.root));
  for (const [i, { root, prefix }] of roots.entries()) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: i === 0,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: cacheHeaders,
      // The build writes file.br and file.gz beside each text file: served as the browser accepts them,
      // with no compression work per request (@fastify/compress leaves an encoded reply alone).
      preCompressed: true,
    });
  }
  app.get('/', async (request, reply) => sendShell(request, reply));

  return app;
}
