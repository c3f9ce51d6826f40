import type { EventView } from '@platform/svc-events/contract';

/** Whether an event takes registrations now, and why not: what the service would answer (422). */
export type Openness = 'open' | 'cancelled' | 'ended' | 'started' | 'closed';

export function opennessOf(event: EventView, now = Date.now()): Openness {
  if (event.cancelled) return 'cancelled';
  if (Date.parse(event.endsAt) <= now) return 'ended';
  if (Date.parse(event.startsAt) <= now) return 'started';
  if (event.registrationDeadline && Date.parse(event.registrationDeadline) < now) return 'closed';
  return 'open';
}

/** The caller holds a seat or a waiting-list place (not a withdrawn registration). */
export const isRegistered = (event: EventView) =>
  event.myRegistration !== undefined && event.myRegistration.status !== 'cancelled';
