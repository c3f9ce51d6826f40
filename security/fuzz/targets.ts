import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import { aUser, startIdentity } from '../../svc-identity/test/helpers';
import { aJob, anApplication, startHire } from '../../svc-hire/test/helpers';
import { anEvent, startEvents } from '../../svc-events/test/helpers';
import { aDiscussion, startConnect } from '../../svc-connect/test/helpers';
import { startContent } from '../../svc-content/test/helpers';

export type Role = 'user' | 'Clinic' | 'admin';

/** What the fuzz test needs before each route: a live token per role, real ids for parameters. */
export interface Fixtures {
  tokens: Record<Role, string>;
  /** Real ids for a route, by parameter or field name (`id`, `jobId`); the first is used in valid input. */
  idsFor(path: string): Record<string, string[]>;
}

export interface RunningService {
  app: App;
  /** Fresh each time: a fuzzed logout or delete may have used up the last ones. */
  fixtures(): Promise<Fixtures>;
  close(): Promise<void>;
}

/** A service under test, started the way its own integration tests start it (own database, own NATS prefix). */
export interface FuzzTarget {
  name: string;
  start(): Promise<RunningService>;
}

/** Long and random, so no password rule (length, common-password list) refuses it. */
const strongPassword = () => randomBytes(24).toString('base64url');

const svcIdentity: FuzzTarget = {
  name: 'svc-identity',
  async start() {
    const admin = { email: 'fuzz.admin@example.org', password: strongPassword() };
    const ctx = await startIdentity({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The fuzz test sends several hundred logins and signups from one address.
      LOGIN_IP_PER_MINUTE: '100000',
      REGISTER_IP_PER_MINUTE: '100000',
    });
    // Real accounts, registered and logged in through the app: tokens belong to live sessions.
    const accounts: Record<Role, { email: string; password: string }> = { admin } as never;
    for (const role of ['user', 'Clinic'] as const) {
      const account = aUser({ role, password: strongPassword() });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: account });
      if (res.statusCode !== 201) throw new Error(`register ${role}: ${res.statusCode} ${res.body}`);
      accounts[role] = { email: account.email, password: account.password };
    }
    const login = async (role: Role) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: accounts[role] });
      if (res.statusCode !== 200) throw new Error(`login ${role}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    };
    return {
      app: ctx.app,
      async fixtures() {
        return {
          tokens: { user: await login('user'), Clinic: await login('Clinic'), admin: await login('admin') },
          idsFor: () => ({}),
        };
      },
      close: () => ctx.close(),
    };
  },
};

const svcHire: FuzzTarget = {
  name: 'svc-hire',
  async start() {
    const ctx = await startHire();
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    const admin = ctx.persona('admin');
    return {
      app: ctx.app,
      async fixtures() {
        // A job of this clinic with an application of this user, so every :id route finds its row.
        const job = await ctx.call('POST', '/api/job/add', clinic, aJob());
        const jobId = job.json().data.id as string;
        const applied = await ctx.call('POST', '/api/application/apply', user, anApplication(jobId));
        if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
        const applicationId = applied.json().data.id as string;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          // Each route's own kind of id first; the other kind too (a real id of the wrong kind).
          idsFor: (path) => ({
            id: path.startsWith('/api/application') ? [applicationId, jobId] : [jobId, applicationId],
            jobId: [jobId],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/** `date` and `time` on Nairobi's clock (UTC+3, no daylight saving) `minutes` from now. */
function nairobiClockIn(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3_600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16) };
}

const svcEvents: FuzzTarget = {
  name: 'svc-events',
  async start() {
    const ctx = await startEvents();
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    const admin = ctx.persona('admin');
    const ok = async <T>(res: Promise<LightMyRequestResponse>, what: string): Promise<T> => {
      const r = await res;
      if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
      return (r.json() as { data: T }).data;
    };
    return {
      app: ctx.app,
      async fixtures() {
        // An event starting within the hour (check-in is open) with CPD points, a confirmed registration
        // of this user checked in (so a certificate exists), and the user's calendar feed.
        const event = await ok<{ id: string }>(
          ctx.call('POST', '/api/event/add', clinic, anEvent({ ...nairobiClockIn(60), cpdPoints: 3 })),
          'post event',
        );
        const seat = await ok<{ ticket: string }>(
          ctx.call('POST', `/api/event/${event.id}/registrations`, user),
          'register',
        );
        const checkin = await ok<{ certificateId: string }>(
          ctx.call('POST', `/api/event/${event.id}/checkins`, clinic, { ticket: seat.ticket }),
          'check in',
        );
        const feed = await ok<{ token: string }>(
          ctx.call('POST', '/api/event/calendar/token', user),
          'calendar feed',
        );
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: (path) => ({
            id: path.startsWith('/api/event/certificates')
              ? [checkin.certificateId, event.id]
              : [event.id, checkin.certificateId],
            token: [feed.token],
            ticket: [seat.ticket],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

const svcConnect: FuzzTarget = {
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

const svcContent: FuzzTarget = {
  name: 'svc-content',
  async start() {
    // The fuzz test sends several hundred form posts from one address.
    const ctx = await startContent({ FORMS_PER_ADDRESS_PER_HOUR: '10000' });
    const admin = ctx.persona('admin');
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    return {
      app: ctx.app,
      async fixtures() {
        // A post and a message of its own each time: a fuzzed delete may have ended the last ones.
        const post = await ctx.call('POST', '/api/blog/add', admin, { name: 'Fuzz post', data: '<p>x</p>' });
        if (post.statusCode !== 201) throw new Error(`blog: ${post.statusCode} ${post.body}`);
        await ctx.call('POST', '/api/content/contact-messages', undefined, {
          from_name: 'Fuzz',
          from_email: 'fuzz@example.org',
          from_message: 'Hello',
        });
        const [message] = (await ctx.call('GET', '/api/content/inbox?limit=1', admin)).json().data as {
          id: string;
        }[];
        const postId = (post.json() as { blog: { id: string } }).blog.id;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: (path) => ({ id: path.startsWith('/api/content/inbox') ? [message!.id] : [postId] }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/** Every service the fuzz test walks. A new service adds its entry here. */
export const TARGETS: FuzzTarget[] = [svcIdentity, svcHire, svcEvents, svcConnect, svcContent];
