import fp from 'fastify-plugin';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type * as schema from '../db/schema';
import { UserStore } from './user-store';
import { LoginLimiter, type LoginLimits } from './login-limiter';
import { EmailLinkStore } from './email-link-store';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserStore;
    loginLimiter: LoginLimiter;
    emailLinks: EmailLinkStore;
  }
}

/**
 * svc-identity's repositories on the app, for its routes; old sessions, login failures and e-mailed links
 * pruned hourly.
 */
export const identityStores = fp<{ db: PostgresJsDatabase<typeof schema>; limits: LoginLimits }>(
  async (app, { db, limits }) => {
    const users = new UserStore(db);
    const limiter = new LoginLimiter(db, limits);
    app.decorate('users', users);
    app.decorate('loginLimiter', limiter);
    const links = new EmailLinkStore(db);
    app.decorate('emailLinks', links);
    const prune = setInterval(() => {
      void users.pruneSessions().catch((err) => app.log.warn({ err }, 'session prune failed'));
      void limiter.prune().catch((err) => app.log.warn({ err }, 'login attempts prune failed'));
      void links.prune().catch((err) => app.log.warn({ err }, 'e-mailed links prune failed'));
    }, 3600_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  },
  { name: 'identity-stores' },
);
