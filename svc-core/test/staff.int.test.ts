import { IdentityEvents } from '@platform/contracts';
import { eventually, userEvent } from '@platform/testing';
import { startCore, type CoreContext, type Persona } from './helpers';

/** Staff records: who sees what, the CSV import's preview and all-or-nothing, the dashboard. */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
  ctx.clock.set('2026-06-01');
});
afterAll(async () => ctx?.close());

const HEADER =
  'email,name,profession,department,location,national id,kra pin,licence council,licence number,licence expires on';
const row = (n: number, dept = 'Maternity', loc = 'Nairobi') =>
  `nurse${n}@staff.example,Nurse ${String(n).padStart(2, '0')},Nurse,${dept},${loc},${30000000 + n},A${100000000 + n}Z,NCK,NCK/${5000 + n},2026-${n % 2 ? '06-20' : '12-31'}`;
const csvOf = (rows: string[]) => [HEADER, ...rows].join('\n');

interface Org {
  owner: Persona;
  places: Record<string, string>;
}
async function setUp(): Promise<Org> {
  const owner = await ctx.clinic();
  const places: Record<string, string> = {};
  for (const [kind, name] of [
    ['location', 'Nairobi'],
    ['location', 'Kisumu'],
    ['department', 'Maternity'],
    ['department', 'Theatre'],
  ] as const) {
    const res = await ctx.call('POST', `/api/core/${kind}s`, owner, { name });
    expect(res.statusCode).toBe(201);
    places[name] = res.json().data.id;
  }
  return { owner, places };
}
const count = async (table: string) =>
  (await ctx.sql<{ n: number }>(`select count(*)::int as n from core.${table}`))[0]!.n;

it('previews an import naming each bad row, imports nothing until fixed, then all 20 at once', async () => {
  const { owner } = await setUp();
  const rows = Array.from({ length: 20 }, (_, i) =>
    row(i + 1, i % 2 ? 'Theatre' : 'Maternity', i < 10 ? 'Nairobi' : 'Kisumu'),
  );
  const broken = [...rows];
  broken[6] = row(7).replace('Maternity', 'Maternty');
  const before = { staff: await count('staff_records'), credentials: await count('credentials') };

  const preview = await ctx.send('POST', '/api/core/staff/import?dryRun=1', owner, csvOf(broken));
  expect(preview.statusCode).toBe(200);
  expect(preview.json().data).toMatchObject({ dryRun: true, rows: 19, created: 0 });
  expect(preview.json().data.problems).toEqual([
    expect.objectContaining({ row: 8, column: 'department', code: 'core.import.unknown_department' }),
  ]);
  const refused = await ctx.send('POST', '/api/core/staff/import', owner, csvOf(broken));
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({
    success: false,
    code: 'core.import_invalid',
    data: { problems: [{ row: 8 }] },
  });
  expect({ staff: await count('staff_records'), credentials: await count('credentials') }).toEqual(before);

  const imported = await ctx.send('POST', '/api/core/staff/import', owner, csvOf(rows));
  expect(imported.statusCode).toBe(200);
  expect(imported.json().data).toMatchObject({ rows: 20, created: 20, updated: 0, problems: [] });
  expect(await count('staff_records')).toBe(before.staff + 20);
  expect(await count('credentials')).toBe(before.credentials + 20);
  const list = await ctx.call('GET', '/api/core/staff?limit=100', owner);
  expect(list.json().pageInfo.total).toBe(20);
  // The import is an admin action for the audit log.
  const actions = await ctx.sql(
    `select 1 from core.outbox where type = 'core.admin-action.recorded.v1' and payload->'data'->>'action' = 'staff.import' and payload->'data'->'target'->>'id' = $1`,
    owner.orgId,
  );
  expect(actions).toHaveLength(1);

  // The dashboard: headcount by place, all cleared (unverified), 10 licences expiring within 30 days.
  const dash = await ctx.call('GET', '/api/core/dashboard', owner);
  expect(dash.json().data).toMatchObject({
    headcount: 20,
    cleared: 20,
    notCleared: 0,
    expiring: { within30: 10, within60: 10, within90: 10 },
  });
  expect(dash.json().data.byLocation.map((l: { name: string; count: number }) => [l.name, l.count])).toEqual([
    ['Kisumu', 10],
    ['Nairobi', 10],
  ]);
  // Re-importing the same file updates, adds nothing.
  const again = await ctx.send('POST', '/api/core/staff/import', owner, csvOf(rows));
  expect(again.json().data).toMatchObject({ created: 0, updated: 20 });
  expect(await count('staff_records')).toBe(before.staff + 20);
});

it('refuses an import from anyone but HR, and a body that is not CSV, changing nothing', async () => {
  const { owner } = await setUp();
  const nurse = await ctx.member(owner);
  const before = await count('staff_records');
  expect((await ctx.send('POST', '/api/core/staff/import', nurse, csvOf([row(90)]))).statusCode).toBe(403);
  expect(
    (await ctx.send('POST', '/api/core/staff/import', ctx.persona('user'), csvOf([row(91)]))).statusCode,
  ).toBe(403);
  expect(
    (await ctx.send('POST', '/api/core/staff/import', owner, '{"a":1}', 'application/json')).statusCode,
  ).toBe(400);
  expect(
    (await ctx.send('POST', '/api/core/staff/import', owner, 'x'.repeat(3 * 1024 * 1024))).statusCode,
  ).toBe(413);
  expect(await count('staff_records')).toBe(before);
});

it('shows a manager only their departments, staff only themselves, another organisation nothing', async () => {
  const { owner, places } = await setUp();
  const hr = await ctx.member(owner, { name: 'Halima HR' });
  const manager = await ctx.member(owner, { name: 'Mwangi Manager' });
  const nurse = await ctx.member(owner, { name: 'Njeri Nurse' });
  const rows = [row(31, 'Maternity'), row(32, 'Theatre'), row(33, 'Theatre', 'Kisumu')];
  expect((await ctx.send('POST', '/api/core/staff/import', owner, csvOf(rows))).statusCode).toBe(200);
  const list = async (who: Persona) =>
    (await ctx.call('GET', '/api/core/staff?limit=100', who))
      .json()
      .data.map((s: { name: string }) => s.name)
      .sort();
  const idOf = async (name: string) =>
    (await ctx.call('GET', `/api/core/staff?search=${encodeURIComponent(name)}`, owner)).json().data[0]
      .id as string;

  // Roles: the owner names an HR admin; HR may not; nobody else may.
  expect(
    (await ctx.call('PUT', `/api/core/staff/${await idOf('Halima')}/role`, nurse, { role: 'hr-admin' }))
      .statusCode,
  ).toBe(403);
  expect(
    (await ctx.call('PUT', `/api/core/staff/${await idOf('Halima')}/role`, owner, { role: 'hr-admin' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await ctx.call('PUT', `/api/core/staff/${await idOf('Njeri')}/role`, hr, { role: 'hr-admin' }))
      .statusCode,
  ).toBe(403);
  const made = await ctx.call('PUT', `/api/core/staff/${await idOf('Mwangi')}/role`, hr, {
    role: 'manager',
    departmentIds: [places.Maternity],
  });
  expect(made.statusCode).toBe(200);

  expect(await list(owner)).toEqual([
    'Halima HR',
    'Mwangi Manager',
    'Njeri Nurse',
    'Nurse 31',
    'Nurse 32',
    'Nurse 33',
  ]);
  expect(await list(hr)).toHaveLength(6);
  expect(await list(manager)).toEqual(['Mwangi Manager', 'Nurse 31']);
  expect(await list(nurse)).toEqual(['Njeri Nurse']);
  const stranger = await ctx.clinic();
  expect(await list(stranger)).toEqual([]);
  expect((await ctx.call('GET', '/api/core/staff', ctx.persona('user'))).statusCode).toBe(403);
  expect((await ctx.call('GET', '/api/core/staff')).statusCode).toBe(401);

  // One record: outside one's scope, or another organisation's, is not found.
  const theatreNurse = await idOf('Nurse 32');
  expect((await ctx.call('GET', `/api/core/staff/${theatreNurse}`, manager)).statusCode).toBe(404);
  expect((await ctx.call('GET', `/api/core/staff/${theatreNurse}`, nurse)).statusCode).toBe(404);
  expect((await ctx.call('GET', `/api/core/staff/${theatreNurse}`, stranger)).statusCode).toBe(404);
  expect((await ctx.call('GET', `/api/core/staff/${theatreNurse}`, hr)).json().data.credentials).toHaveLength(
    1,
  );

  // A manager's dashboard counts their scope only; staff have none.
  expect((await ctx.call('GET', '/api/core/dashboard', manager)).json().data.headcount).toBe(2);
  expect((await ctx.call('GET', '/api/core/dashboard', nurse)).statusCode).toBe(403);
});

it('hides national ID, KRA PIN, SHA, NSSF and emergency contact from all but HR and the person', async () => {
  const { owner, places } = await setUp();
  const manager = await ctx.member(owner, { name: 'Otieno Manager' });
  const nurse = await ctx.member(owner, { name: 'Wanjiku Nurse', email: 'wanjiku@staff.example' });
  const file = `email,name,department,national id,kra pin,sha number,nssf number,emergency contact name,emergency contact phone
wanjiku@staff.example,Wanjiku Nurse,Maternity,12345678,A123456789Z,SHA-9,NSSF-9,Kamau,0722111222`;
  expect((await ctx.send('POST', '/api/core/staff/import', owner, file)).json().data).toMatchObject({
    updated: 1,
  });
  const id = (await ctx.call('GET', '/api/core/staff?search=Wanjiku', owner)).json().data[0].id as string;
  const managerId = (await ctx.call('GET', '/api/core/staff?search=Otieno', owner)).json().data[0]
    .id as string;
  await ctx.call('PUT', `/api/core/staff/${managerId}/role`, owner, {
    role: 'manager',
    departmentIds: [places.Maternity],
  });

  const sensitive = {
    nationalId: '12345678',
    kraPin: 'A123456789Z',
    shaNumber: 'SHA-9',
    nssfNumber: 'NSSF-9',
    emergencyContact: { name: 'Kamau', phone: '0722111222' },
  };
  expect((await ctx.call('GET', `/api/core/staff/${id}`, owner)).json().data).toMatchObject(sensitive);
  expect((await ctx.call('GET', `/api/core/staff/${id}`, nurse)).json().data).toMatchObject(sensitive);
  const seen = await ctx.call('GET', `/api/core/staff/${id}`, manager);
  expect(seen.statusCode).toBe(200);
  expect(seen.json().data).toMatchObject({
    name: 'Wanjiku Nurse',
    nationalId: null,
    kraPin: null,
    shaNumber: null,
    nssfNumber: null,
    emergencyContact: null,
  });
  const inList = (await ctx.call('GET', '/api/core/staff?search=Wanjiku', manager)).json().data[0];
  expect(inList).toMatchObject({ nationalId: null, kraPin: null, emergencyContact: null });
});

it('links an imported record (and its licence) to the person when they join with that e-mail; closes it when they leave', async () => {
  const { owner } = await setUp();
  const email = 'zawadi@staff.example';
  const file = `email,name,profession,licence council,licence number,licence expires on\n${email},Zawadi Mwende,Nurse,NCK,NCK/7001,2027-03-31`;
  expect((await ctx.send('POST', '/api/core/staff/import', owner, file)).json().data).toMatchObject({
    created: 1,
  });
  const [before] = await ctx.sql<{ id: string; person_id: string | null }>(
    `select id, person_id from core.staff_records where email = $1`,
    email,
  );
  expect(before!.person_id).toBeNull();

  const zawadi = await ctx.member(owner, { name: 'Zawadi Mwende', email });
  const [linked] = await ctx.sql<{ id: string; person_id: string }>(
    `select id, person_id from core.staff_records where email = $1`,
    email,
  );
  expect(linked).toEqual({ id: before!.id, person_id: zawadi.id });
  const mine = await ctx.call('GET', '/api/core/credentials', zawadi);
  expect(mine.json().data.map((c: { number: string }) => c.number)).toEqual(['NCK/7001']);

  // She leaves the organisation (identity's next version has no orgId): her record leaves the lists.
  await ctx.identity.publish(
    userEvent(IdentityEvents.userUpdated, zawadi.id, {
      name: zawadi.name,
      email,
      role: 'user',
      orgId: null,
      version: 2,
    }),
  );
  await eventually(
    async () =>
      (
        await ctx.sql(`select 1 from core.staff_records where id = $1 and left_at is not null`, before!.id)
      )[0],
  );
  const list = await ctx.call('GET', '/api/core/staff?search=Zawadi', owner);
  expect(list.json().data).toEqual([]);
});

it('lets HR change a record and a person correct only their own contact fields, refusing the rest unchanged', async () => {
  const { owner, places } = await setUp();
  const nurse = await ctx.member(owner, { name: 'Imani Nurse', designation: 'Nurse' });
  const colleague = await ctx.member(owner, { name: 'Juma Nurse' });
  const idOf = async (name: string) =>
    (await ctx.call('GET', `/api/core/staff?search=${name}`, owner)).json().data[0].id as string;
  const id = await idOf('Imani');
  const patch = (who: Persona, body: unknown, target = id) =>
    ctx.call('PATCH', `/api/core/staff/${target}`, who, body);

  const edited = await patch(owner, {
    jobTitle: 'Charge Nurse',
    departmentId: places.Maternity,
    kraPin: 'A987654321B',
  });
  expect(edited.statusCode).toBe(200);
  expect(edited.json().data).toMatchObject({
    jobTitle: 'Charge Nurse',
    departmentId: places.Maternity,
    kraPin: 'A987654321B',
  });

  const own = await patch(nurse, {
    phone: '+254 711 000111',
    emergencyContact: { name: 'Baba Imani', phone: '0722000111' },
  });
  expect(own.statusCode).toBe(200);
  expect(own.json().data).toMatchObject({
    phone: '+254 711 000111',
    emergencyContact: { name: 'Baba Imani' },
  });

  const snapshot = async () => (await ctx.sql(`select * from core.staff_records where id = $1`, id))[0];
  const before = await snapshot();
  expect((await patch(nurse, { jobTitle: 'Matron' })).statusCode).toBe(403);
  expect((await patch(colleague, { phone: '+254 700 000000' })).statusCode).toBe(404);
  expect((await patch(await ctx.clinic(), { jobTitle: 'x' })).statusCode).toBe(404);
  expect((await patch(owner, { departmentId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  for (const body of [
    {},
    { kraPin: '12345' },
    { phone: 'call me' },
    { salary: 1 },
    { startDate: '2026-13-45x' },
  ])
    expect((await patch(owner, body)).statusCode).toBe(400);
  expect(await snapshot()).toEqual(before);
});

it("answers /staff/me with the caller's own record and licences; the owner, who has none, gets a 404", async () => {
  const { owner } = await setUp();
  const nurse = await ctx.member(owner, { name: 'Atieno Self', email: 'atieno@staff.example' });
  await ctx.member(owner, { name: 'Someone Else' });
  const added = await ctx.call('POST', '/api/core/credentials', nurse, {
    councilId: (await ctx.call('GET', '/api/core/councils?country=KE&limit=50', nurse))
      .json()
      .data.find((c: { abbreviation: string }) => c.abbreviation === 'NCK').id,
    number: 'NCK/77001',
    expiresOn: '2027-03-31',
  });
  expect(added.statusCode).toBe(201);

  const mine = await ctx.call('GET', '/api/core/staff/me', nurse);
  expect(mine.statusCode).toBe(200);
  expect(mine.json().data).toMatchObject({
    name: 'Atieno Self',
    email: 'atieno@staff.example',
    credentials: [{ number: 'NCK/77001', status: 'unverified' }],
  });
  expect((await ctx.call('GET', '/api/core/staff/me', owner)).statusCode).toBe(404);
});
