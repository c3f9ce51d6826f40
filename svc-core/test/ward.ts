import { staffIdOf, type CoreContext, type Persona } from './helpers';

/**
 * A clinic (in `timeZone`) with an HR admin, a maternity ward with its manager and two nurses, and a
 * laboratory with its own manager and technician: what the time clock's and timesheets' tests start from.
 * The ward's shifts are Day 07:00–19:00 and Night 19:00–07:00 (not clinical, so no licence is needed).
 */
export async function ward(ctx: CoreContext, timeZone = 'Africa/Nairobi') {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const manager = await ctx.member(clinic, { name: 'Grace Wanjiru' });
  const labManager = await ctx.member(clinic, { name: 'Peter Mwangi' });
  const amina = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const beatrice = await ctx.member(clinic, { name: 'Beatrice Njeri', designation: 'Nurse' });
  const tech = await ctx.member(clinic, { name: 'Brian Kiprop' });
  if (timeZone !== 'Africa/Nairobi')
    expect((await ctx.call('PATCH', '/api/core/organisation', clinic, { timeZone })).statusCode).toBe(200);
  const department = async (name: string) =>
    (await ctx.call('POST', '/api/core/departments', clinic, { name })).json().data.id as string;
  const wardId = await department('Maternity ward');
  const labId = await department('Laboratory');
  const role = async (who: Persona, body: Record<string, unknown>) =>
    ctx.call('PUT', `/api/core/staff/${await staffIdOf(ctx, clinic, who)}/role`, clinic, body);
  expect((await role(hr, { role: 'hr-admin' })).statusCode).toBe(200);
  expect((await role(manager, { role: 'manager', departmentIds: [wardId] })).statusCode).toBe(200);
  expect((await role(labManager, { role: 'manager', departmentIds: [labId] })).statusCode).toBe(200);
  const ids: Record<string, string> = {};
  for (const [i, [who, departmentId]] of (
    [
      [amina, wardId],
      [beatrice, wardId],
      [manager, wardId],
      [tech, labId],
    ] as const
  ).entries()) {
    ids[who.name] = await staffIdOf(ctx, clinic, who);
    const body = { departmentId, startDate: '2020-01-06', nationalId: `2900000${i}` };
    expect((await ctx.call('PATCH', `/api/core/staff/${ids[who.name]}`, hr, body)).statusCode).toBe(200);
  }
  const template = async (name: string, startsAt: string, endsAt: string) =>
    (
      await ctx.call('POST', '/api/core/shift-templates', manager, {
        departmentId: wardId,
        name,
        startsAt,
        endsAt,
        clinical: false,
      })
    ).json().data.id as string;
  const day = await template('Day', '07:00', '19:00');
  const night = await template('Night', '19:00', '07:00');

  /** A published week of the ward from `startsOn`: each [person, shift, day] assigned. */
  async function publish(startsOn: string, shifts: [Persona, string, string][]) {
    const roster = await ctx.call('POST', '/api/core/rosters', manager, {
      departmentId: wardId,
      startsOn,
      weeks: 1,
    });
    expect(roster.statusCode).toBe(201);
    const id = roster.json().data.id as string;
    for (const [who, templateId, on] of shifts) {
      const res = await ctx.call('POST', `/api/core/rosters/${id}/assignments`, manager, {
        staffId: ids[who.name],
        templateId,
        day: on,
        reason: 'Agreed with the ward',
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await ctx.call('POST', `/api/core/rosters/${id}/publish`, manager)).statusCode).toBe(200);
    return id;
  }
  return { clinic, hr, manager, labManager, amina, beatrice, tech, ids, wardId, labId, day, night, publish };
}

/** Moves the test clock to an instant (`2026-03-02T15:55:00Z`). */
export const at = (ctx: CoreContext, iso: string) => {
  ctx.clock.at = new Date(iso);
};

export const clockIn = (ctx: CoreContext, who: Persona, qr?: string) =>
  ctx.call('POST', '/api/core/clock', who, { action: 'in', ...(qr !== undefined && { qr }) });
export const clockOut = (ctx: CoreContext, who: Persona) =>
  ctx.call('POST', '/api/core/clock', who, { action: 'out' });
export const entryCount = async (ctx: CoreContext, orgId: string) =>
  (
    await ctx.sql<{ n: number }>(`select count(*)::int as n from core.clock_entries where org_id = $1`, orgId)
  )[0]!.n;
