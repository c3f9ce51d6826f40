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
 * svc-identity's repositories on the app, for its routes (their hourly prune is a scheduled job: app.ts).
 */
export const identityStores = fp<{ db: PostgresJsDatabase<typeof schema>; limits: LoginLimits }>(
  async (app, { db, limits }) => {
    const users = new UserStore(db);
    const limiter = new LoginLimiter(db, limits);
    app.decorate('users', users);
    app.decorate('loginLimiter', limiter);
    const links = new EmailLinkStore(db);
    app.decorate('emailLinks', links);
  },
  { name: 'identity-stores' },
);
