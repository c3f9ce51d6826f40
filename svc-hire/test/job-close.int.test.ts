import { randomUUID } from 'node:crypto';
import { aJob, anApplication, startHire, type HireContext, type Persona } from './helpers';

let ctx: HireContext;
let clinic: Persona;
let colleague: Persona;
let otherClinic: Persona;
let nurse: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startHire();
  clinic = ctx.persona('Clinic');
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId });
  otherClinic = ctx.persona('Clinic');
  nurse = ctx.persona('user');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

/** A day in YYYY-MM-DD, `days` from today (UTC; a week ahead is a future day in Nairobi too). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function post(over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/job/add', clinic, aJob({ closesAt: dayFromNow(30), ...over }));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; title: string };
}
const close = (id: string, who?: Persona) => ctx.call('POST', `/api/job/${id}/close`, who);
const page = async (id: string) => (await ctx.call('GET', `/api/job/${id}`)).json().data;
const onBoard = async (title: string) =>
  (await ctx.call('GET', `/api/job/get?title=${encodeURIComponent(title)}`))
    .json()
    .data.map((j: { title: string }) => j.title);
const mine = async (id: string) =>
  (await ctx.call('GET', '/api/job/mine?limit=100', clinic))
    .json()
    .data.find((j: { id: string }) => j.id === id);

describe('POST /api/job/:id/close', () => {
  it('closes a job at once: off the board, its page says closed, applying is refused; a new date reopens it', async () => {
    const job = await post({ title: 'Closing Early Pharmacist' });
    expect(await onBoard(job.title)).toEqual([job.title]);
    const res = await close(job.id, colleague);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.closed).toBe(true);
    expect((await page(job.id)).closed).toBe(true);
    expect(await onBoard(job.title)).toEqual([]);
    expect((await mine(job.id)).closed).toBe(true);
    const refused = await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('hire.job_closed');
    // Closing again changes nothing.
    expect((await close(job.id, clinic)).json().data.closesAt).toBe(res.json().data.closesAt);

    const reopened = await ctx.call('PATCH', `/api/job/${job.id}`, clinic, { closesAt: dayFromNow(7) });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.closed).toBe(false);
    expect(await onBoard(job.title)).toEqual([job.title]);
    const applied = await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id));
    expect(applied.statusCode).toBe(201);
  });

  it('keeps the applicants of a closed job, and the clinic can still decide on them', async () => {
    const job = await post({ title: 'Closed With Applicants' });
    const applicant = ctx.persona('user');
    const a = (await ctx.call('POST', '/api/application/apply', applicant, anApplication(job.id))).json()
      .data;
    expect((await close(job.id, clinic)).statusCode).toBe(200);
    expect((await mine(job.id)).applicantCount).toBe(1);
    const res = await ctx.call('PATCH', `/api/application/${a.id}`, clinic, { status: 'shortlisted' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['another clinic', 'otherClinic', 403],
    ['a professional', 'nurse', 403],
    ['an admin', 'admin', 403],
    ['a visitor', undefined, 401],
  ])('refuses %s closing a job, and changes nothing', async (_who, persona, status) => {
    const job = await post({ title: 'Stays Open' });
    const who = { otherClinic, nurse, admin }[persona as 'nurse'];
    expect((await close(job.id, who)).statusCode).toBe(status);
    expect((await page(job.id)).closed).toBe(false);
    expect(await onBoard('Stays Open')).toContain('Stays Open');
  });

  it('answers 404 for an unknown or removed job and 400 for a malformed id', async () => {
    expect((await close(randomUUID(), clinic)).statusCode).toBe(404);
    const job = await post({ title: 'Removed Before Closing' });
    await ctx.call('DELETE', `/api/job/${job.id}`, clinic);
    expect((await close(job.id, clinic)).statusCode).toBe(404);
    expect((await close('not-an-id', clinic)).statusCode).toBe(400);
  });
});

describe('editing a job with applicants', () => {
  it('keeps its applicants and shows the new title to them', async () => {
    const job = await post({ title: 'Night Nurse' });
    const applicant = ctx.persona('user');
    await ctx.call('POST', '/api/application/apply', applicant, anApplication(job.id));
    const res = await ctx.call('PATCH', `/api/job/${job.id}`, clinic, { title: 'Night Nurse, ICU' });
    expect(res.statusCode).toBe(200);
    expect((await mine(job.id)).applicantCount).toBe(1);
    const theirs = (await ctx.call('GET', '/api/application/get', applicant)).json().data;
    expect(theirs.map((a: { jobId: { title: string } }) => a.jobId.title)).toEqual(['Night Nurse, ICU']);
  });

  it.each([
    ['a closing date in the past', { closesAt: dayFromNow(-3) }],
    ['a blank title', { title: '   ' }],
    ['a salary range upside down', { salary: { min: 9, max: 1, currency: 'KES', period: 'month' } }],
  ])('refuses %s with a 400 and changes nothing', async (_case, patch) => {
    const job = await post({ title: 'Unchanged By Bad Input' });
    const before = await page(job.id);
    expect((await ctx.call('PATCH', `/api/job/${job.id}`, clinic, patch)).statusCode).toBe(400);
    expect(await page(job.id)).toEqual(before);
  });
});
