import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import type { FuzzTarget, TrustTarget } from '@platform/testing';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { aDiscussion, startConnect } from './helpers';

/** The API fuzz test's svc-connect (security/api-fuzz.int.test.ts): its tokens and real ids. */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-connect',
  async start() {
    const ctx = await startConnect();
    // Members of the directory (identity's events projected), so requests and posts find their people.
    const user = await ctx.member('user', { designation: 'Registered Nurse' });
    const clinic = await ctx.member('Clinic');
    const admin = await ctx.member('admin');
    const ok = async <T>(res: Promise<LightMyRequestResponse>, what: string): Promise<T> => {
      const r = await res;
      if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
      return (r.json() as { data: T }).data;
    };
    return {
      app: ctx.app,
      async fixtures() {
        // A discussion of this user with a reply of the clinic, and a request between them (a fresh pair
        // each time: a fuzzed withdrawal may have ended the last one).
        const discussion = await ok<{ id: string }>(
          ctx.call('POST', '/api/discussion/add', user, aDiscussion()),
          'post discussion',
        );
        const reply = await ok<{ id: string }>(
          ctx.call('POST', `/api/discussion/${discussion.id}/replies`, clinic, { content: 'Agreed.' }),
          'reply',
        );
        const other = await ctx.member('user');
        const request = await ok<{ id: string }>(
          ctx.call('POST', '/api/connect/requests', other, { userId: user.id }),
          'request',
        );
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: (path) => ({
            id: path.startsWith('/api/discussion/replies')
              ? [reply.id, discussion.id]
              : path.startsWith('/api/connect/requests')
                ? [request.id, discussion.id]
                : [discussion.id, reply.id],
            userId: [other.id],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/** The trust suite's svc-connect: anyone signed in posts a discussion; requests need a token. */
export const trustTarget: TrustTarget<App> = {
  build: (env) => buildApp(readConfig(env)),
  write: { url: '/api/discussion/add', payload: () => aDiscussion() },
  read: '/api/connect/requests?box=incoming',
  count: { url: '/api/discussion/get?limit=100' },
  openToEveryRole: true,
};
