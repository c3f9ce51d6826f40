import fp from 'fastify-plugin';
import type { Db } from './db';
import { PeopleStore } from './people-store';
import { RequestStore } from './request-store';
import { DiscussionStore } from './discussion-store';

declare module 'fastify' {
  interface FastifyInstance {
    people: PeopleStore;
    requests: RequestStore;
    discussions: DiscussionStore;
  }
}

/** svc-connect's repositories, decorated on the app for its routes and consumers. */
export const connectStores = fp<{ db: Db; cacheMs: number }>(
  async (app, { db, cacheMs }) => {
    app.decorate('people', new PeopleStore(db, cacheMs));
    app.decorate('requests', new RequestStore(db));
    app.decorate('discussions', new DiscussionStore(db));
  },
  { name: 'connect-stores' },
);
