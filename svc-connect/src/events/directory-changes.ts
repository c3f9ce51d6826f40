import fp from 'fastify-plugin';
import type { EventBus } from '@platform/event-bus';
import { ConnectEvents, DirectoryChangedData } from '../../contract';

/**
 * Every instance follows svc-connect's own `connect.directory.changed.v1` (an ephemeral reader from the
 * time it starts, `follows` in module.json; the durable consumers give each identity or credential event to
 * one instance only) and forgets what it keeps about the directory: the searches' order and counts and the
 * person's row. The event is written in the transaction that changed the entry, so it is never read before
 * the change can be; it arrives about a second after the commit (the outbox relay). While NATS is away the
 * kept answers still expire after DIRECTORY_CACHE_MS (and a caller's row after 5 s).
 */
export const directoryChanges = fp<{ bus: EventBus }>(
  async (app, { bus }) => {
    const subscription = await bus.follow<DirectoryChangedData>({
      producer: 'connect',
      filter: 'connect.directory.>',
      since: new Date(),
      schemas: { [ConnectEvents.directoryChanged]: DirectoryChangedData },
      handler: (event) => app.people.forgetPerson(event.data.userId),
    });
    app.addHook('onClose', () => subscription.stop());
  },
  { name: 'connect-directory-changes', dependencies: ['connect-stores'] },
);
