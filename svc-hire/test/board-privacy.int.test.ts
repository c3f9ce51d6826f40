import { IdentityEvents } from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { aJob, anApplication, startHire, userEvent, type HireContext, type Persona } from './helpers';

// Finding 7: the public board published clinics' login e-mails (`postedBy`). The board and a job's
// page need no login, so nothing there may carry an account's e-mail; the owner still sees it.

let ctx: HireContext;
let identity: NatsEventBus;
let clinic: Persona;
let colleague: Persona;
let nurse: Persona;
let known: string;
let unknown: string;

const EMAIL = /[^\s"@]+@[^\s"@]+\.[^\s"@]+/;

const registered = (p: Persona, name: string, email: string) =>
  userEvent(IdentityEvents.userRegistered, p.id, { name, email, role: p.role, orgId: p.orgId });

beforeAll(async () => {
  ctx = await startHire();
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
  clinic = ctx.persona('Clinic', { email: 'hr@nakuru.example', name: 'Wanjiku Hr' });
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId, email: 'jobs@nakuru.example' });
  nurse = ctx.persona('user', { email: 'amina@mail.example' });

  // One poster svc-hire knows (from identity's events), one it does not know yet.
  await identity.publish(registered(clinic, 'Wanjiku Hr', clinic.email));
  await identity.publish(registered(nurse, 'Amina W.', nurse.email));
  known = (await ctx.call('POST', '/api/job/add', clinic, aJob({ title: 'Midwife' }))).json().data.id;
  unknown = (await ctx.call('POST', '/api/job/add', colleague, aJob({ title: 'Lab Tech' }))).json().data.id;
  await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${known}`)).json().data;
    return j.posterName === 'Wanjiku Hr' ? j : undefined;
  });
  const applied = await ctx.call('POST', '/api/application/apply', nurse, anApplication(known));
  expect(applied.statusCode).toBe(201);
});
afterAll(async () => {
  await identity?.close();
  await ctx?.close();
});

const accountEmails = () => [clinic.email, colleague.email, nurse.email];

describe.each([
  ['a visitor', () => undefined],
  ['a signed-in professional', () => nurse],
])('the public job shapes, seen by %s', (_who, viewer) => {
  it.each([
    ['the board', () => '/api/job/get'],
    ['a filtered board', () => '/api/job/get?title=Midwife'],
    ["a known poster's job", () => `/api/job/${known}`],
    ["a not-yet-known poster's job", () => `/api/job/${unknown}`],
  ])('%s carries no e-mail address', async (_what, url) => {
    const res = await ctx.call('GET', url(), viewer());
    expect(res.statusCode).toBe(200);
    for (const email of accountEmails()) expect(res.body).not.toContain(email);
    expect(res.body).not.toMatch(EMAIL);
  });

  it("names the poster and the organisation instead (postedBy: the poster's name, else the organisation)", async () => {
    const board = (await ctx.call('GET', '/api/job/get', viewer())).json().data;
    const byId = (id: string) => board.find((j: { id: string }) => j.id === id);
    expect(byId(known)).toMatchObject({
      organization: 'Nakuru Family Clinic',
      posterName: 'Wanjiku Hr',
      postedBy: 'Wanjiku Hr',
    });
    expect(byId(unknown)).toMatchObject({
      organization: 'Nakuru Family Clinic',
      posterName: '',
      postedBy: 'Nakuru Family Clinic',
    });
  });
});

it("shows the posting organisation which of its accounts posted, and its applicants' e-mails", async () => {
  const mine = (await ctx.call('GET', '/api/job/mine', colleague)).json().data;
  const byId = (id: string) => mine.find((j: { id: string }) => j.id === id);
  expect(byId(known)).toMatchObject({
    posterEmail: clinic.email,
    posterName: 'Wanjiku Hr',
    applicantCount: 1,
  });
  expect(byId(unknown)).toMatchObject({ posterEmail: colleague.email });

  const applicants = (await ctx.call('GET', `/api/application/get?jobId=${known}`, clinic)).json().data;
  expect(applicants.map((a: { email: string }) => a.email)).toEqual([anApplication(known).email]);
});

it("gives the owner's view to nobody else", async () => {
  expect((await ctx.call('GET', '/api/job/mine')).statusCode).toBe(401);
  const asNurse = await ctx.call('GET', '/api/job/mine', nurse);
  expect(asNurse.statusCode).toBe(403);
  expect(asNurse.body).not.toContain(clinic.email);
  const other = await ctx.call('GET', '/api/job/mine', ctx.persona('Clinic'));
  expect(other.json().data).toEqual([]);
});
