import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { eventually } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { buildApp } from '../src/app';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * The mail sweep on its schedule (every minute here) with two svc-identity instances on one database: a
 * digest due for a person goes out once, by one run of the tick.
 */
let ctx: TestContext;
let second: App;
let sql: postgres.Sql;
beforeAll(async () => {
  ctx = await startIdentity({ MAIL_SWEEP_SECONDS: '60' }, { mail: true });
  second = await buildApp(ctx.config);
  await second.ready();
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await second?.close();
  await ctx?.close();
});

it('runs each minute tick once across two instances: one digest e-mail', async () => {
  const body = aUser();
  expect((await ctx.register(body)).statusCode).toBe(201);
  const [user] = await sql`select id from identity.users where email = ${body.email}`;
  const since = new Date();
  // A digest notice stored while no sweep ran (its instance gone): only the schedule sends it.
  await sql`insert into identity.notifications (id, user_id, kind, title, link, email, created_at)
    values (${randomUUID()}, ${user!.id}, 'hire.application-decided',
      ${sql.json({ en: 'Your application was accepted', sw: 'Ombi lako limekubaliwa', fr: 'Votre candidature est acceptée' })},
      '/userdashboard', 'digest', now())`;
  const digests = () =>
    ctx.smtp!.inbox.filter((m) => m.to === body.email && m.raw.includes('Your application was accepted'));
  await eventually(async () => (digests().length ? true : undefined), 100_000);
  await new Promise((r) => setTimeout(r, 3000));

  expect(digests()).toHaveLength(1);
  const perTick = await sql`select date_trunc('minute', created_on) as tick, count(*)::int as jobs
    from identity_jobs.job where name = 'mail-sweep' and created_on > ${since} group by 1`;
  expect(perTick.length).toBeGreaterThan(0);
  expect(perTick.map((t) => t.jobs)).toEqual(perTick.map(() => 1));
}, 150_000);
