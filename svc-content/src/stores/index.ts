import fp from 'fastify-plugin';
import type { Db } from './db';
import { ActivityStore } from './activity-store';
import { AuditStore } from './audit-store';
import { BlockStore } from './block-store';
import { BlogStore } from './blog-store';
import { InboxStore } from './inbox-store';
import { ModerationStore } from './moderation-store';
import { PeopleStore } from './people-store';

declare module 'fastify' {
  interface FastifyInstance {
    blocks: BlockStore;
    blog: BlogStore;
    inbox: InboxStore;
    accounts: PeopleStore;
    activity: ActivityStore;
    moderation: ModerationStore;
    audit: AuditStore;
  }
}

/** svc-content's repositories, decorated on the app for its routes and consumers. */
export const contentStores = fp<{ db: Db; formsPerHour: number }>(
  async (app, { db, formsPerHour }) => {
    app.decorate('blocks', new BlockStore(db));
    app.decorate('blog', new BlogStore(db));
    app.decorate('inbox', new InboxStore(db, formsPerHour));
    app.decorate('accounts', new PeopleStore(db));
    app.decorate('activity', new ActivityStore(db));
    app.decorate('moderation', new ModerationStore(db));
    app.decorate('audit', new AuditStore(db));
  },
  { name: 'content-stores' },
);
