import { randomUUID } from 'node:crypto';
import { MAX_JOB_ALERTS } from '@platform/contracts';
import { startHire, type HireContext } from './helpers';

let ctx: HireContext;
beforeAll(async () => {
  ctx = await startHire();
});
afterAll(async () => {
  await ctx?.close();
});

const alertsOf = async (who: ReturnType<HireContext['persona']>) =>
  (await ctx.call('GET', '/api/job/alerts', who)).json();

it('a professional saves, lists and deletes their own alerts; others see and delete none of them', async () => {
  const amina = ctx.persona('user');
  const baraka = ctx.persona('user');
  const created = await ctx.call('POST', '/api/job/alerts', amina, {
    query: { title: ' Nurse ', department: '', type: 'Full-time', page: '3' },
  });
  expect(created.statusCode).toBe(201);
  const alert = created.json().data;
  // Saved as the board's filters: trimmed, without paging or empty fields.
  expect(alert.query).toEqual({ title: 'Nurse', type: 'Full-time' });
  expect((await alertsOf(amina)).data.map((a: { id: string }) => a.id)).toEqual([alert.id]);
  expect((await alertsOf(baraka)).data).toEqual([]);

  const stranger = await ctx.call('DELETE', `/api/job/alerts/${alert.id}`, baraka);
  expect(stranger.statusCode).toBe(404);
  expect(stranger.json().code).toBe('hire.alert_not_found');
  expect((await alertsOf(amina)).data).toHaveLength(1);
  expect((await ctx.call('DELETE', `/api/job/alerts/${alert.id}`, amina)).statusCode).toBe(200);
  expect((await alertsOf(amina)).data).toEqual([]);
});

it('only professionals have alerts; bad queries are refused and change nothing', async () => {
  const clinic = ctx.persona('Clinic');
  const amina = ctx.persona('user');
  expect((await ctx.call('POST', '/api/job/alerts', clinic, { query: { title: 'Nurse' } })).statusCode).toBe(
    403,
  );
  expect((await ctx.call('GET', '/api/job/alerts', clinic)).statusCode).toBe(403);
  expect(
    (await ctx.call('POST', '/api/job/alerts', undefined, { query: { title: 'Nurse' } })).statusCode,
  ).toBe(401);

  const empty = await ctx.call('POST', '/api/job/alerts', amina, { query: { title: '  ' } });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().code).toBe('hire.alert_needs_filter');
  for (const query of [{ type: 'Forever' }, { title: 'x'.repeat(161) }, { colour: 'blue' }]) {
    expect((await ctx.call('POST', '/api/job/alerts', amina, { query })).statusCode).toBe(400);
  }
  expect((await ctx.call('POST', '/api/job/alerts', amina, {})).statusCode).toBe(400);
  expect((await ctx.call('DELETE', '/api/job/alerts/not-a-uuid', amina)).statusCode).toBe(400);
  expect((await ctx.call('DELETE', `/api/job/alerts/${randomUUID()}`, amina)).statusCode).toBe(404);
  expect((await alertsOf(amina)).data).toEqual([]);
});

it(`keeps at most ${MAX_JOB_ALERTS} alerts per person, even when asked at once`, async () => {
  const amina = ctx.persona('user');
  const results = await Promise.all(
    Array.from({ length: MAX_JOB_ALERTS + 3 }, (_, i) =>
      ctx.call('POST', '/api/job/alerts', amina, { query: { title: `Nurse ${i}` } }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_JOB_ALERTS);
  const refused = results.filter((r) => r.statusCode === 409);
  expect(refused).toHaveLength(3);
  expect(refused[0]!.json().code).toBe('hire.alert_limit');
  expect((await alertsOf(amina)).data).toHaveLength(MAX_JOB_ALERTS);
});
