import { randomUUID } from 'node:crypto';
import { startCore, type CoreContext, type Persona } from './helpers';

/**
 * The dashboard's licence and training figures over every kind of holder and completion: what it counts
 * stays what it counted before its queries were made to scale (bench/notebook/2026-11-28-core.md).
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
  ctx.clock.set('2026-06-01');
});
afterAll(async () => ctx?.close());

const staffIdOf = async (p: Persona) =>
  (await ctx.sql<{ id: string }>(`select id from core.staff_records where person_id = $1`, p.id))[0]!.id;
const councilId = async (code: string) =>
  (await ctx.sql<{ id: string }>(`select id from core.councils where code = $1`, code))[0]!.id;

/** A credential as svc-core stores it: held by an account, an imported record, or (once joined) both. */
async function credential(
  holder: { personId?: string; staffRecordId?: string },
  council: string,
  expiresOn: string,
  extra: { renewedBy?: string; revoked?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await ctx.sql(
    `insert into core.credentials (id, person_id, staff_record_id, council_id, number, expires_on, renewed_by,
       revoked_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    id,
    holder.personId ?? null,
    holder.staffRecordId ?? null,
    await councilId(council),
    `N-${id.slice(0, 8)}`,
    expiresOn,
    extra.renewedBy ?? null,
    extra.revoked ? new Date() : null,
    randomUUID(),
  );
  return id;
}

it('counts each live licence of the scope once, whoever holds it, and each member’s current training', async () => {
  const owner = await ctx.clinic();
  const nurse = await ctx.member(owner, { name: 'Amina Otieno', designation: 'Nurse' });
  const doctor = await ctx.member(owner, { name: 'Dr Baraka Mwita', designation: 'Doctor' });
  const joined = await ctx.member(owner, { name: 'Chebet Kiprop' });
  const leaver = await ctx.member(owner, { name: 'Daudi Ouma' });
  const manager = await ctx.member(owner, { name: 'Mwangi Kamau' });
  const ward = (await ctx.call('POST', '/api/core/departments', owner, { name: 'Ward 1' })).json().data
    .id as string;
  const [nurseId, joinedId, leaverId, managerId] = await Promise.all(
    [nurse, joined, leaver, manager].map(staffIdOf),
  );
  expect(
    (
      await ctx.call('PUT', `/api/core/staff/${managerId}/role`, owner, {
        role: 'manager',
        departmentIds: [ward],
      })
    ).statusCode,
  ).toBe(200);
  // Imported by HR, no account yet: their licence is on the record.
  const imported = randomUUID();
  await ctx.sql(
    `insert into core.staff_records (id, org_id, email, name, profession, department_id)
     values ($1, $2, 'wanjiru@staff.example', 'Wanjiru Njeri', 'Nurse', $3)`,
    imported,
    owner.orgId,
    ward,
  );
  await ctx.sql(`update core.staff_records set department_id = $1 where id = $2`, ward, nurseId);
  await ctx.sql(`update core.staff_records set left_at = now() where id = $1`, leaverId);

  // The nurse: a licence renewed (only the newer counts, within 90 days) and one expiring today.
  const renewal = await credential({ personId: nurse.id }, 'ke-nck', '2026-08-15');
  await credential({ personId: nurse.id }, 'ke-nck', '2026-06-10', { renewedBy: renewal });
  await credential({ personId: nurse.id }, 'ke-coc', '2026-06-01');
  // The doctor: one within 60 days, one revoked (not counted).
  await credential({ personId: doctor.id }, 'ke-kmpdc', '2026-07-15');
  await credential({ personId: doctor.id }, 'ke-ppb', '2026-06-05', { revoked: true });
  // The imported record's, within 30 days.
  await credential({ staffRecordId: imported }, 'ke-nck', '2026-06-25');
  // Held through both the account and the record (imported, then joined): counted once. Expired and
  // later than 90 days: not counted.
  await credential({ personId: joined.id, staffRecordId: joinedId }, 'ke-nck', '2026-06-28');
  await credential({ personId: joined.id }, 'ke-coc', '2026-05-20');
  await credential({ personId: joined.id }, 'ke-ppb', '2026-12-31');
  // Someone who left, and another organisation's member: not counted.
  await credential({ personId: leaver.id }, 'ke-nck', '2026-06-12');
  const other = await ctx.clinic();
  await credential({ personId: (await ctx.member(other)).id }, 'ke-nck', '2026-06-15');

  // Trainings: the nurse's infection prevention renewed (the newer, valid a year, counts), fire safety
  // expiring within 30 days.
  const types = (await ctx.call('GET', '/api/core/trainings/types?limit=100', owner)).json().data as {
    id: string;
    name: string;
  }[];
  const typeId = (name: string) => types.find((t) => t.name.startsWith(name))!.id;
  for (const [t, completedOn] of [
    ['Infection prevention', '2025-03-20'],
    ['Infection prevention', '2026-05-01'],
    ['Fire safety', '2025-06-20'],
  ] as const) {
    const res = await ctx.call('POST', '/api/core/trainings', owner, {
      staffId: nurseId,
      typeId: typeId(t),
      completedOn,
    });
    expect(res.statusCode).toBe(201);
  }

  const all = (await ctx.call('GET', '/api/core/dashboard', owner)).json().data;
  expect(all.expiring).toEqual({ within30: 3, within60: 4, within90: 5 });
  // Five members here (the owner has no record): infection prevention and fire safety each; BLS for the
  // nurse, the doctor and the imported nurse.
  expect(all.trainings).toEqual({
    required: 13,
    valid: 2,
    expiring: { within30: 1, within60: 1, within90: 1 },
    expired: 0,
    missing: 11,
  });
  // The manager's scope: their ward (the nurse, the imported nurse) and themselves.
  const theirs = (await ctx.call('GET', '/api/core/dashboard', manager)).json().data;
  expect(theirs.headcount).toBe(3);
  expect(theirs.expiring).toEqual({ within30: 2, within60: 2, within90: 3 });
  expect(theirs.trainings).toEqual({
    required: 8,
    valid: 2,
    expiring: { within30: 1, within60: 1, within90: 1 },
    expired: 0,
    missing: 6,
  });
});

it('refuses a staff member’s dashboard before reading or seeding anything', async () => {
  const owner = await ctx.clinic();
  const nurse = await ctx.member(owner, { designation: 'Nurse' });
  expect((await ctx.call('GET', '/api/core/dashboard', nurse)).statusCode).toBe(403);
  // The trainings' defaults are added by a member's first read of them, never by a refused call.
  const seeded = await ctx.sql<{ n: number }>(
    `select count(*)::int as n from core.training_types where org_id = $1`,
    owner.orgId,
  );
  expect(seeded[0]!.n).toBe(0);
});
