import {
  billingConsumerReady,
  entitlementsWith,
  eventually,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
import { startCore, type CoreContext, type Persona } from './helpers';

/**
 * "Licence alerts for up to 3 staff roles" (Essential; Professional and Enterprise: every role): HR chooses
 * the roles (professions) whose licences alert it, the plan's limit carried by billing.subscription.changed.v1
 * (a stand-in for svc-billing on the test's prefix) refuses a 4th with 402 and nothing changed, and the
 * alerts reach HR only for the roles chosen, while the holder always hears of their own licence.
 */
let ctx: CoreContext;
let billing: FakeBilling;
const councils: Record<string, string> = {};
beforeAll(async () => {
  ctx = await startCore();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
  const list = await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'));
  for (const c of list.json().data as { id: string; code: string }[]) councils[c.code] = c.id;
  const probe = await ctx.clinic();
  await billingConsumerReady(billing, probe.orgId!, () => roles(probe));
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const ROLES = '/api/core/licence-alerts/roles';
const roles = (who: Persona) => ctx.call('GET', ROLES, who);
const track = (who: Persona, profession: string) => ctx.call('POST', ROLES, who, { profession });
const untrack = (who: Persona, profession: string) =>
  ctx.call('DELETE', `${ROLES}/${encodeURIComponent(profession)}`, who);
const chosen = async (orgId: string) =>
  (
    await ctx.sql<{ profession: string }>(
      `select profession from core.licence_alert_roles where org_id = $1 order by created_at, profession`,
      orgId,
    )
  ).map((r) => r.profession);

/** A clinic on a plan whose licence alert roles are `limit` (null: every role), its projection in place. */
async function clinicOn(limit: number | null, version = 1, clinic?: Persona) {
  const c = clinic ?? (await ctx.clinic());
  await billing.announce(
    c.orgId!,
    version,
    'active',
    entitlementsWith(['core'], { licenceAlertRoles: limit }),
  );
  await eventually(async () => {
    const res = await roles(c);
    return res.statusCode === 200 && res.json().data.limit === limit ? true : undefined;
  }, 2_000);
  return c;
}

/** The licence alert notices a person was sent, oldest first. */
const licenceNoticesTo = async (userId: string) =>
  (
    await ctx.sql<{ kind: string }>(
      `select payload->'data'->>'kind' as kind from core.outbox
       where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
         and payload->'data'->>'kind' like 'core.licence-%' order by seq`,
      userId,
    )
  ).map((r) => r.kind);
const auditOf = async (orgId: string) =>
  (
    await ctx.sql<{ action: string; profession: string }>(
      `select payload->'data'->>'action' as action, payload->'data'->'after'->>'profession' as profession
       from core.outbox where type = 'core.admin-action.recorded.v1'
         and payload->'data'->'target'->>'id' = $1 and payload->'data'->>'action' like 'licence-alerts.%'
       order by seq`,
      orgId,
    )
  ).map((r) => `${r.action} ${r.profession}`);

it('lets an Essential clinic choose 3 staff roles and refuses a 4th with 402, nothing added', async () => {
  const clinic = await clinicOn(3);
  const first = await roles(clinic);
  expect(first.json().data).toEqual({
    limit: 3,
    roles: [],
    professions: ['Doctor', 'Nurse', 'Clinical Officer', 'Pharmacist', 'Laboratory Technologist'],
  });

  for (const p of ['Nurse', 'Doctor', 'Clinical Officer'])
    expect((await track(clinic, p)).statusCode).toBe(201);
  // Choosing one already chosen changes nothing and takes no place.
  expect((await track(clinic, 'Nurse')).statusCode).toBe(200);
  const fourth = await track(clinic, 'Pharmacist');
  expect(fourth.statusCode).toBe(402);
  expect(fourth.json()).toEqual({
    success: false,
    code: 'billing.limit_reached',
    module: 'core',
    limit: 'licenceAlertRoles',
    allowed: 3,
    message: 'Your plan tracks licences for up to 3 staff roles.',
    error: 'Your plan tracks licences for up to 3 staff roles.',
  });
  expect(await chosen(clinic.orgId!)).toEqual(['Nurse', 'Doctor', 'Clinical Officer']);
  expect(
    (await roles(clinic))
      .json()
      .data.roles.map((r: { profession: string; alerted: boolean }) => [r.profession, r.alerted]),
  ).toEqual([
    ['Nurse', true],
    ['Doctor', true],
    ['Clinical Officer', true],
  ]);

  // Two at once for the one place left: one is added, the other refused.
  expect((await untrack(clinic, 'Doctor')).statusCode).toBe(200);
  const both = await Promise.all([track(clinic, 'Pharmacist'), track(clinic, 'Laboratory Technologist')]);
  expect(both.map((r) => r.statusCode).sort()).toEqual([201, 402]);
  expect(await chosen(clinic.orgId!)).toHaveLength(3);

  // A role no council of its country licenses, or a made-up one: refused, nothing added.
  const other = await track(clinic, 'Other');
  expect(other.statusCode).toBe(422);
  expect(other.json().code).toBe('core.licence_role_not_licensed');
  expect((await track(clinic, 'Astronaut')).statusCode).toBe(400);
  expect(await chosen(clinic.orgId!)).toHaveLength(3);

  // Each change is an admin action for the audit log (the refused ones none).
  const added = both[0]!.statusCode === 201 ? 'Pharmacist' : 'Laboratory Technologist';
  expect(await auditOf(clinic.orgId!)).toEqual([
    'licence-alerts.track Nurse',
    'licence-alerts.track Doctor',
    'licence-alerts.track Clinical Officer',
    'licence-alerts.untrack Doctor',
    `licence-alerts.track ${added}`,
  ]);
});

it('lets only HR read or choose them; staff, a manager and another organisation change nothing', async () => {
  const clinic = await clinicOn(3);
  const nurse = await ctx.member(clinic, { designation: 'Nurse' });
  const manager = await ctx.member(clinic, { name: 'Mwangi Manager' });
  const managerRecord = (await ctx.call('GET', '/api/core/staff?search=Mwangi', clinic)).json().data[0].id;
  expect(
    (await ctx.call('PUT', `/api/core/staff/${managerRecord}/role`, clinic, { role: 'manager' })).statusCode,
  ).toBe(200);
  for (const who of [nurse, manager]) {
    expect((await roles(who)).statusCode).toBe(403);
    expect((await track(who, 'Nurse')).statusCode).toBe(403);
  }
  expect((await track(clinic, 'Nurse')).statusCode).toBe(201);
  expect((await untrack(nurse, 'Nurse')).statusCode).toBe(403);
  // Another clinic's HR sees and changes its own choice only.
  const another = await clinicOn(3);
  expect((await roles(another)).json().data.roles).toEqual([]);
  expect((await untrack(another, 'Nurse')).statusCode).toBe(200);
  expect(await chosen(clinic.orgId!)).toEqual(['Nurse']);
  expect((await ctx.call('GET', ROLES)).statusCode).toBe(401);
});

it("alerts HR for the chosen roles' licences only; the holder always; every role on Professional", async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await clinicOn(3);
  expect((await track(clinic, 'Nurse')).statusCode).toBe(201);
  const nurse = await ctx.member(clinic, { name: 'Achieng Nurse', designation: 'Nurse' });
  const pharmacist = await ctx.member(clinic, { name: 'Otieno Pharmacist', designation: 'Pharmacist' });
  // Both saved 45 days before expiry: the 60-day window is alerted at once.
  const licence = (who: Persona, council: string, number: string) =>
    ctx.call('POST', '/api/core/credentials', who, {
      councilId: councils[council],
      number,
      expiresOn: '2026-04-15',
    });
  expect((await licence(nurse, 'ke-nck', 'NCK/1')).statusCode).toBe(201);
  expect((await licence(pharmacist, 'ke-ppb', 'PPB/1')).statusCode).toBe(201);
  expect(await licenceNoticesTo(nurse.id)).toEqual(['core.licence-days-60']);
  expect(await licenceNoticesTo(pharmacist.id)).toEqual(['core.licence-days-60']);
  const toHr = async () =>
    (
      await ctx.sql<{ link: string }>(
        `select payload->'data'->>'link' as link from core.outbox
         where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
           and payload->'data'->>'kind' like 'core.licence-%' order by seq`,
        clinic.id,
      )
    ).map((r) => r.link);
  const staffId = async (name: string) =>
    (await ctx.call('GET', `/api/core/staff?search=${name}`, clinic)).json().data[0].id as string;
  const nurseRecord = `/hr/staff/${await staffId('Achieng')}`;
  const pharmacistRecord = `/hr/staff/${await staffId('Otieno')}`;
  expect(await toHr()).toEqual([nurseRecord]);

  // HR chooses Pharmacist too: the next window's alert reaches it.
  expect((await track(clinic, 'Pharmacist')).statusCode).toBe(201);
  ctx.clock.set('2026-03-20');
  await ctx.app.sweep();
  expect(await licenceNoticesTo(pharmacist.id)).toEqual(['core.licence-days-60', 'core.licence-days-30']);
  // The sweep goes by credential: in either order.
  expect((await toHr()).sort()).toEqual([nurseRecord, nurseRecord, pharmacistRecord].sort());

  // Professional: every role alerts HR, chosen or not.
  await clinicOn(null, 2, clinic);
  expect((await untrack(clinic, 'Pharmacist')).statusCode).toBe(200);
  expect((await untrack(clinic, 'Nurse')).statusCode).toBe(200);
  ctx.clock.set('2026-04-15');
  await ctx.app.sweep();
  expect((await toHr()).sort()).toEqual(
    [nurseRecord, nurseRecord, nurseRecord, pharmacistRecord, pharmacistRecord].sort(),
  );
  ctx.clock.set('2026-01-10');
});

it('leaves the latest chosen roles unalerted when the limit is lowered, and unlimited plans take any', async () => {
  const clinic = await clinicOn(null);
  for (const p of ['Doctor', 'Nurse', 'Clinical Officer', 'Pharmacist', 'Laboratory Technologist'])
    expect((await track(clinic, p)).statusCode).toBe(201);
  expect((await roles(clinic)).json().data.roles.every((r: { alerted: boolean }) => r.alerted)).toBe(true);

  await clinicOn(3, 2, clinic);
  const view = (await roles(clinic)).json().data;
  expect(view.roles.map((r: { profession: string; alerted: boolean }) => [r.profession, r.alerted])).toEqual([
    ['Doctor', true],
    ['Nurse', true],
    ['Clinical Officer', true],
    ['Pharmacist', false],
    ['Laboratory Technologist', false],
  ]);
  // Over the limit: no more can be chosen until some are removed.
  await untrack(clinic, 'Laboratory Technologist');
  expect((await track(clinic, 'Laboratory Technologist')).statusCode).toBe(402);
});
