import { randomUUID } from 'node:crypto';
import type { Envelope } from '@platform/contracts';

/** A new event: a fresh id (also the de-duplication key on JetStream) and the time it happened. */
export function makeEnvelope<D>(type: string, data: D): Envelope<D> {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
}
