/**
 * Every admin action of svc-events and svc-connect reaches svc-content's audit log, once: the real
 * services on one NATS prefix (each on its own database), an admin acting on a clinic's event and on a
 * discussion that members' flags hid. A non-admin trying the same changes nothing and records nothing.
 */
import postgres from 'postgres';
import { eventually } from '@platform/testing';
import type { UserEventData } from '@platform/contracts';
import { startContent, type ContentContext, type Persona } from './helpers';
import { anEvent, startEvents, type EventsContext } from '@platform/svc-events/testing';
import { aDiscussion, startConnect, type ConnectContext } from '@platform/svc-connect/testing';

let content: ContentContext;
let events: EventsContext;
let connect: ConnectContext;
let eventsSql: postgres.Sql;
let admin: Persona;

const ADMIN = { name: 'Grace Admin', email: 'grace@afyahr.example' };

beforeAll(async () => {
  content = await startContent();
  const shared = { NATS_PREFIX: content.prefix };
  events = await startEvents(shared);
  connect = await startConnect(shared);
  eventsSql = postgres(events.db.url, { max: 1, onnotice: () => {} });
  admin = content.persona('admin', ADMIN);
}, 60_000);
afterAll(async () => {
  await eventsSql?.end();
  await connect?.close();
  await events?.close();
  await content?.close();
});

type Entry = {
  service: string;
  action: string;
  actor: { id: string; name: string; email: string; role: string };
  target: { module: string; kind: string; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
  requestId: string | null;
};
const entriesFor = async (targetId: string) =>
  (
    (await content.call('GET', `/api/admin/audit?target=${targetId}&limit=100`, admin)).json().data as Entry[]
  ).filter((e) => e.target.id === targetId);
/** The target's entries once `n` are there, and still `n` a moment later (nothing recorded twice). */
async function settled(targetId: string, n: number) {
  await eventually(async () => ((await entriesFor(targetId)).length >= n ? true : undefined));
  await new Promise((r) => setTimeout(r, 500));
  return entriesFor(targetId);
}
const adminActionsQueued = async () =>
  Number(
    (await eventsSql`select count(*)::int as n from events.outbox where type like '%admin-action%'`)[0]!.n,
  );

describe('svc-events', () => {
  /** The same admin as svc-events sees them (its own token signer stands in for svc-identity's). */
  const asAdmin = () => events.persona('admin', { sub: admin.id, ...ADMIN });

  it('records an admin editing and cancelling a clinic’s event, once each, with before and after', async () => {
    const clinic = events.persona('Clinic', { name: 'Nakuru Family Clinic' });
    const posted = await events.call('POST', '/api/event/add', clinic, anEvent({ title: 'Triage drill' }));
    const id = posted.json().data.id as string;
    // The clinic's own changes are not admin actions.
    await events.call('PATCH', `/api/event/${id}`, clinic, { location: 'Naivasha' });

    const edited = await events.app.inject({
      method: 'PATCH',
      url: `/api/event/${id}`,
      headers: { authorization: `Bearer ${asAdmin().token}`, 'x-request-id': 'req-admin-edit' },
      payload: { title: 'Triage drill (moved)', location: 'Nakuru Level 5 Hospital' },
      remoteAddress: '10.9.8.7',
    });
    expect(edited.statusCode).toBe(200);
    const [edit] = await settled(id, 1);
    expect(edit).toEqual({
      ...edit,
      service: 'events',
      action: 'event.update',
      actor: { id: admin.id, name: ADMIN.name, email: ADMIN.email, role: 'admin' },
      target: { module: 'events', kind: 'event', id, label: 'Triage drill (moved)' },
      before: { title: 'Triage drill', location: 'Naivasha' },
      after: { title: 'Triage drill (moved)', location: 'Nakuru Level 5 Hospital' },
      address: '10.9.8.7',
      requestId: 'req-admin-edit',
    });

    expect((await events.call('DELETE', `/api/event/${id}`, asAdmin())).statusCode).toBe(200);
    const entries = await settled(id, 2);
    expect(entries.map((e) => e.action)).toEqual(['event.cancel', 'event.update']);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.id },
      before: { cancelledAt: null },
      after: { registrantsTold: 0 },
    });
    expect(typeof entries[0]!.after!.cancelledAt).toBe('string');
  });

  it('records an admin checking someone in at a clinic’s event', async () => {
    const clinic = events.persona('Clinic');
    const at = new Date(Date.now() + 60 * 60_000 + 3 * 3600_000).toISOString();
    const posted = await events.call(
      'POST',
      '/api/event/add',
      clinic,
      anEvent({ title: 'CPR refresher', date: at.slice(0, 10), time: at.slice(11, 16) }),
    );
    const eventId = posted.json().data.id as string;
    const nurse = events.persona('user', { name: 'Amina Wanjiru' });
    const seat = (await events.call('POST', `/api/event/${eventId}/registrations`, nurse)).json().data;
    const scan = await events.call('POST', `/api/event/${eventId}/checkins`, asAdmin(), {
      ticket: seat.ticket,
    });
    expect(scan.statusCode).toBe(201);
    // A second scan records nothing new.
    expect(
      (await events.call('POST', `/api/event/${eventId}/checkins`, asAdmin(), { ticket: seat.ticket }))
        .statusCode,
    ).toBe(200);
    const [entry, ...more] = await settled(seat.id, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      service: 'events',
      action: 'registration.check-in',
      target: { module: 'events', kind: 'registration', id: seat.id, label: 'Amina Wanjiru, CPR refresher' },
      before: { checkedInAt: null },
      after: { eventId, checkedInAt: scan.json().data.checkedInAt },
    });
  });

  it('an admin change the service refuses (capacity below the seats taken) records nothing', async () => {
    const clinic = events.persona('Clinic');
    const posted = await events.call('POST', '/api/event/add', clinic, anEvent({ capacity: 2 }));
    const id = posted.json().data.id as string;
    for (const who of [events.persona('user'), events.persona('user')])
      expect((await events.call('POST', `/api/event/${id}/registrations`, who)).statusCode).toBe(201);
    const queued = await adminActionsQueued();
    const refused = await events.call('PATCH', `/api/event/${id}`, asAdmin(), { capacity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('events.capacity_below_confirmed');
    expect(await adminActionsQueued()).toBe(queued);
    await new Promise((r) => setTimeout(r, 500));
    expect(await entriesFor(id)).toEqual([]);
  });

  it('a non-admin editing or cancelling another clinic’s event changes nothing and records nothing', async () => {
    const owner = events.persona('Clinic');
    const other = events.persona('Clinic');
    const nurse = events.persona('user');
    const id = (await events.call('POST', '/api/event/add', owner, anEvent({ title: 'Not yours' }))).json()
      .data.id as string;
    const queued = await adminActionsQueued();
    expect((await events.call('PATCH', `/api/event/${id}`, other, { title: 'Hijacked' })).statusCode).toBe(
      403,
    );
    expect((await events.call('DELETE', `/api/event/${id}`, other)).statusCode).toBe(403);
    expect((await events.call('PATCH', `/api/event/${id}`, nurse, { title: 'Hijacked' })).statusCode).toBe(
      403,
    );
    expect((await events.call('DELETE', `/api/event/${id}`, nurse)).statusCode).toBe(403);
    const seen = (await events.call('GET', `/api/event/${id}`)).json().data;
    expect(seen).toMatchObject({ title: 'Not yours' });
    expect(await adminActionsQueued()).toBe(queued);
    await new Promise((r) => setTimeout(r, 500));
    expect(await entriesFor(id)).toEqual([]);
  });
});

/**
 * A member both services know: registered through identity's event on the shared prefix (the helpers'
 * own publishers use each context's prefix), with a token svc-connect accepts.
 */
async function member(
  role: Persona['role'],
  designation: string,
  over: Partial<UserEventData> = {},
): Promise<Persona> {
  const p = await content.member(role, {
    designation,
    createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    ...over,
  });
  await eventually(async () => (await connect.sql('select 1 from connect.users where id = $1', p.id))[0]);
  return connect.persona(role, { sub: p.id, name: p.name, email: p.email, orgId: p.orgId });
}

describe('svc-connect', () => {
  it('records a moderator’s restore as applied to the discussion, and a non-admin’s attempt records nothing', async () => {
    const author = await member('user', 'Driver');
    // Established members' flags (30 days, a verified address) weigh enough to hide a newer member's post.
    const flaggers = [
      await member('user', 'Registered Nurse', { emailVerified: true }),
      await member('user', 'Clinical Officer', { emailVerified: true }),
      await member('user', 'Medical Officer', { emailVerified: true }),
    ];
    const d = (await connect.call('POST', '/api/discussion/add', author, aDiscussion())).json().data as {
      id: string;
      title: string;
    };
    for (const who of flaggers)
      expect(
        (await connect.call('POST', `/api/discussion/${d.id}/flags`, who, { reason: 'Spam' })).statusCode,
      ).toBe(201);
    const queued = await eventually(async () => {
      const open = (await content.call('GET', '/api/content/moderation', admin)).json().data as {
        id: string;
        subject: { id: string };
      }[];
      return open.find((o) => o.subject.id === d.id);
    });
    const visibleTo = async (who: Persona) =>
      (await connect.call('GET', `/api/discussion/${d.id}`, who)).statusCode === 200;
    expect(await visibleTo(flaggers[0]!)).toBe(false);

    // Someone who is not an admin cannot decide: nothing changes, nothing is recorded.
    const nonAdmin = content.persona('user');
    const refused = await content.call('POST', `/api/content/moderation/${queued.id}/decision`, nonAdmin, {
      decision: 'restore',
    });
    expect(refused.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(await visibleTo(flaggers[0]!)).toBe(false);
    expect(await entriesFor(d.id)).toEqual([]);

    const decided = await content.app.inject({
      method: 'POST',
      url: `/api/content/moderation/${queued.id}/decision`,
      headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': 'req-restore' },
      payload: { decision: 'restore' },
      remoteAddress: '10.4.4.4',
    });
    expect(decided.statusCode).toBe(200);
    await eventually(async () => ((await visibleTo(flaggers[0]!)) ? true : undefined));
    const entries = await settled(d.id, 2);
    // svc-content's decision, and svc-connect's change that applied it: one entry each.
    expect(entries.map((e) => `${e.service} ${e.action}`).sort()).toEqual([
      'connect discussion.restore',
      'content post.restore',
    ]);
    expect(entries.find((e) => e.service === 'connect')).toEqual({
      ...entries.find((e) => e.service === 'connect'),
      actor: { id: admin.id, name: ADMIN.name, email: ADMIN.email, role: 'admin' },
      target: { module: 'connect', kind: 'discussion', id: d.id, label: d.title },
      before: { status: 'hidden', flagCount: 3 },
      after: { status: 'visible', flagCount: 0 },
      address: '10.4.4.4',
      requestId: 'req-restore',
    });
  });
});
