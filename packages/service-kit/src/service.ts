import Fastify, {
  type FastifyInstance,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorHandler, GENERIC_CODES, refusal } from './errors';
import { authPlugin, type JwtOptions } from './auth';
import { answerFrameworkError, finiteNumbersOnly, refuseNulCharacters } from './input-guards';
import { createLogger, OneLineAccessLog } from './logger';
import { personalCacheControl } from './trust';
import { mentionsSessionCookie } from './session-cookie';
import { registerMetrics, ServiceMetrics } from './metrics';
import { flushTracing, installTracing, traceRequests } from './tracing';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceOptions {
  /** e.g. 'svc-identity'; appears in logs and OpenAPI. */
  name: string;
  version?: string;
  logLevel?: string;
  /** A logger made before the app (e.g. so a bus connected first logs through the same one). */
  logger?: FastifyBaseLogger;
  /** Verify (and, for svc-identity, sign) access tokens. */
  jwt?: JwtOptions;
  /** Named checks for /readyz: each resolves when its dependency is usable. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Largest accepted request body in bytes (default 100 KiB). */
  bodyLimit?: number;
  /** Replaces the JSON 404 (the gateway falls back to the shell's index.html for page routes). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Addresses or CIDR ranges (the gateway's) whose X-Forwarded-For is believed, so per-address limits
   * see the client; from TRUSTED_PROXIES via readTrustedProxies. None: the socket's address.
   */
  trustedProxies?: string[];
  /** OpenAPI at /docs and /docs/json (default on); the gateway serves them in development alone. */
  docs?: boolean;
  /**
   * Gives every request an id of its own, never the one a request brings (the gateway: a client's
   * X-Request-Id is not believed). Default: the caller's when it is sane (the gateway's, to a service).
   */
  ownRequestIds?: boolean;
  /** Serves Prometheus metrics at /metrics to this bearer token (METRICS_TOKEN); none: no /metrics. */
  metricsToken?: string;
  /** Sends trace spans to this OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT); none: ids only. */
  otlpEndpoint?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request's id: the one the gateway (or a client) sent when it is sane, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The Fastify every service starts from: TypeBox provider, request ids (the gateway's x-request-id
 * when it sent a sane one), one error handler, health and readiness, metrics, OpenAPI at /docs, and JWT
 * verification with role guards when `jwt` is given.
 */
export async function buildService(opts: ServiceOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: opts.logger ?? createLogger({ name: opts.name, level: opts.logLevel ?? 'info' }),
    logController: new OneLineAccessLog(),
    bodyLimit: opts.bodyLimit ?? 100 * 1024,
    trustProxy: opts.trustedProxies?.length ? opts.trustedProxies : false,
    requestIdHeader: false,
    genReqId: opts.ownRequestIds ? () => randomUUID() : (req) => requestIdOf(req.headers),
    // Broken percent-encoding and over-long path parameters answer in our error shape too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Query strings and params arrive as text, so they are coerced ("2" -> 2); bodies are JSON and
  // keep their types, so `"password": 12345678` is a 400, not silently the string "12345678".
  const ajvFor = (coerceTypes: 'array' | false) => {
    const ajv = new Ajv({
      coerceTypes,
      useDefaults: true,
      removeAdditional: false,
      allErrors: false,
      strict: false,
    });
    addFormats(ajv);
    return ajv;
  };
  const bodyAjv = ajvFor(false);
  const textAjv = ajvFor('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    finiteNumbersOnly((httpPart === 'body' ? bodyAjv : textAjv).compile(schema)),
  );

  // Every request passes these two: callbacks, not async functions (no promise and tick per request).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // An answer to a request that carried credentials, or one setting a cookie (the session's), is personal
  // (also when the gateway proxies it).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization || mentionsSessionCookie(request) || reply.hasHeader('set-cookie'))
      reply.header('cache-control', personalCacheControl(reply.getHeader('cache-control')));
    done(null, payload);
  });
  registerMetrics(app, new ServiceMetrics(opts.name), opts.metricsToken);
  installTracing(opts.name, opts.otlpEndpoint);
  traceRequests(app, opts.name, opts.ownRequestIds === true);
  app.addHook('onClose', async () => flushTracing());
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(
    opts.notFoundHandler ??
      ((request, reply) =>
        reply
          .status(404)
          .send(refusal(`No route for ${request.method} ${request.url.split('?')[0]}.`, GENERIC_CODES[404]))),
  );

  // No NUL character reaches a handler (Postgres refuses it): 400 naming the field.
  app.addHook('preValidation', refuseNulCharacters);

  if (opts.docs !== false) {
    await app.register(swagger, {
      openapi: {
        info: { title: opts.name, version: opts.version ?? '0.1.0' },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }

  if (opts.jwt) await app.register(authPlugin, opts.jwt);

  // Liveness: the process answers (a Kubernetes livenessProbe restarts it when it stops). `/healthz` is the
  // older name, kept for Compose, npm start and the tests that use it.
  const live = async () => ({ status: 'ok' });
  // Readiness: every named check (a service's database and NATS, ...) passes; 503 naming what fails, so a
  // Kubernetes readinessProbe takes the instance out of its Service until it passes again. While the app
  // closes, Fastify answers 503 itself, so no new request is routed to an instance that is shutting down.
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const checks: Record<string, string> = {};
    let isReady = true;
    for (const [name, check] of Object.entries(opts.readiness ?? {})) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (err) {
        isReady = false;
        checks[name] = err instanceof Error ? err.message : 'failed';
      }
    }
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'not ready', checks });
  };
  for (const url of ['/healthz', '/health/live']) app.get(url, { schema: { hide: true } }, live);
  for (const url of ['/readyz', '/health/ready']) app.get(url, { schema: { hide: true } }, ready);

  return app;
}
