import { randomBytes } from 'node:crypto';
import type { App } from '@platform/service-kit';
import type { FuzzRole as Role, FuzzTarget } from '@platform/testing';
import { aUser, startIdentity } from './helpers';

/** Long and random, so no password rule (length, common-password list) refuses it. */
const strongPassword = () => randomBytes(24).toString('base64url');

/** The API fuzz test's svc-identity (security/api-fuzz.int.test.ts): its tokens and real ids. */
export const fuzzTarget: FuzzTarget<App> = {
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
