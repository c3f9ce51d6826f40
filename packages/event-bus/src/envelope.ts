import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';
import type { Envelope } from '@platform/contracts';

/**
 * A new event: a fresh id (also the de-duplication key on JetStream), the time it happened, and the trace
 * context it was written in, when there is one (a request's or a consumer's span), so that what it causes
 * elsewhere is traced as part of it.
 */
export function makeEnvelope<D>(type: string, data: D): Envelope<D> {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  const envelope: Envelope<D> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
  if (carrier.traceparent) envelope.traceparent = carrier.traceparent;
  return envelope;
}
