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

it("gives the organiser's attendee list each registrant's e-mail and phone, from identity's events", async () => {
  const clinic = ctx.persona('Clinic');
  const nurse = ctx.persona('user', { name: 'Wanjiru at registration' });
  const e = (await ctx.call('POST', '/api/event/add', clinic, anEvent())).json().data;
  await ctx.call('POST', `/api/event/${e.id}/registrations`, nurse);
  await identity.publish(
    userEvent(IdentityEvents.userRegistered, nurse.id, {
      name: 'Wanjiru Kamau',
      email: 'wanjiru@afya.example',
      phone: '+254 711 000 111',
      role: 'user',
      designation: 'Registered Nurse',
    }),
  );
  const line = await eventually(async () => {
    const csv = (await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, clinic)).body;
    return csv.split('\r\n').find((l) => l.includes('wanjiru@afya.example'));
  });
  expect(line).toMatch(
    /^"Wanjiru Kamau","wanjiru@afya\.example","'\+254 711 000 111","Registered Nurse","Confirmed","\d{4}-[0-9A-Z]{6}"/,
  );
});
