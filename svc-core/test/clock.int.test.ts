import { startCore, type CoreContext } from './helpers';
import { at, clockIn, clockOut, entryCount, ward } from './ward';

/**
 * The time clock against real Postgres and NATS, on the test clock: a night shift clocked in one evening
 * and out the next morning; late past 10 minutes (once a shift); a double clock-in and a clock-out without
 * a clock-in refused; the organisation's time zone deciding what "07:00" is (Kigali, Nairobi, London across
 * its clock change); a ward's code required at clock-in; corrections by the person's manager or HR; each
 * refusal changing nothing, another organisation's a 404.
 */
// Each test builds a ward of seven people through identity's events, and clocks them through a week.
jest.setTimeout(90_000);
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const me = async (who: Parameters<typeof clockIn>[1]) => {
  const res = await ctx.call('GET', '/api/core/clock/me', who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const recorded = async (orgId: string) =>
  (
    await ctx.sql<{ action: string; late: boolean }>(
      `select payload->'data'->>'action' as action, (payload->'data'->>'late')::boolean as late from core.outbox
        where type = 'core.clock.recorded.v1' and payload->'data'->>'organisationId' = $1 order by seq`,
      orgId,
    )
  ).map((e) => [e.action, e.late]);

it('clocks a nurse in for her night shift one evening and out the next morning', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [[w.amina, w.night, '2026-03-02']]);

  // 18:55 in Nairobi: the night shift starts in five minutes.
  at(ctx, '2026-03-02T15:55:00Z');
  const before = await me(w.amina);
  expect(before).toMatchObject({
    state: 'out',
    timeZone: 'Africa/Nairobi',
    today: '2026-03-02',
    open: null,
    codeRequired: false,
    entries: [],
  });
  expect(before.shift).toMatchObject({
    day: '2026-03-02',
    name: 'Night',
    departmentName: 'Maternity ward',
    start: '2026-03-02T16:00:00.000Z',
    end: '2026-03-03T04:00:00.000Z',
  });
  const inNow = await clockIn(ctx, w.amina);
  expect(inNow.statusCode).toBe(200);
  expect(inNow.json().data).toMatchObject({ state: 'in' });
  expect(inNow.json().data.open).toMatchObject({
    clockIn: '2026-03-02T15:55:00.000Z',
    clockOut: null,
    late: false,
    minutesLate: 0,
    shift: { name: 'Night', day: '2026-03-02' },
  });

  // A second clock-in (from a second tab, say) is refused and records nothing.
  at(ctx, '2026-03-02T16:30:00Z');
  const twice = await clockIn(ctx, w.amina);
  expect([twice.statusCode, twice.json().code]).toEqual([409, 'core.clock_already_in']);
  const both = await Promise.all([clockIn(ctx, w.amina), clockIn(ctx, w.amina)]);
  expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
  expect(await entryCount(ctx, w.clinic.orgId!)).toBe(1);

  // 07:05 the next morning: out; the entry of the night is still hers to see.
  at(ctx, '2026-03-03T04:05:00Z');
  const out = await clockOut(ctx, w.amina);
  expect(out.statusCode).toBe(200);
  expect(out.json().data).toMatchObject({ state: 'out', today: '2026-03-03', open: null });
  expect(out.json().data.entries).toEqual([
    expect.objectContaining({ clockIn: '2026-03-02T15:55:00.000Z', clockOut: '2026-03-03T04:05:00.000Z' }),
  ]);
  const again = await clockOut(ctx, w.amina);
  expect([again.statusCode, again.json().code]).toEqual([409, 'core.clock_not_in']);
  expect(await recorded(w.clinic.orgId!)).toEqual([
    ['in', false],
    ['out', false],
  ]);

  // Without a shift the clock still works: the entry is unscheduled.
  const free = await clockIn(ctx, w.beatrice);
  expect(free.statusCode).toBe(200);
  expect(free.json().data.open.shift).toBeNull();

  // The owner has no staff record to clock; someone without an organisation none at all.
  expect((await clockIn(ctx, w.clinic)).statusCode).toBe(404);
  expect((await clockIn(ctx, ctx.persona('user'))).statusCode).toBe(403);
  expect((await ctx.call('POST', '/api/core/clock', w.amina, { action: 'pause' })).statusCode).toBe(400);
  expect(await entryCount(ctx, w.clinic.orgId!)).toBe(2);
});

it('flags a clock-in more than 10 minutes after the shift’s start as late, once a shift', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [
    [w.amina, w.day, '2026-03-02'],
    [w.beatrice, w.day, '2026-03-02'],
  ]);
  at(ctx, '2026-03-02T04:10:00Z'); // 07:10: within the grace
  expect((await clockIn(ctx, w.amina)).json().data.open).toMatchObject({ late: false, minutesLate: 10 });
  at(ctx, '2026-03-02T04:11:00Z'); // 07:11: late
  expect((await clockIn(ctx, w.beatrice)).json().data.open).toMatchObject({ late: true, minutesLate: 11 });
  // Out for a break and back: the same shift, not late again.
  at(ctx, '2026-03-02T09:00:00Z');
  await clockOut(ctx, w.beatrice);
  at(ctx, '2026-03-02T09:45:00Z');
  const back = (await clockIn(ctx, w.beatrice)).json().data.open;
  expect(back).toMatchObject({ late: false, minutesLate: 0, shift: { name: 'Day' } });
});

it('reads shift times on the organisation’s wall clock: Kigali, Nairobi, and London across its clock change', async () => {
  ctx.clock.set('2026-02-20');
  const kigali = await ward(ctx, 'Africa/Kigali');
  const nairobi = await ward(ctx);
  for (const w of [kigali, nairobi]) await w.publish('2026-03-02', [[w.amina, w.day, '2026-03-02']]);
  // 05:05 UTC: 07:05 in Kigali (on time), 08:05 in Nairobi (65 minutes late).
  at(ctx, '2026-03-02T05:05:00Z');
  expect((await clockIn(ctx, kigali.amina)).json().data.open).toMatchObject({ late: false, minutesLate: 5 });
  expect((await clockIn(ctx, nairobi.amina)).json().data.open).toMatchObject({ late: true, minutesLate: 65 });
  expect((await me(kigali.amina)).shift.start).toBe('2026-03-02T05:00:00.000Z');

  // London's clocks go forward at 01:00 on 29 March: the night of the 28th is 11 hours long.
  const london = await ward(ctx, 'Europe/London');
  await london.publish('2026-03-23', [[london.amina, london.night, '2026-03-28']]);
  at(ctx, '2026-03-28T18:58:00Z'); // 18:58 GMT
  const state = (await clockIn(ctx, london.amina)).json().data;
  expect(state.open.shift).toMatchObject({
    start: '2026-03-28T19:00:00.000Z',
    end: '2026-03-29T06:00:00.000Z',
  });
  at(ctx, '2026-03-29T06:00:00Z'); // 07:00 BST
  expect((await clockOut(ctx, london.amina)).json().data.today).toBe('2026-03-29');
});

it('asks for the ward’s code where HR or its manager requires it; nobody else sets it', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [
    [w.amina, w.day, '2026-03-02'],
    [w.beatrice, w.day, '2026-03-02'],
  ]);
  const codePath = `/api/core/departments/${w.wardId}/clock-code`;
  const state = async () =>
    (
      await ctx.sql<{ clock_code: string | null; clock_code_required: boolean }>(
        `select clock_code, clock_code_required from core.departments where id = $1`,
        w.wardId,
      )
    )[0]!;
  const untouched = await state();
  expect(untouched).toEqual({ clock_code: null, clock_code_required: false });
  expect((await ctx.call('PUT', codePath, w.amina, { required: true })).statusCode).toBe(403);
  expect((await ctx.call('PUT', codePath, w.labManager, { required: true })).statusCode).toBe(403);
  expect((await ctx.call('PUT', codePath, await ctx.clinic(), { required: true })).statusCode).toBe(404);
  expect((await ctx.call('GET', codePath, w.amina)).statusCode).toBe(403);
  expect(await state()).toEqual(untouched);

  const set = await ctx.call('PUT', codePath, w.manager, { required: true });
  expect(set.statusCode).toBe(200);
  const { code } = set.json().data;
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  expect((await ctx.call('GET', codePath, w.hr)).json().data).toEqual({
    departmentId: w.wardId,
    departmentName: 'Maternity ward',
    code,
    required: true,
  });

  at(ctx, '2026-03-02T03:55:00Z');
  expect((await me(w.amina)).codeRequired).toBe(true);
  const none = await clockIn(ctx, w.amina);
  expect([none.statusCode, none.json().code]).toEqual([422, 'core.clock_code_required']);
  const wrong = await clockIn(ctx, w.amina, code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA');
  expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'core.clock_code_wrong']);
  expect(await entryCount(ctx, w.clinic.orgId!)).toBe(0);
  // Typed in lower case without its dash, or read from the QR code's address.
  expect((await clockIn(ctx, w.amina, code.replace('-', '').toLowerCase())).statusCode).toBe(200);
  expect(
    (await clockIn(ctx, w.beatrice, `https://afyahr.example/hr/clock?code=${encodeURIComponent(code)}`))
      .statusCode,
  ).toBe(200);

  // A new code: the old one no longer opens the clock.
  const rotated = (await ctx.call('PUT', codePath, w.hr, { required: true, rotate: true })).json().data.code;
  expect(rotated).not.toBe(code);
  await clockOut(ctx, w.amina);
  const old = await clockIn(ctx, w.amina, code);
  expect(old.json().code).toBe('core.clock_code_wrong');
  const audited = await ctx.sql<{ after: { required: boolean; newCode: boolean } }>(
    `select payload->'data'->'after' as after from core.outbox
      where type like '%admin%' and payload->'data'->>'action' = 'department.clock-code'
        and payload->'data'->'target'->>'id' = $1 order by seq`,
    w.wardId,
  );
  expect(audited.map((a) => a.after)).toEqual([
    { required: true, newCode: true },
    { required: true, newCode: true },
  ]);
  expect(JSON.stringify(audited)).not.toContain(code);
});

it('lets the person’s manager or HR correct an entry, saying why; nobody else, and never into the future', async () => {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  await w.publish('2026-03-02', [[w.amina, w.day, '2026-03-02']]);
  at(ctx, '2026-03-02T04:20:00Z');
  const entry = (await clockIn(ctx, w.amina)).json().data.open;
  expect(entry).toMatchObject({ late: true, minutesLate: 20 });
  at(ctx, '2026-03-02T17:00:00Z'); // she forgot to clock out at 19:00
  const path = `/api/core/clock/entries/${entry.id}`;
  const fix = { clockOut: '2026-03-02T16:00:00Z', reason: 'Forgot to clock out' };
  const rows = async () =>
    ctx.sql(`select clock_in, clock_out, correction_reason from core.clock_entries where id = $1`, entry.id);
  const before = await rows();
  expect((await ctx.call('PATCH', path, w.amina, fix)).statusCode).toBe(403);
  expect((await ctx.call('PATCH', path, w.beatrice, fix)).statusCode).toBe(403);
  expect((await ctx.call('PATCH', path, w.labManager, fix)).statusCode).toBe(403);
  expect((await ctx.call('PATCH', path, await ctx.clinic(), fix)).statusCode).toBe(404);
  const future = await ctx.call('PATCH', path, w.manager, { ...fix, clockOut: '2026-03-02T18:00:00Z' });
  expect([future.statusCode, future.json().code]).toEqual([422, 'core.clock_times_invalid']);
  const backwards = await ctx.call('PATCH', path, w.manager, { ...fix, clockOut: '2026-03-02T04:00:00Z' });
  expect(backwards.json().code).toBe('core.clock_times_invalid');
  expect((await ctx.call('PATCH', path, w.manager, { reason: 'Nothing' })).statusCode).toBe(400);
  expect(await rows()).toEqual(before);

  const fixed = await ctx.call('PATCH', path, w.manager, fix);
  expect(fixed.statusCode).toBe(200);
  expect(fixed.json().data).toMatchObject({
    clockOut: '2026-03-02T16:00:00.000Z',
    correctionReason: 'Forgot to clock out',
    late: true,
  });
  // HR moves the clock-in to the shift's start (she was on the ward): no longer late.
  const onTime = await ctx.call('PATCH', path, w.hr, {
    clockIn: '2026-03-02T04:00:00Z',
    reason: 'Badge reader',
  });
  expect(onTime.json().data).toMatchObject({ late: false, minutesLate: 0 });
  expect((await me(w.amina)).state).toBe('out');
  const audited = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox
      where type like '%admin%' and payload->'data'->'target'->>'id' = $1 order by seq`,
    entry.id,
  );
  expect(audited.map((a) => a.action)).toEqual(['clock.correct', 'clock.correct']);
});
