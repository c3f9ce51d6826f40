import { startCore, staffIdOf, type CoreContext, type Persona } from './helpers';

/**
 * The organisation's settings against real Postgres and NATS: its time zone (East Africa Time by default,
 * an IANA name from Intl's list) set by HR alone and audited, and "today" read in it.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const settingsOf = async (orgId: string) =>
  (
    await ctx.sql<{ time_zone: string; facility_type: string }>(
      `select time_zone, facility_type from core.organisations where id = $1`,
      orgId,
    )
  )[0]!;
const configure = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('PATCH', '/api/core/organisation', who, body);

async function clinicWithTeam() {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const manager = await ctx.member(clinic, { name: 'Grace Wanjiru' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const ward = (await ctx.call('POST', '/api/core/departments', clinic, { name: 'Maternity ward' })).json()
    .data.id as string;
  const role = async (who: Persona, body: Record<string, unknown>) =>
    ctx.call('PUT', `/api/core/staff/${await staffIdOf(ctx, clinic, who)}/role`, clinic, body);
  expect((await role(hr, { role: 'hr-admin' })).statusCode).toBe(200);
  expect((await role(manager, { role: 'manager', departmentIds: [ward] })).statusCode).toBe(200);
  const nurseId = await staffIdOf(ctx, clinic, nurse);
  expect(
    (
      await ctx.call('PATCH', `/api/core/staff/${nurseId}`, hr, {
        departmentId: ward,
        startDate: '2020-05-01',
      })
    ).statusCode,
  ).toBe(200);
  return { clinic, hr, manager, nurse, nurseId };
}

it('is East Africa Time until HR sets another zone of Intl’s list; nobody else changes it', async () => {
  ctx.clock.set('2026-03-02');
  const { clinic, hr, manager, nurse } = await clinicWithTeam();
  const read = await ctx.call('GET', '/api/core/organisation', nurse);
  expect(read.statusCode).toBe(200);
  expect(read.json().data).toMatchObject({
    country: 'KE',
    facilityType: 'Clinic',
    timeZone: 'Africa/Nairobi',
  });

  const set = await configure(hr, { timeZone: 'Africa/Kigali' });
  expect(set.statusCode).toBe(200);
  expect(set.json().data.timeZone).toBe('Africa/Kigali');
  expect((await ctx.call('GET', '/api/core/organisation', nurse)).json().data.timeZone).toBe('Africa/Kigali');

  const before = await settingsOf(clinic.orgId!);
  const unknown = await configure(hr, { timeZone: 'Africa/Atlantis' });
  expect([unknown.statusCode, unknown.json().code]).toEqual([422, 'core.time_zone_unknown']);
  expect((await configure(hr, { timeZone: '../etc/passwd' })).statusCode).toBe(400);
  expect((await configure(hr, {})).statusCode).toBe(400);
  expect((await configure(manager, { timeZone: 'Europe/London' })).statusCode).toBe(403);
  expect((await configure(nurse, { timeZone: 'Europe/London' })).statusCode).toBe(403);
  // Another organisation's HR changes its own organisation, never this one.
  const other = await ctx.clinic();
  expect((await configure(other, { timeZone: 'Europe/London' })).statusCode).toBe(200);
  expect(await settingsOf(clinic.orgId!)).toEqual(before);

  // The owner sets both at once; each change is its own admin action.
  expect((await configure(clinic, { timeZone: 'UTC', facilityType: 'Hospital' })).statusCode).toBe(200);
  const audited = await ctx.sql<{ action: string; after: unknown }>(
    `select payload->'data'->>'action' as action, payload->'data'->'after' as after from core.outbox
      where type like '%admin%' and payload->'data'->'target'->>'id' = $1 order by seq`,
    clinic.orgId,
  );
  expect(audited.map((a) => [a.action, a.after])).toEqual([
    ['organisation.time-zone', { timeZone: 'Africa/Kigali' }],
    ['organisation.facility-type', { facilityType: 'Hospital' }],
    ['organisation.time-zone', { timeZone: 'UTC' }],
  ]);
});

it('reads "today" in the organisation’s zone: who is away at 01:30 in Nairobi, still yesterday in New York', async () => {
  ctx.clock.set('2026-02-20');
  const { clinic, hr, nurse } = await clinicWithTeam();
  const annual = (await ctx.call('GET', '/api/core/leave/types', nurse))
    .json()
    .data.find((t: { code: string }) => t.code === 'annual');
  const asked = await ctx.call('POST', '/api/core/leave/requests', nurse, {
    typeId: annual.id,
    from: '2026-03-02',
    to: '2026-03-02',
  });
  expect(asked.statusCode).toBe(201);
  expect(
    (await ctx.call('PATCH', `/api/core/leave/requests/${asked.json().data.id}`, hr, { status: 'approved' }))
      .statusCode,
  ).toBe(200);

  // Sunday 22:30 UTC: Monday 01:30 in Nairobi, Sunday 17:30 in New York.
  ctx.clock.at = new Date('2026-03-01T22:30:00Z');
  const away = async () =>
    (await ctx.call('GET', '/api/core/leave/away', hr))
      .json()
      .data.map((r: { personName: string }) => r.personName);
  expect(await away()).toEqual(['Amina Otieno']);
  expect((await configure(clinic, { timeZone: 'America/New_York' })).statusCode).toBe(200);
  expect(await away()).toEqual([]);
});
