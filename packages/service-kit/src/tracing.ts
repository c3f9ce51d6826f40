import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Traces with OpenTelemetry across gateway → service → NATS → consumer: each request a server span whose
 * parent is the caller's `traceparent` (W3C Trace Context), each event carrying the span that wrote it, each
 * delivery a consumer span under it. Spans go to an OTLP collector when `OTEL_EXPORTER_OTLP_ENDPOINT` is set
 * (the standard variable, read in each config); without one the ids are still made and travel, so logs and events can be matched.
 */

const listeners = new Set<(span: ReadableSpan) => void>();
/** Hands each finished span to the test listeners (`onSpanEnd`); cheap when there are none. */
const toListeners: SpanProcessor = {
  onStart: () => {},
  onEnd: (span) => {
    for (const listen of listeners) listen(span);
  },
  forceFlush: async () => {},
  shutdown: async () => {},
};

let provider: TracerProvider | undefined;

/**
 * Installs the process's tracing once (the first service built in a process names the resource). With
 * `otlpEndpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318) spans are sent there in batches.
 */
export function installTracing(service: string, otlpEndpoint?: string): void {
  if (provider) return;
  const spanProcessors: SpanProcessor[] = [toListeners];
  if (otlpEndpoint)
    spanProcessors.push(
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
      }),
    );
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors,
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** Sends what is waiting to the collector (a closing process). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** Tests: calls `listen` with each span that ends, until the returned function is called. */
export function onSpanEnd(listen: (span: ReadableSpan) => void): () => void {
  listeners.add(listen);
  return () => listeners.delete(listen);
}

export const tracer = () => trace.getTracer('afyahr');

/** The W3C `traceparent` of a context's span (undefined without one), for a header or an event. */
export function traceparentOf(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (the root context when it is missing or malformed). */
export const contextOf = (traceparent: string | undefined): Context =>
  traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;

const requestSpans = new WeakMap<FastifyRequest, { span: Span; ctx: Context }>();

/** The request's server span's context (the gateway passes it on to the service it calls). */
export const requestContext = (request: FastifyRequest): Context | undefined =>
  requestSpans.get(request)?.ctx;

/**
 * A server span for every request, named by its route pattern; the caller's `traceparent` is its parent
 * unless `ownTraces` (the gateway: a client's claim of a trace is not believed, as its request id is not).
 * The handler runs in the span's context (so events it writes carry it), and the request's log lines carry
 * `trace_id`.
 */
export function traceRequests(app: FastifyInstance, service: string, ownTraces: boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = ownTraces ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'afyahr.service': service,
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? 'unmatched',
          'afyahr.request_id': request.id,
        },
      },
      parent,
    );
    requestSpans.set(request, { span, ctx: trace.setSpan(parent, span) });
    request.log = request.log.child({ trace_id: span.spanContext().traceId });
    done();
  });
  // Entered last, right before the handler: what the body's parsing ran in is the socket's context.
  app.addHook('preHandler', (request, _reply, done) => {
    const entry = requestSpans.get(request);
    if (entry) context.with(entry.ctx, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = requestSpans.get(request);
    if (entry) {
      entry.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
      entry.span.end();
    }
    done();
  });
}
