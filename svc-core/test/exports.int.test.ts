import { startCore, type CoreContext, type Persona } from './helpers';

/** The staff and credentials lists as CSV: columns, each role's scope, sensitive columns, formula cells. */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
  ctx.clock.set('2026-06-01');
});
afterAll(async () => ctx?.close());

/** The file's rows as cells (every cell is quoted; none of these hold a quote or comma). */
const parse = (body: string): string[][] =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));

async function csv(url: string, who: Persona) {
  const res = await ctx.call('GET', url, who);
  return { res, rows: res.statusCode === 200 ? parse(res.body) : [] };
}

interface Org {
  owner: Persona;
  manager: Persona;
  nurse: Persona;
}
/** A clinic with Maternity and Theatre, a Maternity manager, a nurse and two imported records. */
async function setUp(): Promise<Org> {
  const owner = await ctx.clinic();
  const places: Record<string, string> = {};
  for (const name of ['Maternity', 'Theatre']) {
    const res = await ctx.call('POST', '/api/core/departments', owner, { name });
    places[name] = res.json().data.id;
  }
  const manager = await ctx.member(owner, { name: 'Otieno Manager' });
  const nurse = await ctx.member(owner, { name: 'Wanjiku Nurse' });
  const file = `email,name,profession,department,national id,kra pin,sha number,nssf number
amina@staff.example,Amina Midwife,Doctor,Maternity,12345678,A123456789Z,SHA-1,NSSF-1
baraka@staff.example,Baraka Theatre,Nurse,Theatre,23456789,A223456789Z,SHA-2,NSSF-2`;
  const imported = await ctx.send('POST', '/api/core/staff/import', owner, file);
  expect(imported.json().data.problems).toEqual([]);
  const idOf = async (name: string) =>
    (await ctx.call('GET', `/api/core/staff?search=${encodeURIComponent(name)}`, owner)).json().data[0]
      .id as string;
  const made = await ctx.call('PUT', `/api/core/staff/${await idOf('Otieno')}/role`, owner, {
    role: 'manager',
    departmentIds: [places.Maternity],
  });
  expect(made.statusCode).toBe(200);
  return { owner, manager, nurse };
}

it('exports the staff list with its filters: sensitive columns for HR only, a manager their scope, staff refused', async () => {
  const { owner, manager, nurse } = await setUp();

  const hr = await csv('/api/core/staff.csv', owner);
  expect(hr.res.statusCode).toBe(200);
  expect(hr.res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(hr.res.headers['content-disposition']).toMatch(
    /^attachment; filename="staff-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(hr.res.body.startsWith('\uFEFF')).toBe(true);
  expect(hr.rows[0]).toEqual([
    'Name',
    'Email',
    'Phone',
    'Job title',
    'Profession',
    'Department',
    'Location',
    'Start date',
    'Employment type',
    'Role',
    'Cleared',
    'National ID',
    'KRA PIN',
    'SHA number',
    'NSSF number',
  ]);
  expect(hr.rows.slice(1).map((r) => r[0])).toEqual([
    'Amina Midwife',
    'Baraka Theatre',
    'Otieno Manager',
    'Wanjiku Nurse',
  ]);
  expect(hr.rows[1]).toEqual([
    'Amina Midwife',
    'amina@staff.example',
    '',
    '',
    'Doctor',
    'Maternity',
    '',
    '',
    '',
    'staff',
    'No', // a doctor with no licence on record
    '12345678',
    'A123456789Z',
    'SHA-1',
    'NSSF-1',
  ]);

  // The list's filters apply to the file as to the page.
  const searched = await csv('/api/core/staff.csv?search=Baraka', owner);
  expect(searched.rows.slice(1).map((r) => r[0])).toEqual(['Baraka Theatre']);

  // A manager: their department (and themselves), no sensitive column at all.
  const managed = await csv('/api/core/staff.csv', manager);
  expect(managed.res.statusCode).toBe(200);
  expect(managed.rows[0]).toHaveLength(11);
  expect(managed.rows[0]).not.toContain('National ID');
  expect(managed.rows.slice(1).map((r) => r[0])).toEqual(['Amina Midwife', 'Otieno Manager']);
  expect(managed.res.body).not.toContain('12345678');

  const refused = await ctx.call('GET', '/api/core/staff.csv', nurse);
  expect(refused.statusCode).toBe(403);
  expect(refused.body).not.toContain('Amina');
  expect((await ctx.call('GET', '/api/core/staff.csv')).statusCode).toBe(401);
  expect((await ctx.call('GET', '/api/core/staff.csv?cleared=maybe', owner)).statusCode).toBe(400);

  // Another organisation's file holds none of these.
  const stranger = await csv('/api/core/staff.csv', await ctx.clinic());
  expect(stranger.rows.slice(1).map((r) => r[0])).not.toContain('Amina Midwife');
});

it('neutralises cells a spreadsheet would run as formulas', async () => {
  const { owner } = await setUp();
  const id = (await ctx.call('GET', '/api/core/staff?search=Amina', owner)).json().data[0].id as string;
  const formula = '=HYPERLINK("http://evil.example","click")';
  expect((await ctx.call('PATCH', `/api/core/staff/${id}`, owner, { jobTitle: formula })).statusCode).toBe(
    200,
  );
  for (const title of ['+254 nurse', '-1+2', '@SUM(A1)']) {
    const other = (await ctx.call('GET', '/api/core/staff?search=Baraka', owner)).json().data[0].id as string;
    expect((await ctx.call('PATCH', `/api/core/staff/${other}`, owner, { jobTitle: title })).statusCode).toBe(
      200,
    );
    const file = await ctx.call('GET', '/api/core/staff.csv?search=Baraka', owner);
    expect(file.body).toContain(`"'${title}"`);
  }
  const file = await ctx.call('GET', '/api/core/staff.csv?search=Amina', owner);
  expect(file.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  expect(file.body).not.toContain(`"=HYPERLINK`);
});

it('exports the credentials list, expiring ones alone when asked, in scope, verified on the Nairobi day', async () => {
  const { owner, manager, nurse } = await setUp();
  const councils = await ctx.call('GET', '/api/core/councils?country=KE', nurse);
  const council = (councils.json() as { data: { id: string; abbreviation: string }[] }).data.find(
    (c) => c.abbreviation === 'NCK',
  )!;
  const add = async (who: Persona, number: string, expiresOn: string) => {
    const res = await ctx.call('POST', '/api/core/credentials', who, {
      councilId: council.id,
      number,
      expiresOn,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const soon = await add(nurse, 'NCK/100', '2026-06-20');
  await add(manager, 'NCK/200', '2027-05-01');
  // 22:30 UTC is already the next day in Nairobi.
  ctx.clock.at = new Date('2026-06-01T22:30:00Z');
  expect((await ctx.call('POST', `/api/core/credentials/${soon}/verify`, owner)).statusCode).toBe(200);
  ctx.clock.set('2026-06-01');

  const all = await csv('/api/core/credentials.csv', owner);
  expect(all.res.statusCode).toBe(200);
  expect(all.res.headers['content-disposition']).toMatch(/filename="credentials-/);
  expect(all.rows[0]).toEqual([
    'Holder',
    'Council',
    'Number',
    'Issued on',
    'Expires on',
    'Status',
    'Verified by',
    'Verified on',
  ]);
  expect(all.rows.slice(1).map((r) => r[2])).toEqual(['NCK/100', 'NCK/200']);
  expect(all.rows[1]).toEqual([
    'Wanjiku Nurse',
    'NCK',
    'NCK/100',
    '',
    '2026-06-20',
    expect.any(String),
    expect.any(String),
    '2026-06-02',
  ]);

  const expiring = await csv('/api/core/credentials.csv?expiringWithin=30', owner);
  expect(expiring.rows.slice(1).map((r) => r[2])).toEqual(['NCK/100']);
  expect((await ctx.call('GET', '/api/core/credentials.csv?expiringWithin=999', owner)).statusCode).toBe(400);

  // The manager's scope is Maternity and themselves: the nurse (no department) is outside it.
  const managed = await csv('/api/core/credentials.csv', manager);
  expect(managed.rows.slice(1).map((r) => r[2])).toEqual(['NCK/200']);
  expect((await ctx.call('GET', '/api/core/credentials.csv', nurse)).statusCode).toBe(403);
});
