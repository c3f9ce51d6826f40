import { buildApp } from '../src/app';
import type { App } from '@platform/service-kit';
import { eventually } from '@platform/testing';
import { startCore, type CoreContext } from './helpers';

/**
 * The expiry sweep on its schedule (every minute here) with two scheduled svc-core instances on one
 * database: a licence entering its 30-day window is alerted once, by one run of the tick.
 */
let ctx: CoreContext;
const scheduled: App[] = [];
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => {
  for (const app of scheduled) await app.close();
  await ctx?.close();
});

it('runs each minute tick once across two instances: one 30-day alert, one notice to the holder', async () => {
  ctx.clock.set('2026-03-01');
  const councils = await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'));
  const nck = councils.json().data.find((c: { code: string }) => c.code === 'ke-nck').id;
  const clinic = await ctx.clinic();
  const nurse = await ctx.member(clinic, { name: 'Achieng Otieno', designation: 'Nurse' });
  const saved = await ctx.call('POST', '/api/core/credentials', nurse, {
    councilId: nck,
    number: 'NCK/300',
    expiresOn: '2026-04-15',
  });
  expect(saved.statusCode).toBe(201);
  const id = saved.json().data.id as string;
  const alerts = async () =>
    (
      await ctx.sql<{ milestone: string }>(
        `select milestone from core.expiry_alerts where kind = 'credential' and subject_id = $1 order by sent_at`,
        id,
      )
    ).map((r) => r.milestone);
  const holderNotices = async () =>
    (
      await ctx.sql<{ title: string }>(
        `select payload->'data'->'title'->>'en' as title from core.outbox
         where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1 order by seq`,
        nurse.id,
      )
    ).map((r) => r.title);
  expect(await alerts()).toEqual(['days-60']); // at once, when saved

  for (let i = 0; i < 2; i++) {
    const app = await buildApp(ctx.config, { now: ctx.clock.now, sweepEveryMs: 60_000 });
    scheduled.push(app);
    await app.ready();
  }
  // Their runs at start find nothing new; then the 30-day window opens for the next tick.
  await eventually(async () => {
    const [open] = await ctx.sql<{ n: number }>(
      `select count(*)::int as n from core_jobs.job where name = 'expiry-alerts' and state <> 'completed'`,
    );
    return open!.n === 0 ? true : undefined;
  }, 20_000);
  const [{ at }] = (await ctx.sql<{ at: Date }>(`select now() as at`)) as [{ at: Date }];
  ctx.clock.set('2026-03-20');
  await eventually(async () => ((await alerts()).length === 2 ? true : undefined), 100_000);
  await new Promise((r) => setTimeout(r, 3000));

  expect(await alerts()).toEqual(['days-60', 'days-30']);
  const notices = await holderNotices();
  expect(notices.filter((t) => t === 'Your NCK licence expires in 30 days')).toHaveLength(1);
  const perTick = await ctx.sql<{ jobs: number }>(
    `select date_trunc('minute', created_on) as tick, count(*)::int as jobs from core_jobs.job
     where name = 'expiry-alerts' and created_on > $1 group by 1`,
    at,
  );
  expect(perTick.length).toBeGreaterThan(0);
  expect(perTick.map((t) => t.jobs)).toEqual(perTick.map(() => 1));
}, 150_000);
