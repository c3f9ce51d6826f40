import { randomUUID } from 'node:crypto';
import { aJob, startHire, type HireContext, type Persona } from './helpers';

let ctx: HireContext;
let clinic: Persona;
let colleague: Persona;
let otherClinic: Persona;
let nurse: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startHire();
  clinic = ctx.persona('Clinic');
  // A second account of the same organisation manages the same jobs.
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId });
  otherClinic = ctx.persona('Clinic');
  nurse = ctx.persona('user');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

async function post(over: Record<string, unknown> = {}, who: Persona = clinic) {
  const res = await ctx.call('POST', '/api/job/add', who, aJob(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; title: string; postedAt: string };
}
const board = async (query = '') => (await ctx.call('GET', `/api/job/get${query}`)).json();
/** Which account posted a job, as its organisation sees it (the public shapes carry no e-mail). */
const posterEmailOf = async (id: string, who: Persona = clinic) =>
  (await ctx.call('GET', '/api/job/mine?limit=100', who)).json().data.find((j: { id: string }) => j.id === id)
    ?.posterEmail;

describe('POST /api/job/add', () => {
  it('posts a job as the token account: the body cannot name another poster', async () => {
    const res = await ctx.call('POST', '/api/job/add', clinic, aJob({ postedBy: 'someone@else.org' }));
    expect(res.statusCode).toBe(201);
    // postedBy is public: the poster's name (the organisation until svc-hire knows the account).
    expect(res.json().data).toMatchObject({
      title: 'Registered Nurse, Maternity',
      type: 'Full-time',
      postedBy: 'Nakuru Family Clinic',
      salaryRange: 'Ksh 80,000 - 110,000',
    });
    expect(res.json().data.id).toBe(res.json().data._id);
    expect(await posterEmailOf(res.json().data.id)).toBe(clinic.email);
  });

  it('defaults the type to Full-time and leaves salary empty (shown as Negotiable)', async () => {
    const { type: _t, salaryRange: _s, department: _d, ...rest } = aJob({ title: 'Lab Technician' });
    const res = await ctx.call('POST', '/api/job/add', clinic, rest);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'Full-time', salaryRange: '', department: '' });
  });

  it("takes the spec's jobType and a salary given as text, kept as written and read into figures", async () => {
    const { type: _t, salaryRange: _s, ...rest } = aJob({ title: 'Clinical Officer' });
    const res = await ctx.call('POST', '/api/job/add', clinic, {
      ...rest,
      jobType: 'Contract',
      salary: '80000-120000 KES per month',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'Contract',
      salaryRange: '80000-120000 KES per month',
      salary: { min: 80000, max: 120000, currency: 'KES', period: 'month' },
    });
    // The board finds it by type and by pay, like any job posted with figures.
    const found = await board('?type=Contract&minSalary=100000&title=Clinical%20Officer');
    expect(found.data.map((j: { id: string }) => j.id)).toEqual([res.json().data.id]);
  });

  it('keeps a salary text that does not read as figures, with no figures', async () => {
    const res = await ctx.call(
      'POST',
      '/api/job/add',
      clinic,
      aJob({ salaryRange: 'Competitive, plus housing' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ salaryRange: 'Competitive, plus housing', salary: null });
  });

  it('refuses a type and jobType that disagree, and an unknown jobType, posting nothing', async () => {
    const before = (await board()).pageInfo.total;
    for (const body of [
      aJob({ type: 'Full-time', jobType: 'Contract' }),
      aJob({ type: undefined, jobType: 'Gig' }),
    ]) {
      const res = await ctx.call('POST', '/api/job/add', clinic, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await board()).pageInfo.total).toBe(before);
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a professional', 'nurse', 403],
    ['an admin', 'admin', 403],
  ])('refuses %s and posts nothing', async (_who, persona, status) => {
    const before = (await board()).pageInfo.total;
    const who = persona === 'nurse' ? nurse : persona === 'admin' ? admin : undefined;
    const res = await ctx.call('POST', '/api/job/add', who, aJob({ title: 'Should not exist' }));
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    expect((await board()).pageInfo.total).toBe(before);
  });

  it('refuses a forged token (signed by another key)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/job/add',
      headers: { authorization: `Bearer ${clinic.token.slice(0, -4)}AAAA` },
      payload: aJob(),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing title', { title: undefined }, /title/],
    ['blank title', { title: '   ' }, /title/],
    ['missing organization', { organization: undefined }, /organization/],
    ['missing location', { location: undefined }, /location/],
    ['missing description', { description: undefined }, /description/],
    ['unknown job type', { type: 'Volunteer' }, /type: must be one of/],
    ['title of the wrong type', { title: 42 }, /title/],
    ['oversized title', { title: 'x'.repeat(161) }, /title/],
    ['oversized description', { description: 'x'.repeat(10_001) }, /description/],
    ['an unknown field', { ownerId: randomUUID() }, /ownerId: is not an accepted field/],
  ])('answers 400 for %s and posts nothing', async (_case, over, message) => {
    const before = (await board()).pageInfo.total;
    const body = { ...aJob(), ...over };
    const res = await ctx.call('POST', '/api/job/add', clinic, JSON.parse(JSON.stringify(body)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await board()).pageInfo.total).toBe(before);
  });
});

describe('GET /api/job/get', () => {
  let ctx2: HireContext;
  beforeAll(async () => {
    // A board of its own, so counts and order are exactly what this block posted.
    ctx2 = await startHire();
    const c = ctx2.persona('Clinic');
    const add = (over: Record<string, unknown>) => ctx2.call('POST', '/api/job/add', c, aJob(over));
    for (const [i, j] of [
      { title: 'Clinical Officer', department: 'Outpatient', type: 'Full-time' },
      { title: 'Night Nurse', department: 'Maternity', type: 'Part-time' },
      { title: 'Pharmacist 100%_locum', department: 'Pharmacy', type: 'Contract' },
      { title: 'Senior Nurse', department: 'Paediatrics', type: 'Temporary' },
      { title: 'Theatre Nurse', department: 'Surgery', type: 'Full-time' },
    ].entries()) {
      expect((await add(j)).statusCode).toBe(201);
      if (i < 4) await new Promise((r) => setTimeout(r, 5)); // distinct postedAt
    }
  });
  afterAll(async () => ctx2?.close());
  const get = async (q: string) => (await ctx2.call('GET', `/api/job/get${q}`)).json();

  it('is public, newest first, with page info', async () => {
    const res = await get('');
    expect(res.success).toBe(true);
    expect(res.data.map((j: { title: string }) => j.title)).toEqual([
      'Theatre Nurse',
      'Senior Nurse',
      'Pharmacist 100%_locum',
      'Night Nurse',
      'Clinical Officer',
    ]);
    expect(res.pageInfo).toEqual({ page: 1, limit: 20, total: 5, totalCapped: false });
  });

  it('filters by title and department (case-insensitive substring) and by type', async () => {
    expect((await get('?title=nurse')).data).toHaveLength(3);
    expect((await get('?title=nurse&type=Part-time')).data.map((j: { title: string }) => j.title)).toEqual([
      'Night Nurse',
    ]);
    expect((await get('?department=MATERN')).pageInfo.total).toBe(1);
    expect((await get('?type=Contract')).data[0].title).toBe('Pharmacist 100%_locum');
    expect((await get('?type=')).pageInfo.total).toBe(5);
  });

  it('finds a term of one or two letters at the start of a word, not inside one', async () => {
    const titles = async (q: string) => (await get(q)).data.map((j: { title: string }) => j.title);
    expect(await titles('?title=nu')).toEqual(['Theatre Nurse', 'Senior Nurse', 'Night Nurse']);
    expect(await titles('?title=O')).toEqual(['Clinical Officer']);
    expect(await titles('?title=ur')).toEqual([]);
    expect(await titles('?department=ma')).toEqual(['Night Nurse']);
    expect(await titles('?title=n&department=p')).toEqual(['Senior Nurse']);
  });

  it('takes % and _ in a filter literally; a filter of punctuation alone matches nothing', async () => {
    expect((await get('?title=100%25_')).pageInfo.total).toBe(1);
    expect((await get('?title=100_')).pageInfo.total).toBe(0);
    // No letter or digit: no trigram to look up and no word to start, so nothing rather than every row read.
    expect((await get('?title=%25')).pageInfo.total).toBe(0);
    expect((await get('?title=_')).pageInfo.total).toBe(0);
  });

  it('pages', async () => {
    const p2 = await get('?page=2&limit=2');
    expect(p2.data.map((j: { title: string }) => j.title)).toEqual(['Pharmacist 100%_locum', 'Night Nurse']);
    expect(p2.pageInfo).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect((await get('?page=9&limit=2')).data).toEqual([]);
  });

  it.each([
    ['an unknown type', '?type=Volunteer'],
    ['a limit over 100', '?limit=101'],
    ['page 0', '?page=0'],
    ['a non-numeric page', '?page=two'],
    ['an oversized title filter', `?title=${'x'.repeat(161)}`],
  ])('answers 400 for %s', async (_case, q) => {
    const res = await ctx2.call('GET', `/api/job/get${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('GET /api/job/get counts', () => {
  it('counts exactly up to 100 matches past the page, then says "more than"', async () => {
    const own = await startHire();
    try {
      const c = own.persona('Clinic');
      for (let i = 0; i < 102; i++)
        expect((await own.call('POST', '/api/job/add', c, aJob({ title: `Nurse ${i}` }))).statusCode).toBe(
          201,
        );
      const first = (await own.call('GET', '/api/job/get?limit=10')).json().pageInfo;
      expect(first).toEqual({ page: 1, limit: 10, total: 100, totalCapped: true });
      // Further on, the count reaches the end.
      const later = (await own.call('GET', '/api/job/get?limit=10&page=3')).json().pageInfo;
      expect(later).toEqual({ page: 3, limit: 10, total: 102, totalCapped: false });
      // A removed job leaves the board at once (the board's answers are cached briefly).
      const id = (await own.call('GET', '/api/job/get?title=Nurse 101')).json().data[0].id;
      expect((await own.call('DELETE', `/api/job/${id}`, c)).statusCode).toBe(200);
      expect((await own.call('GET', '/api/job/get?title=Nurse 101')).json().data).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('the board for shared caches', () => {
  it('lets the gateway keep the public board as long as the service does, never a signed-in answer', async () => {
    const open = await ctx.call('GET', '/api/job/get');
    expect(open.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    const signedIn = await ctx.call('GET', '/api/job/get', ctx.persona('Clinic'));
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const off = await startHire({ BOARD_CACHE_MS: '0' });
    try {
      expect((await off.call('GET', '/api/job/get')).headers['cache-control']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/job/:id and /api/job/mine', () => {
  it('shows one live job to anyone; unknown ids are 404, malformed ones 400', async () => {
    const job = await post({ title: 'Physiotherapist' });
    expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.title).toBe('Physiotherapist');
    expect((await ctx.call('GET', `/api/job/${randomUUID()}`)).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/job/not-a-uuid')).statusCode).toBe(400);
  });

  it("lists the organisation's own live jobs with applicant counts, for its clinic accounts only", async () => {
    const job = await post({ title: 'Mine only' }, colleague);
    await post({ title: 'Theirs' }, otherClinic);
    const mine = (await ctx.call('GET', '/api/job/mine', clinic)).json();
    expect(mine.data.map((j: { title: string }) => j.title)).toContain('Mine only');
    expect(mine.data.map((j: { title: string }) => j.title)).not.toContain('Theirs');
    expect(mine.data.find((j: { id: string }) => j.id === job.id).applicantCount).toBe(0);
    expect(mine.pageInfo.total).toBe(mine.data.length);
    expect((await ctx.call('GET', '/api/job/mine', nurse)).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/job/mine')).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/job/:id', () => {
  it('lets the posting organisation edit a job; the poster stays', async () => {
    const job = await post();
    const res = await ctx.call('PATCH', `/api/job/${job.id}`, colleague, {
      salaryRange: '',
      type: 'Contract',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ salaryRange: '', type: 'Contract' });
    expect(await posterEmailOf(job.id, colleague)).toBe(clinic.email);
  });

  it.each([
    ['another clinic', 'otherClinic', 403],
    ['a professional', 'nurse', 403],
    ['an admin', 'admin', 403],
    ['a visitor', undefined, 401],
  ])('refuses %s editing or deleting, and changes nothing', async (_who, persona, status) => {
    const job = await post({ title: 'Untouchable' });
    const who = { otherClinic, nurse, admin }[persona as 'nurse'];
    expect((await ctx.call('PATCH', `/api/job/${job.id}`, who, { title: 'Hijacked' })).statusCode).toBe(
      status,
    );
    expect((await ctx.call('DELETE', `/api/job/${job.id}`, who)).statusCode).toBe(status);
    const after = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    expect(after.title).toBe('Untouchable');
  });

  it.each([
    ['an empty patch', {}],
    ['an unknown type', { type: 'Volunteer' }],
    ['a blank title', { title: ' ' }],
    ['the poster', { postedBy: 'x@y.org' }],
  ])('answers 400 for %s and changes nothing', async (_case, patch) => {
    const job = await post({ title: 'Stable' });
    const res = await ctx.call('PATCH', `/api/job/${job.id}`, clinic, patch);
    expect(res.statusCode).toBe(400);
    expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.title).toBe('Stable');
  });

  it('removes a job from the board; a second delete or an edit is 404', async () => {
    const job = await post({ title: 'Short-lived' });
    const del = await ctx.call('DELETE', `/api/job/${job.id}`, clinic);
    expect(del.statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/job/${job.id}`)).statusCode).toBe(404);
    expect((await board('?title=Short-lived')).data).toEqual([]);
    expect((await ctx.call('DELETE', `/api/job/${job.id}`, clinic)).statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/job/${job.id}`, clinic, { title: 'Back' })).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `/api/job/${randomUUID()}`, clinic)).statusCode).toBe(404);
  });
});
