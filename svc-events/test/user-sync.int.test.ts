import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, userEvent } from '@platform/testing';
import { anEvent, startEvents, type EventsContext } from './helpers';

let ctx: EventsContext;
let identity: NatsEventBus;
beforeAll(async () => {
  ctx = await startEvents();
  // Stands in for svc-identity: publishes on the same prefix.
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
});
afterAll(async () => {
  await identity?.close();
  await ctx?.close();
});

it("names organisers and registrants from identity's events, the newest version winning", async () => {
  const clinic = ctx.persona('Clinic', { name: 'Old name at posting' });
  const nurse = ctx.persona('user', { name: 'Amina at registration' });
  const e = (await ctx.call('POST', '/api/event/add', clinic, anEvent())).json().data;
  await ctx.call('POST', `/api/event/${e.id}/registrations`, nurse);

  await identity.publish(userEvent(IdentityEvents.userRegistered, clinic.id, { orgId: clinic.orgId }));
  await identity.publish(
    userEvent(IdentityEvents.userUpdated, nurse.id, {
      name: 'Amina Wanjiru',
      role: 'user',
      designation: 'Registered Nurse',
      version: 3,
    }),
  );
  // A late, older version must not win.
  await identity.publish(
    userEvent(IdentityEvents.userUpdated, nurse.id, { name: 'Stale', role: 'user', version: 2 }),
  );
  await eventually(async () => {
    const d = (await ctx.call('GET', `/api/event/${e.id}`)).json().data;
    return d.postedBy === 'Nakuru Family Clinic' ? d : undefined;
  });
  const list = await eventually(async () => {
    const rows = (await ctx.call('GET', `/api/event/${e.id}/registrations`, clinic)).json().data;
    return rows[0]?.designation === 'Registered Nurse' ? rows : undefined;
  });
  expect(list[0]).toMatchObject({ name: 'Amina Wanjiru', designation: 'Registered Nurse' });

  // A removed account keeps its registration row, but not the person.
  await identity.publish(makeEnvelope(IdentityEvents.userDeleted, { id: nurse.id, version: 4 }));
  const after = await eventually(async () => {
    const rows = (await ctx.call('GET', `/api/event/${e.id}/registrations`, clinic)).json().data;
    return rows[0]?.name === 'Deleted account' ? rows : undefined;
  });
  expect(after[0].designation).toBe('');
});
