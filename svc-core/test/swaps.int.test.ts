import { startCore, staffIdOf, type CoreContext, type Persona } from './helpers';
import { ward } from './ward';

/**
 * Shift swaps against real Postgres and NATS: a nurse offers one of her published, future shifts; a
 * colleague of the same profession (cleared where the shift is clinical) takes it; the ward's manager or HR
 * approves (the shift becomes the colleague's, the roster's rules checked again for them) or declines; two
 * colleagues taking at once, one wins; each refusal changes nothing.
 */
let ctx: CoreContext;
let nck: string;
beforeAll(async () => {
  ctx = await startCore();
  const councils = (await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'))).json().data;
  nck = councils.find((c: { code: string }) => c.code === 'ke-nck').id;
});
afterAll(async () => ctx?.close());

/** The ward (ward.ts) on 20 February 2026, with Caro, a nurse of the laboratory, and Evans, a clinical officer. */
async function hospital() {
  ctx.clock.set('2026-02-20');
  const w = await ward(ctx);
  const caro = await ctx.member(w.clinic, { name: 'Caro Achieng', designation: 'Nurse' });
  const evans = await ctx.member(w.clinic, { name: 'Evans Kibet', designation: 'Clinical Officer' });
  for (const who of [caro, evans]) {
    w.ids[who.name] = await staffIdOf(ctx, w.clinic, who);
    const body = { departmentId: who === caro ? w.labId : w.wardId, startDate: '2020-01-06' };
    expect((await ctx.call('PATCH', `/api/core/staff/${w.ids[who.name]}`, w.hr, body)).statusCode).toBe(200);
  }
  return { ...w, caro, evans };
}

const mine = async (who: Persona) =>
  (await ctx.call('GET', '/api/core/shifts/mine?from=2026-03-01&limit=50', who)).json().data as {
    id: string;
    day: string;
    shiftName: string;
    swap: { id: string; status: string; takenBy: string | null } | null;
  }[];
const shiftOf = async (who: Persona, day: string, shiftName: string) =>
  (await mine(who)).find((s) => s.day === day && s.shiftName === shiftName)!;
const offer = (who: Persona, assignmentId: string, body: Record<string, unknown> = {}) =>
  ctx.call('POST', `/api/core/rosters/assignments/${assignmentId}/swap-offers`, who, body);
const take = (who: Persona, id: string) => ctx.call('POST', `/api/core/swap-offers/${id}/take`, who, {});
const decide = (who: Persona, id: string, body: Record<string, unknown>) =>
  ctx.call('PATCH', `/api/core/swap-offers/${id}`, who, body);
const withdraw = (who: Persona, id: string) => ctx.call('DELETE', `/api/core/swap-offers/${id}`, who);
const listed = async (who: Persona, view: string) =>
  (await ctx.call('GET', `/api/core/swap-offers?view=${view}`, who)).json().data as {
    id: string;
    status: string;
  }[];
/** What a refusal must leave as it was: the organisation's swaps and its assignments with their people. */
const snapshot = (orgId: string) =>
  Promise.all([
    ctx.sql(`select id, status, taken_by, reason from core.shift_swaps where org_id = $1 order by id`, orgId),
    ctx.sql(
      `select id, staff_record_id, kept_reason from core.roster_assignments where org_id = $1 order by id`,
      orgId,
    ),
  ]);
const noticesOf = (kind: string) =>
  ctx.sql<{ userId: string; title: string }>(
    `select payload->'data'->>'userId' as "userId", payload->'data'->'title'->>'en' as title from core.outbox
      where type = 'core.notification.requested.v1' and payload->'data'->>'kind' = $1 order by seq`,
    kind,
  );
const eventsOf = (swapId: string) =>
  ctx
    .sql<{ type: string }>(
      `select type from core.outbox where type like 'core.swap.%' and payload->'data'->>'swapId' = $1 order by seq`,
      swapId,
    )
    .then((rows) => rows.map((r) => r.type));

it('a nurse offers her night, a colleague takes it, the manager approves: the night is the colleague’s, each told, audited', async () => {
  const h = await hospital();
  const { amina, beatrice, manager, labManager, tech, day, night } = h;
  await h.publish('2026-03-02', [
    [amina, day, '2026-03-02'],
    [amina, night, '2026-03-04'],
    [beatrice, day, '2026-03-02'],
  ]);
  const shift = await shiftOf(amina, '2026-03-04', 'Night');
  expect(shift.swap).toBeNull();

  const offered = await offer(amina, shift.id, { note: 'My sister’s wedding' });
  expect(offered.statusCode).toBe(201);
  const swap = offered.json().data;
  expect(swap).toMatchObject({
    assignmentId: shift.id,
    day: '2026-03-04',
    shiftName: 'Night',
    startsAt: '19:00',
    departmentName: 'Maternity ward',
    profession: 'Nurse',
    offeredBy: { staffId: h.ids['Amina Otieno'], name: 'Amina Otieno' },
    takenBy: null,
    status: 'open',
    note: 'My sister’s wedding',
  });
  const twice = await offer(amina, shift.id);
  expect([twice.statusCode, twice.json().code]).toEqual([409, 'core.swap_exists']);
  expect((await shiftOf(amina, '2026-03-04', 'Night')).swap).toEqual({
    id: swap.id,
    status: 'open',
    takenBy: null,
  });

  // Colleagues of her profession see it; she, a technician and the clinical officer do not.
  expect((await listed(beatrice, 'open')).map((s) => s.id)).toEqual([swap.id]);
  expect((await listed(h.caro, 'open')).map((s) => s.id)).toEqual([swap.id]);
  expect(await listed(amina, 'open')).toEqual([]);
  expect(await listed(tech, 'open')).toEqual([]);
  expect(await listed(h.evans, 'open')).toEqual([]);
  expect((await listed(amina, 'mine')).map((s) => s.id)).toEqual([swap.id]);

  const taken = await take(beatrice, swap.id);
  expect(taken.statusCode).toBe(200);
  expect(taken.json().data).toMatchObject({
    status: 'taken',
    takenBy: { staffId: h.ids['Beatrice Njeri'], name: 'Beatrice Njeri' },
    violations: [],
  });
  expect((await noticesOf('core.swap-taken')).filter((n) => n.userId === amina.id)).toEqual([
    {
      userId: amina.id,
      title: 'Beatrice Njeri will take your shift (Night, 2026-03-04) once the manager approves',
    },
  ]);
  expect((await noticesOf('core.swap-to-decide')).filter((n) => n.title.includes('2026-03-04'))).toEqual([
    { userId: manager.id, title: "Beatrice Njeri asks to take Amina Otieno's shift (Night, 2026-03-04)" },
  ]);
  expect((await listed(beatrice, 'open')).map((s) => s.id)).toEqual([]);
  expect((await listed(beatrice, 'mine')).map((s) => s.status)).toEqual(['taken']);

  // The ward's manager has it to decide; the laboratory's does not; a nurse may not ask.
  expect((await listed(manager, 'decide')).map((s) => s.id)).toEqual([swap.id]);
  expect((await listed(h.hr, 'decide')).map((s) => s.id)).toEqual([swap.id]);
  expect(await listed(labManager, 'decide')).toEqual([]);
  expect((await ctx.call('GET', '/api/core/swap-offers?view=decide', amina)).statusCode).toBe(403);

  const approved = await decide(manager, swap.id, { status: 'approved' });
  expect(approved.statusCode).toBe(200);
  expect(approved.json().data).toMatchObject({ status: 'approved', keptRules: [], reason: null });
  expect((await mine(amina)).map((s) => s.day)).toEqual(['2026-03-02']);
  expect((await mine(beatrice)).map((s) => [s.day, s.shiftName])).toEqual([
    ['2026-03-02', 'Day'],
    ['2026-03-04', 'Night'],
  ]);
  const [moved] = await ctx.sql<{ staff: string }>(
    `select staff_record_id as staff from core.roster_assignments where id = $1`,
    shift.id,
  );
  expect(moved!.staff).toBe(h.ids['Beatrice Njeri']);

  const decided = await noticesOf('core.swap-approved');
  expect(decided.filter((n) => [amina.id, beatrice.id].includes(n.userId))).toEqual([
    { userId: amina.id, title: 'The swap was approved: your shift (Night, 2026-03-04) is no longer yours' },
    { userId: beatrice.id, title: 'The swap was approved: the shift (Night, 2026-03-04) is yours' },
  ]);
  const audit = await ctx.sql<{ action: string; after: Record<string, unknown> }>(
    `select payload->'data'->>'action' as action, payload->'data'->'after' as after from core.outbox
      where type like '%admin%' and payload->'data'->'target'->>'id' = $1`,
    swap.id,
  );
  expect(audit).toEqual([
    {
      action: 'roster.swap-approve',
      after: expect.objectContaining({ status: 'approved', staffId: h.ids['Beatrice Njeri'] }),
    },
  ]);
  expect(await eventsOf(swap.id)).toEqual([
    'core.swap.offered.v1',
    'core.swap.taken.v1',
    'core.swap.approved.v1',
  ]);
  // Decided: no second decision, no withdrawal.
  expect((await decide(h.hr, swap.id, { status: 'declined', reason: 'Too late' })).json().code).toBe(
    'core.swap_not_taken',
  );
  expect((await withdraw(amina, swap.id)).json().code).toBe('core.swap_not_open');
});

it('two colleagues take the same shift at once: one wins, the other gets 409 and nothing of theirs changes', async () => {
  const h = await hospital();
  await h.publish('2026-03-02', [[h.amina, h.night, '2026-03-05']]);
  const shift = await shiftOf(h.amina, '2026-03-05', 'Night');
  const swap = (await offer(h.amina, shift.id)).json().data;
  const answers = await Promise.all([take(h.beatrice, swap.id), take(h.caro, swap.id)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  const lost = answers.find((a) => a.statusCode === 409)!;
  expect(lost.json().code).toBe('core.swap_not_open');
  const won = answers.find((a) => a.statusCode === 200)!.json().data;
  const [row] = await ctx.sql<{ taken_by: string }>(
    `select taken_by from core.shift_swaps where id = $1`,
    swap.id,
  );
  expect(row!.taken_by).toBe(won.takenBy.staffId);
  expect(
    (await noticesOf('core.swap-taken')).filter(
      (n) => n.userId === h.amina.id && n.title.includes('2026-03-05'),
    ),
  ).toHaveLength(1);
  expect(await eventsOf(swap.id)).toEqual(['core.swap.offered.v1', 'core.swap.taken.v1']);
  // A third later: still 409.
  const other = won.takenBy.staffId === h.ids['Caro Achieng'] ? h.beatrice : h.caro;
  expect((await take(other, swap.id)).statusCode).toBe(409);

  // The nurse of another ward took it: the shift's ward's manager decides, and it becomes hers.
  expect((await decide(h.labManager, swap.id, { status: 'approved' })).statusCode).toBe(403);
  expect((await decide(h.manager, swap.id, { status: 'approved' })).statusCode).toBe(200);
  expect((await mine(other)).map((s) => s.id)).toEqual([]);
  const winner = other === h.caro ? h.beatrice : h.caro;
  expect((await mine(winner)).map((s) => s.id)).toEqual([shift.id]);
});

it('on approval the rules are checked again for the taker: leave, rest, double booking; kept only with a reason', async () => {
  const h = await hospital();
  const { amina, beatrice, manager, day, night } = h;
  await h.publish('2026-03-02', [
    [amina, day, '2026-03-02'],
    [amina, night, '2026-03-04'],
    [beatrice, day, '2026-03-02'],
    [beatrice, day, '2026-03-05'],
  ]);
  // Amina's night ends at 07:00 on the 5th, when Beatrice's day begins: she would have no rest.
  const nightShift = await shiftOf(amina, '2026-03-04', 'Night');
  const swap = (await offer(amina, nightShift.id)).json().data;
  expect((await take(beatrice, swap.id)).json().data.violations).toEqual(['short-rest']);

  // Then Beatrice's leave on the 4th is approved: both shown to the manager.
  const unpaid = (await ctx.call('GET', '/api/core/leave/types', beatrice))
    .json()
    .data.find((t: { code: string }) => t.code === 'unpaid');
  const leave = await ctx.call('POST', '/api/core/leave/requests', beatrice, {
    typeId: unpaid.id,
    from: '2026-03-04',
    to: '2026-03-04',
  });
  const leaveId = leave.json().data.id;
  expect(
    (await ctx.call('PATCH', `/api/core/leave/requests/${leaveId}`, manager, { status: 'approved' }))
      .statusCode,
  ).toBe(200);
  expect((await listed(manager, 'decide')).find((s) => s.id === swap.id)).toMatchObject({
    violations: ['on-leave', 'short-rest'],
  });

  const before = await snapshot(h.clinic.orgId!);
  const refused = await decide(manager, swap.id, { status: 'approved' });
  expect([refused.statusCode, refused.json().code, refused.json().hints]).toEqual([
    422,
    'core.roster_rule_broken',
    ['on-leave', 'short-rest'],
  ]);
  expect(await snapshot(h.clinic.orgId!)).toEqual(before);

  const kept = await decide(manager, swap.id, {
    status: 'approved',
    reason: 'She asked to come back early; the day is swapped next',
  });
  expect(kept.statusCode).toBe(200);
  expect(kept.json().data).toMatchObject({
    status: 'approved',
    keptRules: ['on-leave', 'short-rest'],
    reason: 'She asked to come back early; the day is swapped next',
  });
  const [row] = await ctx.sql<{ staff: string; kept: string[]; reason: string }>(
    `select staff_record_id as staff, kept_rules as kept, kept_reason as reason from core.roster_assignments where id = $1`,
    nightShift.id,
  );
  expect(row).toEqual({
    staff: h.ids['Beatrice Njeri'],
    kept: ['on-leave', 'short-rest'],
    reason: 'She asked to come back early; the day is swapped next',
  });

  // Double booking: Amina's day on the 2nd to Beatrice, who is on that very shift: never, reason or not.
  const dayShift = await shiftOf(amina, '2026-03-02', 'Day');
  const second = (await offer(amina, dayShift.id)).json().data;
  expect((await take(beatrice, second.id)).json().data.violations).toEqual(['overlap']);
  const snap = await snapshot(h.clinic.orgId!);
  const overlap = await decide(manager, second.id, { status: 'approved' });
  expect([overlap.statusCode, overlap.json().hints]).toEqual([422, ['overlap']]);
  const twice = await decide(manager, second.id, { status: 'approved', reason: 'Two of her, please' });
  expect([twice.statusCode, twice.json().code]).toEqual([409, 'core.roster_shift_invalid']);
  expect(await snapshot(h.clinic.orgId!)).toEqual(snap);

  // Declined, with its reason: both told; the shift stays Amina's.
  expect((await decide(manager, second.id, { status: 'declined' })).json().code).toBe(
    'core.swap_reason_required',
  );
  const declined = await decide(manager, second.id, {
    status: 'declined',
    reason: 'Beatrice is already on it',
  });
  expect(declined.json().data).toMatchObject({ status: 'declined', reason: 'Beatrice is already on it' });
  expect(
    (await noticesOf('core.swap-declined')).filter((n) => [amina.id, beatrice.id].includes(n.userId)),
  ).toEqual([
    {
      userId: amina.id,
      title: 'The swap of the shift (Day, 2026-03-02) was declined: Beatrice is already on it',
    },
    {
      userId: beatrice.id,
      title: 'The swap of the shift (Day, 2026-03-02) was declined: Beatrice is already on it',
    },
  ]);
  expect((await mine(amina)).map((s) => s.id)).toEqual([dayShift.id]);
  // Offered again once declined.
  expect((await offer(amina, dayShift.id)).statusCode).toBe(201);
});

it('a clinical shift goes only to a colleague cleared to practise', async () => {
  const h = await hospital();
  const theatre = (
    await ctx.call('POST', '/api/core/shift-templates', h.manager, {
      departmentId: h.wardId,
      name: 'Theatre',
      startsAt: '08:00',
      endsAt: '16:00',
      clinical: true,
    })
  ).json().data.id as string;
  expect(
    (
      await ctx.call('POST', '/api/core/credentials', h.beatrice, {
        councilId: nck,
        number: 'NCK/SWAP/1',
        expiresOn: '2028-12-31',
      })
    ).statusCode,
  ).toBe(201);
  await h.publish('2026-03-02', [[h.amina, theatre, '2026-03-06']]);
  const swap = (await offer(h.amina, (await shiftOf(h.amina, '2026-03-06', 'Theatre')).id)).json().data;
  expect(swap.clinical).toBe(true);
  expect(await listed(h.caro, 'open')).toEqual([]);
  const before = await snapshot(h.clinic.orgId!);
  const refused = await take(h.caro, swap.id);
  expect([refused.statusCode, refused.json().code]).toEqual([403, 'core.swap_not_cleared']);
  expect(await snapshot(h.clinic.orgId!)).toEqual(before);
  expect((await listed(h.beatrice, 'open')).map((s) => s.id)).toEqual([swap.id]);
  expect((await take(h.beatrice, swap.id)).json().data).toMatchObject({ status: 'taken', violations: [] });
});

it('each refusal changes nothing: not one’s shift, a draft, a shift begun, another profession, another organisation, the parties deciding', async () => {
  const h = await hospital();
  const { amina, beatrice, manager, hr, day, night } = h;
  // The manager is a nurse too, on a day of her own ward.
  expect(
    (await ctx.call('PATCH', `/api/core/staff/${h.ids['Grace Wanjiru']}`, hr, { profession: 'Nurse' }))
      .statusCode,
  ).toBe(200);
  await h.publish('2026-03-02', [
    [amina, night, '2026-03-02'],
    [amina, day, '2026-03-06'],
    [manager, day, '2026-03-03'],
  ]);
  const draft = await ctx.call('POST', '/api/core/rosters', manager, {
    departmentId: h.wardId,
    startsOn: '2026-03-09',
    weeks: 1,
  });
  const drafted = await ctx.call('POST', `/api/core/rosters/${draft.json().data.id}/assignments`, manager, {
    staffId: h.ids['Amina Otieno'],
    templateId: day,
    day: '2026-03-09',
  });
  const draftShift = drafted.json().data.assignments[0].id as string;
  const stranger = await ctx.clinic();
  const strangerNurse = await ctx.member(stranger, { name: 'Zawadi Far', designation: 'Nurse' });
  const night2 = await shiftOf(amina, '2026-03-02', 'Night');
  const day6 = await shiftOf(amina, '2026-03-06', 'Day');

  const before = await snapshot(h.clinic.orgId!);
  const refusedOffer = async (who: Persona, id: string, status: number, code?: string) => {
    const res = await offer(who, id);
    expect([res.statusCode, res.json().code]).toEqual([status, code ?? expect.anything()]);
  };
  await refusedOffer(beatrice, night2.id, 403, 'core.swap_not_yours');
  await refusedOffer(manager, night2.id, 403, 'core.swap_not_yours');
  await refusedOffer(stranger, night2.id, 404);
  await refusedOffer(strangerNurse, night2.id, 404);
  await refusedOffer(amina, draftShift, 409, 'core.swap_not_published');
  expect((await offer(amina, night2.id, { note: 'x'.repeat(301) })).statusCode).toBe(400);
  expect((await offer(amina, night2.id, { extra: true })).statusCode).toBe(400);
  expect((await offer(amina, 'not-a-uuid')).statusCode).toBe(400);
  // Past its start (19:00 on the 2nd, East Africa Time).
  ctx.clock.at = new Date('2026-03-02T16:00:00Z');
  await refusedOffer(amina, night2.id, 422, 'core.swap_shift_started');
  ctx.clock.set('2026-02-20');
  expect(await snapshot(h.clinic.orgId!)).toEqual(before);

  // An open offer: the wrong people cannot take it.
  const swap = (await offer(amina, day6.id)).json().data;
  const open = await snapshot(h.clinic.orgId!);
  const refusedTake = async (who: Persona, status: number, code?: string) => {
    const res = await take(who, swap.id);
    expect([res.statusCode, res.json().code]).toEqual([status, code ?? expect.anything()]);
  };
  await refusedTake(amina, 403, 'core.swap_own');
  await refusedTake(h.evans, 403, 'core.swap_profession');
  await refusedTake(h.tech, 403, 'core.swap_profession');
  await refusedTake(strangerNurse, 404, 'core.swap_not_found');
  await refusedTake(h.clinic, 404, 'core.staff_not_found');
  // Not yet taken: nothing to decide; only the offerer withdraws.
  expect((await decide(manager, swap.id, { status: 'approved' })).json().code).toBe('core.swap_not_taken');
  expect((await decide(manager, swap.id, { status: 'maybe' })).statusCode).toBe(400);
  expect((await withdraw(beatrice, swap.id)).json().code).toBe('core.swap_not_yours');
  expect((await withdraw(stranger, swap.id)).statusCode).toBe(404);
  expect((await ctx.call('GET', '/api/core/swap-offers?view=everything', amina)).statusCode).toBe(400);
  expect(await snapshot(h.clinic.orgId!)).toEqual(open);

  // Taken: the nurse, the other ward's manager, another organisation and the parties do not decide.
  expect((await take(beatrice, swap.id)).statusCode).toBe(200);
  const taken = await snapshot(h.clinic.orgId!);
  for (const [who, status, code] of [
    [beatrice, 403, 'core.swap_own_decision'],
    [amina, 403, 'core.swap_own_decision'],
    [h.caro, 403, undefined],
    [h.labManager, 403, undefined],
    [stranger, 404, 'core.swap_not_found'],
  ] as const) {
    const res = await decide(who, swap.id, { status: 'approved' });
    expect([res.statusCode, res.json().code]).toEqual([status, code ?? expect.anything()]);
  }
  // Past its start it can no longer be approved.
  ctx.clock.at = new Date('2026-03-06T05:00:00Z');
  expect((await decide(manager, swap.id, { status: 'approved' })).json().code).toBe(
    'core.swap_shift_started',
  );
  ctx.clock.set('2026-02-20');
  expect(await snapshot(h.clinic.orgId!)).toEqual(taken);

  // The offerer withdraws it: the taker is told; then it is closed.
  const gone = await withdraw(amina, swap.id);
  expect(gone.json().data.status).toBe('withdrawn');
  expect((await noticesOf('core.swap-withdrawn')).filter((n) => n.userId === beatrice.id)).toEqual([
    { userId: beatrice.id, title: 'Amina Otieno withdrew the shift (Day, 2026-03-06) you took' },
  ]);
  expect((await take(h.caro, swap.id)).json().code).toBe('core.swap_not_open');
  expect(await eventsOf(swap.id)).toEqual([
    'core.swap.offered.v1',
    'core.swap.taken.v1',
    'core.swap.withdrawn.v1',
  ]);

  // The manager's own shift: taken by Amina, HR decides, not she.
  const hers = (await offer(manager, (await shiftOf(manager, '2026-03-03', 'Day')).id)).json().data;
  expect((await take(amina, hers.id)).statusCode).toBe(200);
  const own = await decide(manager, hers.id, { status: 'approved' });
  expect([own.statusCode, own.json().code]).toEqual([403, 'core.swap_own_decision']);
  // Amina's night before it ends at 07:00 that morning: HR keeps it only with a reason.
  expect((await decide(hr, hers.id, { status: 'approved' })).json().hints).toEqual(['short-rest']);
  const kept = await decide(hr, hers.id, { status: 'approved', reason: 'Amina sleeps on the ward' });
  expect(kept.json().data).toMatchObject({ status: 'approved', keptRules: ['short-rest'] });
});
