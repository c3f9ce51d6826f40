import { startCore, type CoreContext, type Persona } from './helpers';

/**
 * Shifts and rosters against real Postgres and NATS: a ward's shifts and minimum staffing; a roster for a
 * week; each rule a hand assignment breaks (leave, 11 hours' rest, nights in a row, not cleared on a
 * clinical shift, overlap) refused until a reason keeps it; the suggestion filling every gap without
 * breaking one; publishing telling each person; who may do what, each refusal changing nothing.
 */
let ctx: CoreContext;
let nck: string;
let coc: string;
beforeAll(async () => {
  ctx = await startCore();
  const councils = (await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'))).json().data;
  nck = councils.find((c: { code: string }) => c.code === 'ke-nck').id;
  coc = councils.find((c: { code: string }) => c.code === 'ke-coc').id;
});
afterAll(async () => ctx?.close());

const staffIdOf = async (clinic: Persona, person: Persona) =>
  (await ctx.call('GET', '/api/core/staff?limit=100', clinic))
    .json()
    .data.find((s: { personId: string }) => s.personId === person.id).id as string;
const counts = async (orgId: string) =>
  (
    await ctx.sql<{ templates: number; rosters: number; assignments: number }>(
      `select (select count(*)::int from core.shift_templates where org_id = $1) as templates,
              (select count(*)::int from core.rosters where org_id = $1) as rosters,
              (select count(*)::int from core.roster_assignments where org_id = $1) as assignments`,
      orgId,
    )
  )[0]!;

/**
 * A clinic with HR, a ward with its manager, three nurses cleared to practise and one not, two clinical
 * officers; a laboratory with its own manager.
 */
async function hospital() {
  ctx.clock.set('2026-02-20');
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const manager = await ctx.member(clinic, { name: 'Grace Wanjiru' });
  const labManager = await ctx.member(clinic, { name: 'Peter Mwangi' });
  const nurses = [];
  for (const name of ['Amina Otieno', 'Beatrice Njeri', 'Caro Achieng', 'Dorcas Unlicensed'])
    nurses.push(await ctx.member(clinic, { name, designation: 'Nurse' }));
  const officers = [];
  for (const name of ['Evans Kibet', 'Faith Chebet'])
    officers.push(await ctx.member(clinic, { name, designation: 'Clinical Officer' }));
  const department = async (name: string) =>
    (await ctx.call('POST', '/api/core/departments', clinic, { name })).json().data.id as string;
  const ward = await department('Maternity ward');
  const lab = await department('Laboratory');
  const role = (who: Persona, body: Record<string, unknown>) =>
    staffIdOf(clinic, who).then((id) => ctx.call('PUT', `/api/core/staff/${id}/role`, clinic, body));
  expect((await role(hr, { role: 'hr-admin' })).statusCode).toBe(200);
  expect((await role(manager, { role: 'manager', departmentIds: [ward] })).statusCode).toBe(200);
  expect((await role(labManager, { role: 'manager', departmentIds: [lab] })).statusCode).toBe(200);
  const ids: Record<string, string> = {};
  for (const p of [...nurses, ...officers]) {
    ids[p.name] = await staffIdOf(clinic, p);
    expect(
      (
        await ctx.call('PATCH', `/api/core/staff/${ids[p.name]}`, hr, {
          departmentId: ward,
          startDate: '2015-01-05',
        })
      ).statusCode,
    ).toBe(200);
  }
  for (const [i, p] of [...nurses.slice(0, 3), ...officers].entries())
    expect(
      (
        await ctx.call('POST', '/api/core/credentials', p, {
          councilId: nurses.includes(p) ? nck : coc,
          number: `LIC/${i}/${p.id.slice(0, 6)}`,
          expiresOn: '2028-12-31',
        })
      ).statusCode,
    ).toBe(201);
  return { clinic, hr, manager, labManager, nurses, officers, ids, ward, lab };
}

const template = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/core/shift-templates', who, body);

it('a ward’s shifts and minimum staffing: its manager and HR set them, nobody else; bad input changes nothing', async () => {
  const { clinic, hr, manager, labManager, nurses, ward } = await hospital();
  const day = await template(manager, {
    departmentId: ward,
    name: 'Day',
    startsAt: '07:00',
    endsAt: '19:00',
    minimumStaffing: [{ profession: 'Nurse', count: 2 }],
  });
  expect(day.statusCode).toBe(201);
  expect(day.json().data).toMatchObject({ name: 'Day', night: false, hours: 12, clinical: true });
  const night = await template(hr, {
    departmentId: ward,
    name: 'Night',
    startsAt: '19:00',
    endsAt: '07:00',
    minimumStaffing: [
      { profession: 'Nurse', count: 2 },
      { profession: 'Clinical Officer', count: 1 },
    ],
  });
  expect(night.json().data).toMatchObject({ night: true, hours: 12 });

  const before = await counts(clinic.orgId!);
  const body = { departmentId: ward, name: 'Evening', startsAt: '15:00', endsAt: '23:00' };
  expect((await template(nurses[0]!, body)).statusCode).toBe(403);
  expect((await template(labManager, body)).statusCode).toBe(403);
  expect((await template(await ctx.clinic(), body)).statusCode).toBe(404);
  expect((await template(manager, { ...body, endsAt: '24:00' })).statusCode).toBe(400);
  expect(
    (await template(manager, { ...body, minimumStaffing: [{ profession: 'Nurse', count: 0 }] })).statusCode,
  ).toBe(400);
  const twice = await template(manager, { ...body, name: 'day' });
  expect([twice.statusCode, twice.json().code]).toEqual([409, 'core.shift_template_exists']);
  expect(await counts(clinic.orgId!)).toEqual(before);

  // The manager changes the minimum; a nurse reads the ward's shifts but changes none.
  const id = day.json().data.id;
  const changed = await ctx.call('PATCH', `/api/core/shift-templates/${id}`, manager, {
    minimumStaffing: [{ profession: 'Nurse', count: 1 }],
  });
  expect(changed.json().data.minimumStaffing).toEqual([{ profession: 'Nurse', count: 1 }]);
  expect(
    (await ctx.call('PATCH', `/api/core/shift-templates/${id}`, nurses[0]!, { name: 'Mine' })).statusCode,
  ).toBe(403);
  const listed = await ctx.call('GET', `/api/core/shift-templates?departmentId=${ward}`, nurses[0]!);
  expect(listed.json().data.map((t: { name: string }) => t.name)).toEqual(['Day', 'Night']);
  expect(listed.json().pageInfo.total).toBe(2);
  const audited = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox where type like '%admin%' and payload->'data'->'target'->>'id' = $1 order by seq`,
    id,
  );
  expect(audited.map((a) => a.action)).toEqual(['shift-template.create', 'shift-template.change']);
});

it('a hand assignment that breaks a rule is refused with the rules, kept only with a reason, and shown beside it', async () => {
  const { clinic, manager, nurses, officers, ids, ward } = await hospital();
  const made = async (body: Record<string, unknown>) =>
    (await template(manager, { departmentId: ward, ...body })).json().data.id as string;
  const day = await made({
    name: 'Day',
    startsAt: '07:00',
    endsAt: '19:00',
    minimumStaffing: [{ profession: 'Nurse', count: 1 }],
  });
  const night = await made({
    name: 'Night',
    startsAt: '19:00',
    endsAt: '07:00',
    minimumStaffing: [
      { profession: 'Nurse', count: 1 },
      { profession: 'Clinical Officer', count: 1 },
    ],
  });
  const evening = await made({ name: 'Evening', startsAt: '15:00', endsAt: '23:00' });
  const created = await ctx.call('POST', '/api/core/rosters', manager, {
    departmentId: ward,
    startsOn: '2026-03-02',
    weeks: 1,
    maxConsecutiveNights: 2,
  });
  expect(created.statusCode).toBe(201);
  const roster = created.json().data;
  expect(roster).toMatchObject({ startsOn: '2026-03-02', endsOn: '2026-03-08', status: 'draft' });
  expect(roster.people.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['Amina Otieno', 'Dorcas Unlicensed', 'Evans Kibet']),
  );
  expect(roster.gaps).toHaveLength(7 * 3);

  // Beatrice's unpaid leave on 4 March, approved by the manager.
  const beatrice = nurses[1]!;
  const unpaid = (await ctx.call('GET', '/api/core/leave/types', beatrice))
    .json()
    .data.find((t: { code: string }) => t.code === 'unpaid');
  const leave = await ctx.call('POST', '/api/core/leave/requests', beatrice, {
    typeId: unpaid.id,
    from: '2026-03-04',
    to: '2026-03-04',
  });
  expect(leave.statusCode).toBe(201);
  expect(
    (
      await ctx.call('PATCH', `/api/core/leave/requests/${leave.json().data.id}`, manager, {
        status: 'approved',
      })
    ).statusCode,
  ).toBe(200);

  const assign = (staff: string, templateId: string, d: string, reason?: string) =>
    ctx.call('POST', `/api/core/rosters/${roster.id}/assignments`, manager, {
      staffId: ids[staff],
      templateId,
      day: d,
      ...(reason && { reason }),
    });
  const refusedWith = async (res: Awaited<ReturnType<typeof assign>>) => {
    expect([res.statusCode, res.json().code]).toEqual([422, 'core.roster_rule_broken']);
    return res.json().hints;
  };
  const before = await counts(clinic.orgId!);
  expect(await refusedWith(await assign('Beatrice Njeri', day, '2026-03-04'))).toEqual(['on-leave']);
  expect(await refusedWith(await assign('Dorcas Unlicensed', day, '2026-03-02'))).toEqual(['not-cleared']);
  expect(await counts(clinic.orgId!)).toEqual(before);

  expect((await assign('Amina Otieno', night, '2026-03-02')).statusCode).toBe(201);
  expect(await refusedWith(await assign('Amina Otieno', day, '2026-03-03'))).toEqual(['short-rest']); // 07:00 after a night to 07:00
  expect((await assign('Amina Otieno', night, '2026-03-03')).statusCode).toBe(201);
  expect(await refusedWith(await assign('Amina Otieno', night, '2026-03-04'))).toEqual(['too-many-nights']);
  expect((await assign('Caro Achieng', day, '2026-03-05')).statusCode).toBe(201);
  expect(await refusedWith(await assign('Caro Achieng', evening, '2026-03-05'))).toEqual(['overlap']);
  expect(await counts(clinic.orgId!)).toEqual({ ...before, assignments: before.assignments + 3 });

  // Kept with a reason: the rule stays beside it, with the reason, and the keeping is audited.
  const kept = await assign(
    'Dorcas Unlicensed',
    day,
    '2026-03-06',
    'Renewal receipt seen; council confirms on Monday',
  );
  expect(kept.statusCode).toBe(201);
  const dorcas = kept
    .json()
    .data.assignments.find((a: { staffId: string }) => a.staffId === ids['Dorcas Unlicensed']);
  expect(dorcas).toMatchObject({
    violations: ['not-cleared'],
    keptReason: 'Renewal receipt seen; council confirms on Monday',
  });
  const audit = await ctx.sql(
    `select 1 from core.outbox where payload->'data'->>'action' = 'roster.keep-breaking-rules' and payload->'data'->'target'->>'id' = $1`,
    roster.id,
  );
  expect(audit).toHaveLength(1);
  expect((await assign('Caro Achieng', day, '2026-03-05')).statusCode).toBe(409); // already on it
  expect((await assign('Caro Achieng', day, '2026-03-09')).json().code).toBe('core.roster_shift_invalid'); // after the roster

  // The gaps shrink by what was assigned; the screen sees which shift lacks whom.
  const read = (await ctx.call('GET', `/api/core/rosters/${roster.id}`, manager)).json().data;
  expect(
    read.gaps.find(
      (g: { day: string; templateId: string; profession: string }) =>
        g.day === '2026-03-02' && g.templateId === night && g.profession === 'Nurse',
    ),
  ).toBeUndefined();
  expect(read.gaps).toContainEqual({
    day: '2026-03-02',
    templateId: night,
    profession: 'Clinical Officer',
    needed: 1,
    assigned: 0,
  });

  // Fill: every gap met but one nobody can take without breaking a rule (on 4 March Beatrice is on leave,
  // Amina rests after two nights, Dorcas is not cleared: Caro alone, for one of the two shifts); nobody
  // breaking a rule but Dorcas's kept one; again, nothing more.
  const filled = await ctx.call('POST', `/api/core/rosters/${roster.id}/fill`, manager);
  expect(filled.statusCode).toBe(200);
  const full = filled.json().data;
  expect(full.gaps).toEqual([
    expect.objectContaining({ day: '2026-03-04', profession: 'Nurse', assigned: 0 }),
  ]);
  expect(full.assignments.filter((a: { violations: string[] }) => a.violations.length)).toEqual([dorcas]);
  expect(
    full.assignments.some(
      (a: { staffId: string; day: string }) => a.staffId === ids['Beatrice Njeri'] && a.day === '2026-03-04',
    ),
  ).toBe(false);
  expect(
    full.assignments.filter((a: { staffId: string }) =>
      [ids['Evans Kibet'], ids['Faith Chebet']].includes(a.staffId),
    ),
  ).toHaveLength(7);
  const again = (await ctx.call('POST', `/api/core/rosters/${roster.id}/fill`, manager)).json().data;
  expect(again.assignments).toHaveLength(full.assignments.length);

  // Publish: each person on it told their shifts once; the event; then it changes no more.
  expect((await ctx.call('POST', `/api/core/rosters/${roster.id}/publish`, nurses[0]!)).statusCode).toBe(403);
  const published = await ctx.call('POST', `/api/core/rosters/${roster.id}/publish`, manager);
  expect(published.json().data.status).toBe('published');
  const notices = await ctx.sql<{ userId: string; title: string }>(
    `select payload->'data'->>'userId' as "userId", payload->'data'->'title'->>'en' as title from core.outbox
      where type = 'core.notification.requested.v1' and payload->'data'->>'kind' = 'core.roster-published'`,
  );
  const onRoster = new Set(full.assignments.map((a: { staffId: string }) => a.staffId));
  const people = [...nurses, ...officers].filter((p) => onRoster.has(ids[p.name]));
  expect(notices.map((n) => n.userId).sort()).toEqual(people.map((p) => p.id).sort());
  const aminaShifts = full.assignments.filter(
    (a: { staffId: string }) => a.staffId === ids['Amina Otieno'],
  ).length;
  expect(notices.find((n) => n.userId === nurses[0]!.id)!.title).toBe(
    `Your roster for Maternity ward (2026-03-02 – 2026-03-08): ${aminaShifts} shifts`,
  );
  const event = await ctx.sql<{ data: Record<string, unknown> }>(
    `select payload->'data' as data from core.outbox where type = 'core.roster.published.v1' and payload->'data'->>'rosterId' = $1`,
    roster.id,
  );
  expect(event.map((e) => e.data)).toEqual([
    expect.objectContaining({ departmentId: ward, people: people.length, shifts: full.assignments.length }),
  ]);
  const late = await ctx.call('POST', `/api/core/rosters/${roster.id}/publish`, manager);
  expect(late.json().code).toBe('core.roster_published');
  expect((await assign('Caro Achieng', evening, '2026-03-08')).statusCode).toBe(409);

  // Amina sees her own shifts, by day.
  const mine = (await ctx.call('GET', '/api/core/shifts/mine?from=2026-03-01', nurses[0]!)).json();
  expect(mine.pageInfo.total).toBe(aminaShifts);
  expect(mine.data[0]).toMatchObject({
    day: '2026-03-02',
    shiftName: 'Night',
    startsAt: '19:00',
    departmentName: 'Maternity ward',
  });
});

it('rosters: HR all, a manager their departments, staff and another organisation nothing; each refusal changes nothing', async () => {
  const { clinic, hr, manager, labManager, nurses, ward, lab } = await hospital();
  const body = { departmentId: ward, startsOn: '2026-03-02', weeks: 2 };
  const before = await counts(clinic.orgId!);
  expect((await ctx.call('POST', '/api/core/rosters', nurses[0]!, body)).statusCode).toBe(403);
  expect((await ctx.call('POST', '/api/core/rosters', labManager, body)).statusCode).toBe(403);
  expect((await ctx.call('POST', '/api/core/rosters', await ctx.clinic(), body)).statusCode).toBe(404);
  expect((await ctx.call('POST', '/api/core/rosters', manager, { ...body, weeks: 7 })).statusCode).toBe(400);
  expect(
    (await ctx.call('POST', '/api/core/rosters', manager, { ...body, startsOn: '2026-02-30' })).statusCode,
  ).toBe(400);
  expect(await counts(clinic.orgId!)).toEqual(before);

  const roster = (await ctx.call('POST', '/api/core/rosters', manager, body)).json().data;
  const overlapping = await ctx.call('POST', '/api/core/rosters', hr, {
    ...body,
    startsOn: '2026-03-09',
    weeks: 1,
  });
  expect([overlapping.statusCode, overlapping.json().code]).toEqual([409, 'core.roster_overlap']);
  expect(
    (await ctx.call('POST', '/api/core/rosters', hr, { ...body, startsOn: '2026-03-16', weeks: 1 }))
      .statusCode,
  ).toBe(201);
  expect(
    (await ctx.call('POST', '/api/core/rosters', labManager, { ...body, departmentId: lab })).statusCode,
  ).toBe(201);

  const listed = async (who: Persona) => (await ctx.call('GET', '/api/core/rosters', who)).json();
  expect((await listed(hr)).pageInfo.total).toBe(3);
  expect((await listed(manager)).data.map((r: { departmentName: string }) => r.departmentName)).toEqual([
    'Maternity ward',
    'Maternity ward',
  ]);
  expect((await ctx.call('GET', '/api/core/rosters', nurses[0]!)).statusCode).toBe(403);

  const after = await counts(clinic.orgId!);
  const stranger = await ctx.clinic();
  for (const [who, status] of [
    [nurses[0]!, 403],
    [labManager, 403],
    [stranger, 404],
  ] as const) {
    expect((await ctx.call('GET', `/api/core/rosters/${roster.id}`, who)).statusCode).toBe(status);
    expect((await ctx.call('POST', `/api/core/rosters/${roster.id}/fill`, who)).statusCode).toBe(status);
    expect((await ctx.call('POST', `/api/core/rosters/${roster.id}/publish`, who)).statusCode).toBe(status);
  }
  expect(await counts(clinic.orgId!)).toEqual(after);
  expect((await ctx.call('GET', `/api/core/rosters/${roster.id}`, hr)).json().data.status).toBe('draft');
});
