import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, readDeadLetters } from '@platform/testing';
import { aJob, anApplication, startHire, userEvent, type HireContext } from './helpers';

let ctx: HireContext;
let identity: NatsEventBus;
beforeAll(async () => {
  ctx = await startHire();
  // Stands in for svc-identity: publishes on the same prefix.
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await identity?.close();
  await ctx?.close();
});

it("names posters and applicants from identity's events, newest version winning, each event once", async () => {
  const clinic = ctx.persona('Clinic', { email: 'hr@nakuru.example' });
  const nurse = ctx.persona('user');
  const job = (await ctx.call('POST', '/api/job/add', clinic, aJob())).json().data;
  expect(job.posterName).toBe('');

  await identity.publish(userEvent(IdentityEvents.userRegistered, clinic.id, { orgId: clinic.orgId }));
  await identity.publish(
    userEvent(IdentityEvents.userRegistered, nurse.id, {
      name: 'Amina W.',
      email: 'amina@x.org',
      role: 'user',
    }),
  );
  await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Nakuru Family Clinic' ? j : undefined;
  });

  // Version 3 then a late version 2: the late one must not win. The e-mail shown follows the account.
  const v3 = userEvent(IdentityEvents.userUpdated, clinic.id, {
    name: 'Nakuru Clinic',
    email: 'jobs@nakuru.example',
    version: 3,
  });
  await identity.publish(v3);
  await identity.publish(
    userEvent(IdentityEvents.userUpdated, clinic.id, { name: 'Stale name', version: 2 }),
  );
  // The same event again (after the duplicate window it would be redelivered): applied once.
  await identity.publish({ ...v3, id: v3.id });
  const latest = await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Nakuru Clinic' ? j : undefined;
  });
  // The public shape names the poster; its organisation sees the account's current e-mail.
  expect(latest.postedBy).toBe('Nakuru Clinic');
  const mine = (await ctx.call('GET', '/api/job/mine', clinic)).json().data;
  expect(mine.find((j: { id: string }) => j.id === job.id).posterEmail).toBe('jobs@nakuru.example');
  await new Promise((r) => setTimeout(r, 500));
  expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.posterName).toBe('Nakuru Clinic');

  const applied = await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id));
  expect(applied.json().data.applicantName).toBe('Amina W.');
});

it('forgets a deleted account: the job stays, its poster is anonymous', async () => {
  const clinic = ctx.persona('Clinic');
  const job = (await ctx.call('POST', '/api/job/add', clinic, aJob())).json().data;
  await identity.publish(
    userEvent(IdentityEvents.userRegistered, clinic.id, { name: 'Kisumu Eye Centre', orgId: clinic.orgId }),
  );
  await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Kisumu Eye Centre' ? j : undefined;
  });
  await identity.publish(makeEnvelope(IdentityEvents.userDeleted, { id: clinic.id, version: 2 }));
  const forgotten = await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Deleted account' ? j : undefined;
  });
  expect(JSON.stringify(forgotten)).not.toContain('Kisumu Eye Centre');
});

it('applies no user event that breaks its contract: the board keeps the real name, the event is dead-lettered', async () => {
  const clinic = ctx.persona('Clinic');
  const job = (await ctx.call('POST', '/api/job/add', clinic, aJob())).json().data;
  await identity.publish(userEvent(IdentityEvents.userRegistered, clinic.id, { name: 'Kisumu Rehab' }));
  await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Kisumu Rehab' ? j : undefined;
  });

  // A high version with a forged name and e-mail, but not what the contract says (no phone, version as text).
  const { phone: _phone, ...forgedData } = userEvent(IdentityEvents.userUpdated, clinic.id, {
    name: 'Forged Poster',
    email: 'attacker@evil.example',
  }).data;
  const forged = makeEnvelope(IdentityEvents.userUpdated, { ...forgedData, version: '999' });
  await identity.publish(forged);
  const next = userEvent(IdentityEvents.userUpdated, clinic.id, { name: 'Kisumu Rehab Centre', version: 2 });
  await identity.publish(next);

  const shown = await eventually(async () => {
    const j = (await ctx.call('GET', `/api/job/${job.id}`)).json().data;
    return j.posterName === 'Kisumu Rehab Centre' ? j : undefined;
  });
  expect(JSON.stringify(shown)).not.toMatch(/Forged Poster|attacker@evil/);
  const letters = (await readDeadLetters(ctx.natsUrl, ctx.prefix)).filter(
    (l) => l.headers['Dead-Letter-Consumer'] === 'svc-hire__user-sync',
  );
  expect(letters).toHaveLength(1);
  expect(JSON.parse(letters[0]!.payload).id).toBe(forged.id);
  expect(letters[0]!.headers['Dead-Letter-Reason']).toBe('invalid');
});

it("shows the clinic the applicant's designation and skills beside the application", async () => {
  const clinic = ctx.persona('Clinic');
  const amina = ctx.persona('user');
  const job = (await ctx.call('POST', '/api/job/add', clinic, aJob())).json().data;
  const applied = (await ctx.call('POST', '/api/application/apply', amina, anApplication(job.id))).json()
    .data;
  expect(applied).toMatchObject({ applicantDesignation: '', applicantSkills: [] });

  await identity.publish(
    userEvent(IdentityEvents.userRegistered, amina.id, {
      name: 'Amina Wanjiru',
      role: 'user',
      designation: 'Registered Nurse',
      skills: ['Midwifery', 'Neonatal care'],
    }),
  );
  const seen = await eventually(async () => {
    const a = (await ctx.call('GET', `/api/application/get?jobId=${job.id}`, clinic)).json().data[0];
    return a.applicantDesignation ? a : undefined;
  });
  expect(seen).toMatchObject({
    applicantName: 'Amina Wanjiru',
    applicantDesignation: 'Registered Nurse',
    applicantSkills: ['Midwifery', 'Neonatal care'],
  });

  await identity.publish(
    userEvent(IdentityEvents.userUpdated, amina.id, {
      role: 'user',
      designation: 'Clinical Officer',
      skills: ['Triage'],
      version: 2,
    }),
  );
  const updated = await eventually(async () => {
    const a = (await ctx.call('GET', `/api/application/${applied.id}`, clinic)).json().data;
    return a.applicantDesignation === 'Clinical Officer' ? a : undefined;
  });
  expect(updated.applicantSkills).toEqual(['Triage']);
});
