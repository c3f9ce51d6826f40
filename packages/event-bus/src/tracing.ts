import { propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import type { Envelope } from '@platform/contracts';

/**
 * A consumer's span for one delivery, a child of the span that wrote the event (its `traceparent` header, or
 * the envelope's): the trace goes on from gateway and service through NATS into every consumer. Started on
 * the global tracer, which service-kit installs; without it (unit tests) it records nothing.
 */
export function consumerSpan(
  client: string,
  durable: string,
  event: Envelope,
  header: string | undefined,
): Span {
  // A NATS header that is absent reads as ''.
  const traceparent = header || event.traceparent;
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return trace.getTracer('afyahr').startSpan(
    `${durable} ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'afyahr.service': client,
        'messaging.system': 'nats',
        'messaging.consumer.group.name': durable,
        'messaging.message.id': event.id,
        'afyahr.event_type': event.type,
      },
    },
    parent,
  );
}
