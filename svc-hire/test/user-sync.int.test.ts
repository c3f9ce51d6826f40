import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, readDeadLetters } from '@platform/testing';
import { aJob, anApplication, startHire, type HireContext } from './helpers';

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

const userEvent = (type: string, id: string, over: Partial<UserEventData>) =>
  makeEnvelope(type, {
    id,
    name: 'Nakuru Family Clinic',
    email: 'hr@nakuru.example',
    role: 'Clinic',
    orgId: null,
    designation: '',
    description: '',
    address: '',
    phone: '',
    skills: [],
    facility: '',
    country: '',
    location: '',
    photo: '',
    createdAt: new Date().toISOString(),
    version: 1,
    ...over,
  } as UserEventData);

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
  expect(latest.postedBy).toBe('jobs@nakuru.example');
  await new Promise((r) => setTimeout(r, 500));
  expect((await ctx.call('GET', `/api/job/${job.id}`)).json().data.posterName).toBe('Nakuru Clinic');

  const applied = await ctx.call('POST', '/api/application/apply', nurse, anApplication(job.id));
  expect(applied.json().data.applicantName).toBe('Amina W.');
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
  expect(shown.postedBy).toBe('hr@nakuru.example');
  const letters = (await readDeadLetters(ctx.natsUrl, ctx.prefix)).filter(
    (l) => l.headers['Dead-Letter-Consumer'] === 'svc-hire__user-sync',
  );
  expect(letters).toHaveLength(1);
  expect(JSON.parse(letters[0]!.payload).id).toBe(forged.id);
  expect(letters[0]!.headers['Dead-Letter-Reason']).toBe('invalid');
});
