import type { App } from '@platform/service-kit';
import { buildApp } from '../src/app';
import { startIdentity, type TestContext } from './helpers';

/**
 * svc-identity as `REPLICAS=2` runs it: two instances on one database and one NATS prefix. Its per-network
 * limits (logins, sign-ups, e-mailed links) are counted once for both, in its NATS key-value bucket
 * (module.json's `sharedRateLimits`): a network alternating between the instances meets the limit at the
 * limit, not at twice it. Each route keeps its own count.
 */
let ctx: TestContext;
let b: App;

beforeAll(async () => {
  ctx = await startIdentity({ LOGIN_IP_PER_MINUTE: '3', EMAIL_LINK_IP_PER_MINUTE: '2' });
  b = await buildApp(ctx.config);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await ctx?.close();
});

const login = (app: App, i: number, remoteAddress: string) =>
  app
    .inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `n${i}@clinic.example`, password: 'whatever1' },
      remoteAddress,
    })
    .then((r) => r.statusCode);

it('holds a network to LOGIN_IP_PER_MINUTE across both instances', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push(await login(i % 2 === 0 ? ctx.app : b, i, '10.9.0.1'));
  expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  // Another network is counted apart.
  expect(await login(b, 9, '10.9.0.2')).toBe(401);
});

it("counts each route apart: the logins used up leave the e-mailed links' allowance whole", async () => {
  const ask = (app: App) =>
    app
      .inject({
        method: 'POST',
        url: '/api/user/password/forgot',
        payload: { email: 'someone@clinic.example' },
        remoteAddress: '10.9.0.1',
      })
      .then((r) => r.statusCode);
  expect([await ask(b), await ask(ctx.app), await ask(b)]).toEqual([202, 202, 429]);
});
