import { randomBytes } from 'node:crypto';
import type { App } from '@platform/service-kit';
import { aUser, startIdentity } from '../../svc-identity/test/helpers';
import { aJob, anApplication, startHire } from '../../svc-hire/test/helpers';

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

/** Every service the fuzz test walks. A new service adds its entry here. */
export const TARGETS: FuzzTarget[] = [svcIdentity, svcHire];
