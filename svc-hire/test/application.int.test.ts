import { randomUUID } from 'node:crypto';
import { HireEvents, type ApplicationStatusChangedData, type ApplicationSubmittedData } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { aJob, anApplication, startHire, type HireContext, type Persona } from './helpers';

let ctx: HireContext;
let clinic: Persona;
let colleague: Persona;
let otherClinic: Persona;
let amina: Persona;
let baraka: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startHire();
  clinic = ctx.persona('Clinic');
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId });
  otherClinic = ctx.persona('Clinic');
  amina = ctx.persona('user');
  baraka = ctx.persona('user');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

async function postJob(over: Record<string, unknown> = {}, who: Persona = clinic): Promise<string> {
  const res = await ctx.call('POST', '/api/job/add', who, aJob(over));
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
async function apply(jobId: string, who: Persona = amina, over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/application/apply', who, anApplication(jobId, over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; status: string };
}
const list = async (who: Persona, q = '') => (await ctx.call('GET', `/api/application/get${q}`, who)).json();
const statusOf = async (id: string) =>
  (await ctx.call('GET', `/api/application/${id}`, admin)).json().data.status;
const events = <D>(type: string) => readEvents<D>(ctx.natsUrl, `${ctx.prefix}${type}`);

describe('POST /api/application/apply', () => {
  it('records the applicant from the token and the time from the server', async () => {
    const jobId = await postJob({ title: 'Midwife' });
    const before = Date.now();
    const res = await ctx.call(
      'POST',
      '/api/application/apply',
      amina,
      anApplication(jobId, { userId: baraka.id, appliedAt: '2001-01-01T00:00:00Z' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Application submitted for Midwife');
    const a = res.json().data;
    expect(a).toMatchObject({
      userId: amina.id,
      status: 'pending',
      jobId: { id: jobId, title: 'Midwife', removed: false },
      resumeUrl: 'https://cv.example.org/amina.pdf',
    });
    expect(Date.parse(a.appliedAt)).toBeGreaterThanOrEqual(before - 1000);
    const mine = (await ctx.call('GET', '/api/job/mine', clinic)).json().data;
    expect(mine.find((j: { id: string }) => j.id === jobId).applicantCount).toBe(1);
  });

  it('accepts one application per person per job: the second is 409 and changes nothing', async () => {
    const jobId = await postJob();
    await apply(jobId);
    const again = await ctx.call('POST', '/api/application/apply', amina, anApplication(jobId));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied for this job.');
    expect((await list(amina, `?jobId=${jobId}`)).pageInfo.total).toBe(1);
    expect((await list(clinic, `?jobId=${jobId}`)).counts.total).toBe(1);
  });

  it('answers 404 for an unknown or removed job', async () => {
    expect(
      (await ctx.call('POST', '/api/application/apply', amina, anApplication(randomUUID()))).statusCode,
    ).toBe(404);
    const jobId = await postJob();
    expect((await ctx.call('DELETE', `/api/job/${jobId}`, clinic)).statusCode).toBe(200);
    const res = await ctx.call('POST', '/api/application/apply', amina, anApplication(jobId));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This job is no longer available.');
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a clinic', 'clinic', 403],
    ['an admin', 'admin', 403],
  ])('refuses %s and records nothing', async (_who, persona, status) => {
    const jobId = await postJob();
    const who = persona === 'clinic' ? clinic : persona === 'admin' ? admin : undefined;
    expect((await ctx.call('POST', '/api/application/apply', who, anApplication(jobId))).statusCode).toBe(
      status,
    );
    expect((await list(clinic, `?jobId=${jobId}`)).counts.total).toBe(0);
  });

  it.each([
    ['a missing full name', { fullName: undefined }, /fullName: is required/],
    ['a blank full name', { fullName: '  ' }, /fullName/],
    ['a missing e-mail', { email: undefined }, /email: is required/],
    ['a bad e-mail', { email: 'amina-at-example' }, /email: must match format "email"/],
    ['a missing phone', { phoneNumber: undefined }, /phoneNumber: is required/],
    ['letters in the phone', { phoneNumber: 'call me' }, /phoneNumber/],
    ['a missing resume link', { resumeUrl: undefined }, /resumeUrl: is required/],
    ['a javascript: resume link', { resumeUrl: 'javascript:alert(1)' }, /resumeUrl/],
    ['a resume link without scheme', { resumeUrl: 'cv.example.org/amina' }, /resumeUrl/],
    ['a number for the cover letter', { coverLetter: 5 }, /coverLetter/],
    ['an oversized cover letter', { coverLetter: 'x'.repeat(5001) }, /coverLetter/],
    ['a malformed job id', { jobId: 'job-1' }, /jobId/],
    ['an unknown field', { status: 'accepted' }, /status: is not an accepted field/],
  ])('answers 400 for %s and records nothing', async (_case, over, message) => {
    const jobId = await postJob();
    const body = JSON.parse(JSON.stringify({ ...anApplication(jobId), ...over }));
    const res = await ctx.call('POST', '/api/application/apply', amina, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await list(clinic, `?jobId=${jobId}`)).counts.total).toBe(0);
  });
});

describe('GET /api/application/get and /api/application/:id', () => {
  let ctx2: HireContext;
  let c: Persona, c2: Persona, u1: Persona, u2: Persona, root: Persona;
  let own: { id: string }, theirs: { id: string };
  beforeAll(async () => {
    // Its own service, so every count below is exactly what this block did.
    ctx2 = await startHire();
    [c, c2, u1, u2, root] = [
      ctx2.persona('Clinic'),
      ctx2.persona('Clinic'),
      ctx2.persona('user'),
      ctx2.persona('user'),
      ctx2.persona('admin'),
    ];
    const job = async (who: Persona, title: string) =>
      (await ctx2.call('POST', '/api/job/add', who, aJob({ title }))).json().data.id as string;
    const [j1, j2, j3] = [await job(c, 'Nurse A'), await job(c, 'Nurse B'), await job(c2, 'Elsewhere')];
    const ap = async (who: Persona, jobId: string) =>
      (await ctx2.call('POST', '/api/application/apply', who, anApplication(jobId))).json().data;
    own = await ap(u1, j1);
    await ap(u1, j3);
    theirs = await ap(u2, j2);
    await ap(u2, j3);
  });
  afterAll(async () => ctx2?.close());
  const get = async (who: Persona, q = '') =>
    (await ctx2.call('GET', `/api/application/get${q}`, who)).json();

  it('gives a professional only their own applications, newest first', async () => {
    const res = await get(u1);
    expect(res.data.map((a: { userId: string }) => a.userId)).toEqual([u1.id, u1.id]);
    expect(res.data.map((a: { jobId: { title: string } }) => a.jobId.title)).toEqual([
      'Elsewhere',
      'Nurse A',
    ]);
    expect(res.counts).toEqual({
      total: 2,
      pending: 2,
      shortlisted: 0,
      accepted: 0,
      rejected: 0,
      withdrawn: 0,
    });
    expect(res.pageInfo).toEqual({ page: 1, limit: 20, total: 2 });
  });

  it("gives a clinic only the applications to its organisation's jobs", async () => {
    const res = await get(c);
    expect(res.data.map((a: { jobId: { title: string } }) => a.jobId.title).sort()).toEqual([
      'Nurse A',
      'Nurse B',
    ]);
    expect(res.counts.total).toBe(2);
    expect((await get(c2)).data.map((a: { jobId: { title: string } }) => a.jobId.title)).toEqual([
      'Elsewhere',
      'Elsewhere',
    ]);
  });

  it('gives an admin everything', async () => {
    expect((await get(root)).counts.total).toBe(4);
  });

  it('filters by status and job, and pages', async () => {
    expect((await get(c, '?status=accepted')).data).toEqual([]);
    expect((await get(c, '?status=pending')).pageInfo.total).toBe(2);
    expect((await get(c, '?status=active')).pageInfo.total).toBe(2);
    const p2 = await get(root, '?limit=3&page=2');
    expect(p2.data).toHaveLength(1);
    expect(p2.pageInfo).toEqual({ page: 2, limit: 3, total: 4 });
  });

  it("hides another person's or another clinic's application: 404, as if it did not exist", async () => {
    expect((await ctx2.call('GET', `/api/application/${own.id}`, u1)).statusCode).toBe(200);
    expect((await ctx2.call('GET', `/api/application/${own.id}`, c)).statusCode).toBe(200);
    for (const who of [u2, c2]) {
      const res = await ctx2.call('GET', `/api/application/${own.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Application not found.');
    }
    expect((await ctx2.call('GET', `/api/application/${randomUUID()}`, u2)).json().message).toBe(
      'Application not found.',
    );
    expect((await get(u2)).data.map((a: { id: string }) => a.id)).not.toContain(own.id);
    expect((await get(u1, `?jobId=${(await get(u2)).data[1].jobId.id}`)).data).toEqual([]);
    expect((await ctx2.call('GET', `/api/application/${theirs.id}`, root)).statusCode).toBe(200);
  });

  it('needs a login and sane query values', async () => {
    expect((await ctx2.call('GET', '/api/application/get')).statusCode).toBe(401);
    expect((await ctx2.call('GET', '/api/application/get?status=hired', u1)).statusCode).toBe(400);
    expect((await ctx2.call('GET', '/api/application/get?jobId=7', u1)).statusCode).toBe(400);
    expect((await ctx2.call('GET', '/api/application/get?limit=1000', u1)).statusCode).toBe(400);
    expect((await ctx2.call('GET', '/api/application/nope', u1)).statusCode).toBe(400);
  });
});

describe('PATCH /api/application/:id (status)', () => {
  const patch = (id: string, who: Persona | undefined, body: unknown) =>
    ctx.call('PATCH', `/api/application/${id}`, who, body);

  it("lets any account of the job's organisation accept or reject, and change its mind", async () => {
    const a = await apply(await postJob());
    const res = await patch(a.id, colleague, { status: 'accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted' });
    expect(res.json().data.statusChangedAt).not.toBeNull();
    expect((await patch(a.id, clinic, { status: 'rejected' })).json().data.status).toBe('rejected');
    expect((await list(amina, '?status=rejected')).data.map((x: { id: string }) => x.id)).toContain(a.id);
  });

  it('lets the applicant withdraw; then nobody can decide on it', async () => {
    const a = await apply(await postJob());
    expect((await patch(a.id, amina, { status: 'withdrawn' })).json().data.status).toBe('withdrawn');
    const ids = (r: { data: Array<{ id: string }> }) => r.data.map((x) => x.id);
    expect(ids(await list(amina, '?status=active&limit=100'))).not.toContain(a.id);
    expect(ids(await list(amina, '?status=withdrawn&limit=100'))).toContain(a.id);
    const res = await patch(a.id, clinic, { status: 'accepted' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This application has been withdrawn.');
    expect(await statusOf(a.id)).toBe('withdrawn');
  });

  it.each([
    ['the applicant accepting', 'amina', 'accepted', 403],
    ['the clinic withdrawing', 'clinic', 'withdrawn', 403],
    ['an admin deciding', 'admin', 'accepted', 403],
    ['another professional withdrawing', 'baraka', 'withdrawn', 404],
    ['another clinic accepting', 'otherClinic', 'accepted', 404],
    ['a visitor', undefined, 'accepted', 401],
  ])('refuses %s and changes nothing', async (_case, persona, status, code) => {
    const a = await apply(await postJob());
    const who = { amina, clinic, admin, baraka, otherClinic }[persona as 'amina'];
    expect((await patch(a.id, who, { status })).statusCode).toBe(code);
    expect(await statusOf(a.id)).toBe('pending');
  });

  it.each([
    ['pending', { status: 'pending' }],
    ['an unknown status', { status: 'hired' }],
    ['no status', {}],
    ['an extra field', { status: 'accepted', note: 'x' }],
  ])('answers 400 for %s and changes nothing', async (_case, body) => {
    const a = await apply(await postJob());
    expect((await patch(a.id, clinic, body)).statusCode).toBe(400);
    expect(await statusOf(a.id)).toBe('pending');
  });

  it("keeps a removed job's applications in the applicant's history; only withdrawing is still possible", async () => {
    const jobId = await postJob({ title: 'Removed later' });
    const a = await apply(jobId);
    expect((await ctx.call('DELETE', `/api/job/${jobId}`, clinic)).statusCode).toBe(200);
    const mine = (await list(amina, `?jobId=${jobId}`)).data[0];
    expect(mine).toMatchObject({
      id: a.id,
      status: 'pending',
      jobId: { title: 'Removed later', removed: true },
    });
    expect((await patch(a.id, clinic, { status: 'accepted' })).statusCode).toBe(409);
    expect((await patch(a.id, amina, { status: 'withdrawn' })).statusCode).toBe(200);
  });

  it('lets the clinic shortlist, then accept; the applicant sees each step and hears of the shortlist', async () => {
    const c = ctx.persona('Clinic');
    const jobId = await postJob({ title: 'Shortlisted Midwife' }, c);
    const a = await apply(jobId, baraka);
    const res = await patch(a.id, c, { status: 'shortlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('shortlisted');
    expect((await list(baraka, `?jobId=${jobId}`)).data[0].status).toBe('shortlisted');
    expect((await list(c, '?status=shortlisted')).data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await list(c)).counts).toMatchObject({ total: 1, pending: 0, shortlisted: 1 });
    // The shortlist is in the applicant's inbox, as a decision is.
    const notice = await eventually(async () =>
      (await events<{ userId: string; title: { en: string } }>(HireEvents.notificationRequested)).find(
        (e) => e.data.userId === baraka.id && e.data.title.en.includes('Shortlisted Midwife'),
      ),
    );
    expect(notice!.data.title.en).toBe('Your application for Shortlisted Midwife was shortlisted');
    expect((await patch(a.id, c, { status: 'accepted' })).json().data.status).toBe('accepted');
    expect((await list(c)).counts).toMatchObject({ total: 1, shortlisted: 0, accepted: 1 });
    const changed = await eventually(async () => {
      const e = (await events<ApplicationStatusChangedData>(HireEvents.applicationStatusChanged)).filter(
        (x) => x.data.applicationId === a.id,
      );
      return e.length === 2 ? e : undefined;
    });
    expect(changed.map((e) => [e.data.from, e.data.to])).toEqual([
      ['pending', 'shortlisted'],
      ['shortlisted', 'accepted'],
    ]);
  });

  it('lets a shortlisted applicant still withdraw', async () => {
    const a = await apply(await postJob());
    await patch(a.id, clinic, { status: 'shortlisted' });
    expect((await patch(a.id, amina, { status: 'withdrawn' })).json().data.status).toBe('withdrawn');
    expect((await patch(a.id, clinic, { status: 'shortlisted' })).statusCode).toBe(409);
    expect(await statusOf(a.id)).toBe('withdrawn');
  });

  it.each([
    ['the applicant', 'amina', 403],
    ['another clinic', 'otherClinic', 404],
    ['an admin', 'admin', 403],
    ['a visitor', undefined, 401],
  ])('refuses a shortlist by %s and changes nothing', async (_case, persona, code) => {
    const a = await apply(await postJob());
    const who = { amina, admin, otherClinic }[persona as 'amina'];
    expect((await patch(a.id, who, { status: 'shortlisted' })).statusCode).toBe(code);
    expect(await statusOf(a.id)).toBe('pending');
  });

  it('keeps the clinic counts in step with every change', async () => {
    const c = ctx.persona('Clinic');
    const jobId = await postJob({}, c);
    const [a1, a2, a3] = [
      await apply(jobId, amina),
      await apply(jobId, baraka),
      await apply(jobId, ctx.persona('user')),
    ];
    await patch(a1.id, c, { status: 'accepted' });
    await patch(a2.id, c, { status: 'rejected' });
    await patch(a3.id, amina, { status: 'withdrawn' }); // not theirs: 404, no change
    const counts = (await list(c)).counts;
    expect(counts).toEqual({ total: 3, pending: 1, shortlisted: 0, accepted: 1, rejected: 1, withdrawn: 0 });
    expect((await list(c, '?status=pending')).pageInfo.total).toBe(1);
    await patch(a3.id, c, { status: 'accepted' });
    await patch(a3.id, ctx.persona('user'), { status: 'withdrawn' }); // a stranger: 404
    const active = await list(c, '?status=active');
    expect(active.pageInfo.total).toBe(3);
    expect(active.data.map((x: { status: string }) => x.status).sort()).toEqual([
      'accepted',
      'accepted',
      'rejected',
    ]);
  });
});

describe('events', () => {
  it('publishes hire.application.submitted.v1 and status-changed.v1 once each', async () => {
    const jobId = await postJob({ title: 'Evented' });
    const a = await apply(jobId, baraka);
    await ctx.call('PATCH', `/api/application/${a.id}`, clinic, { status: 'accepted' });
    // Repeating the same status is a no-op: no second event.
    await ctx.call('PATCH', `/api/application/${a.id}`, clinic, { status: 'accepted' });

    const submitted = await eventually(async () => {
      const e = (await events<ApplicationSubmittedData>(HireEvents.applicationSubmitted)).filter(
        (x) => x.data.applicationId === a.id,
      );
      return e.length ? e : undefined;
    });
    const changed = await eventually(async () => {
      const e = (await events<ApplicationStatusChangedData>(HireEvents.applicationStatusChanged)).filter(
        (x) => x.data.applicationId === a.id,
      );
      return e.length ? e : undefined;
    });
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would have arrived by now
    expect(
      (await events<ApplicationSubmittedData>(HireEvents.applicationSubmitted)).filter(
        (x) => x.data.applicationId === a.id,
      ),
    ).toHaveLength(1);
    expect(
      (await events<ApplicationStatusChangedData>(HireEvents.applicationStatusChanged)).filter(
        (x) => x.data.applicationId === a.id,
      ),
    ).toHaveLength(1);
    expect(submitted[0]!.data).toMatchObject({
      jobId,
      jobTitle: 'Evented',
      applicantId: baraka.id,
      ownerId: clinic.orgId,
    });
    expect(changed[0]!.data).toMatchObject({ from: 'pending', to: 'accepted', changedBy: clinic.id });
    expect(JSON.stringify(submitted[0])).not.toContain('cv.example.org');
  });

  it('publishes nothing for a refused request', async () => {
    const a = await apply(await postJob());
    await ctx.call('PATCH', `/api/application/${a.id}`, otherClinic, { status: 'rejected' });
    await new Promise((r) => setTimeout(r, 300));
    const changed = (await events<ApplicationStatusChangedData>(HireEvents.applicationStatusChanged)).filter(
      (x) => x.data.applicationId === a.id,
    );
    expect(changed).toEqual([]);
  });
});
