import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every event on the bus travels in this envelope. `type` is the subject without any
 * deployment prefix: `<producer>.<entity>.<past-verb>.v<N>`.
 */
export const EventEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    type: Type.String({ pattern: '^[a-z-]+\\.[a-z-]+\\.[a-z-]+\\.v[0-9]+$' }),
    occurredAt: Type.String({ format: 'date-time' }),
    /** The W3C trace context of what wrote the event (its consumers' spans continue that trace). */
    traceparent: Type.Optional(
      Type.String({ pattern: '^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$' }),
    ),
    data,
  });

export interface Envelope<D = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  traceparent?: string;
  data: D;
}

export const AnyEnvelope = EventEnvelope(Type.Unknown());
export type AnyEnvelope = Static<typeof AnyEnvelope>;
