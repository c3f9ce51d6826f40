import { IdentityEvents, UserDeletedData, UserEventData, type Envelope } from '@platform/contracts';
import type { EventBus, Subscription } from './bus';

/** One of identity's user events, as a service's users projection receives it. */
export type IdentityUserEvent = Envelope<UserEventData | UserDeletedData>;

/**
 * A service's durable consumer of identity's user events (registered, updated, deleted), which keep its
 * own users projection: it resumes where it left off after a restart; `apply` writes the service's row.
 */
export function followIdentityUsers(
  bus: EventBus,
  durable: string,
  apply: (event: IdentityUserEvent) => Promise<void>,
): Promise<Subscription> {
  return bus.subscribe<UserEventData>({
    producer: 'identity',
    durable,
    filter: 'identity.user.>',
    // Events failing these schemas are dead-lettered, never applied.
    schemas: {
      [IdentityEvents.userRegistered]: UserEventData,
      [IdentityEvents.userUpdated]: UserEventData,
      [IdentityEvents.userDeleted]: UserDeletedData,
    },
    handler: (event) => apply(event as IdentityUserEvent),
  });
}
