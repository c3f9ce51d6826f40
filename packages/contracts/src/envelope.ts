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
    data,
  });

export interface Envelope<D = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: D;
}

export const AnyEnvelope = EventEnvelope(Type.Unknown());
export type AnyEnvelope = Static<typeof AnyEnvelope>;
