import postgres from 'postgres';
import { EventsEvents } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

let ctx: EventsContext;
let clinic: Persona;
let otherClinic: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startEvents();
  clinic = ctx.persona('Clinic');
  otherClinic = ctx.persona('Clinic');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

async function post(over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/event/add', clinic, anEvent(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
}
const register = (eventId: string, who: Persona) =>
  ctx.call('POST', `/api/event/${eventId}/registrations`, who);
const withdraw = (eventId: string, who: Persona) =>
  ctx.call('DELETE', `/api/event/${eventId}/registrations/me`, who);
const detail = async (eventId: string, who?: Persona) =>
  (await ctx.call('GET', `/api/event/${eventId}`, who)).json().data;
const people = (n: number) => Array.from({ length: n }, () => ctx.persona('user'));

/** Runs SQL on the service's database (to set up states the API cannot reach, like a started event). */
async function onDb<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const client = postgres(ctx.db.url, { max: 1 });
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The envelopes of `type` about registrations of `eventId`, once the relay has had time to publish. */
async function published(type: string, eventId: string, atLeast: number) {
  return eventually(async () => {
    const all = await readEvents<{ eventId: string; userId: string; reason: string }>(
      ctx.natsUrl,
      `${ctx.prefix}${type}`,
    );
    const mine = all.filter((e) => e.data.eventId === eventId);
    return mine.length >= atLeast ? mine : undefined;
  });
}

describe('POST /api/event/:id/registrations', () => {
  it('confirms a seat with a ticket, and only then hands over the online link', async () => {
    const e = await post();
    const nurse = ctx.persona('user');
    expect(await detail(e.id, nurse)).not.toHaveProperty('zoomLink');
    const res = await register(e.id, nurse);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'confirmed', position: null } });
    expect(res.json().data.ticket).toEqual(expect.any(String));
    expect(await detail(e.id, nurse)).toMatchObject({
      zoomLink: 'https://zoom.us/j/123456789',
      myRegistration: { status: 'confirmed' },
      seatsTaken: 1,
    });
    // Anyone else, and the public list, still do not see it.
    expect(await detail(e.id)).not.toHaveProperty('zoomLink');
    expect(await detail(e.id, ctx.persona('user'))).not.toHaveProperty('zoomLink');
  });

  it('answers 409 to a second registration, 401 without a token, 404 for an unknown event', async () => {
    const e = await post();
    const nurse = ctx.persona('user');
    expect((await register(e.id, nurse)).statusCode).toBe(201);
    const again = await register(e.id, nurse);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('events.already_registered');
    expect((await ctx.call('POST', `/api/event/${e.id}/registrations`)).statusCode).toBe(401);
    const unknown = await register('0b8a4f6e-2a61-4c55-8f0e-3c5b7d1e9a22', nurse);
    expect(unknown.statusCode).toBe(404);
    expect((await detail(e.id)).seatsTaken).toBe(1);
  });

  it('answers 422 after the deadline, for a cancelled event and for one that has started, taking no seat', async () => {
    const closed = await post({ registrationDeadline: new Date(Date.now() + 1000).toISOString() });
    const cancelled = await post();
    const started = await post();
    await ctx.call('DELETE', `/api/event/${cancelled.id}`, clinic);
    await onDb(async (sql) => {
      await sql`update events.events set registration_deadline = now() - interval '1 minute' where id = ${closed.id}`;
      await sql`update events.events set starts_at = now() - interval '5 minutes' where id = ${started.id}`;
    });
    const nurse = ctx.persona('user');
    for (const [id, code] of [
      [closed.id, 'events.registration_closed'],
      [cancelled.id, 'events.event_cancelled'],
      [started.id, 'events.event_past'],
    ] as const) {
      const res = await register(id, nurse);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(code);
    }
    const seats = await onDb(
      (sql) =>
        sql`select count(*)::int as n from events.registrations where event_id in ${sql([closed.id, cancelled.id, started.id])}`,
    );
    expect(seats[0]!.n).toBe(0);
  });

  it('never exceeds capacity: 60 at once for 10 seats end 10 confirmed, 50 waitlisted in arrival order', async () => {
    const e = await post({ capacity: 10 });
    const crowd = people(60);
    const answers = await Promise.all(crowd.map((p) => register(e.id, p)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(60).fill(201));
    const statuses = answers.map((a) => a.json().data.status);
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(50);
    // Waiting-list positions are 1..50 exactly once each.
    const positions = answers.map((a) => a.json().data.position).filter((p) => p !== null);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Arrival order: every confirmed registration arrived before every waitlisted one, and positions follow it.
    const rows = await onDb(
      (sql) => sql`select id, status from events.registrations where event_id = ${e.id} order by seq`,
    );
    expect(rows.map((r) => r.status)).toEqual([
      ...Array(10).fill('confirmed'),
      ...Array(50).fill('waitlisted'),
    ]);
    const byId = new Map(answers.map((a) => [a.json().data.id, a.json().data.position]));
    expect(rows.slice(10).map((r) => byId.get(r.id))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await detail(e.id)).toMatchObject({ seatsTaken: 10, seatsLeft: 0, waitlisted: 50 });
  });

  it('a freed seat goes to the first on the waiting list in the same transaction; each event published once', async () => {
    const e = await post({ capacity: 2 });
    const [a, b, c, d] = people(4) as [Persona, Persona, Persona, Persona];
    for (const p of [a, b, c, d]) await register(e.id, p);
    expect((await detail(e.id, c)).myRegistration).toMatchObject({ status: 'waitlisted', position: 1 });
    expect((await detail(e.id, d)).myRegistration).toMatchObject({ status: 'waitlisted', position: 2 });
    expect(await detail(e.id, c)).not.toHaveProperty('zoomLink');

    const res = await withdraw(e.id, a);
    expect(res.statusCode).toBe(200);
    expect((await detail(e.id, c)).myRegistration).toMatchObject({ status: 'confirmed', position: null });
    expect((await detail(e.id, c)).myRegistration.ticket).toEqual(expect.any(String));
    expect((await detail(e.id, c)).zoomLink).toBe('https://zoom.us/j/123456789');
    expect((await detail(e.id, d)).myRegistration).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(await detail(e.id)).toMatchObject({ seatsTaken: 2, waitlisted: 1 });
    // The one who left keeps the registration in their history, cancelled, without the link.
    const left = await detail(e.id, a);
    expect(left.myRegistration.status).toBe('cancelled');
    expect(left).not.toHaveProperty('zoomLink');
    // Leaving twice: nothing to withdraw.
    expect((await withdraw(e.id, a)).statusCode).toBe(404);
    // Registering again after leaving is allowed (a new place at the end of the list).
    expect((await register(e.id, a)).json().data).toMatchObject({ status: 'waitlisted', position: 2 });

    const confirmed = await published(EventsEvents.registrationConfirmed, e.id, 3);
    expect(confirmed.map((x) => [x.data.userId, x.data.reason])).toEqual([
      [a.id, 'registered'],
      [b.id, 'registered'],
      [c.id, 'promoted'],
    ]);
    const cancelled = await published(EventsEvents.registrationCancelled, e.id, 1);
    expect(cancelled.map((x) => x.data.userId)).toEqual([a.id]);
    expect(new Set(confirmed.map((x) => x.id)).size).toBe(3);
  });

  it('a larger capacity confirms the waiting list at once; a capacity below the confirmed seats is refused', async () => {
    const e = await post({ capacity: 1 });
    const [a, b, c] = people(3) as [Persona, Persona, Persona];
    for (const p of [a, b, c]) await register(e.id, p);
    const res = await ctx.call('PATCH', `/api/event/${e.id}`, clinic, { capacity: 2 });
    expect(res.json().data).toMatchObject({ seatsTaken: 2, waitlisted: 1 });
    expect((await detail(e.id, b)).myRegistration.status).toBe('confirmed');
    const below = await ctx.call('PATCH', `/api/event/${e.id}`, clinic, { capacity: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain('capacity');
    expect((await detail(e.id)).capacity).toBe(2);
  });
});

it('a cancelled event stays in its registrants’ history, marked cancelled, without the link', async () => {
  const e = await post();
  const nurse = ctx.persona('user');
  await register(e.id, nurse);
  expect((await ctx.call('DELETE', `/api/event/${e.id}`, clinic)).statusCode).toBe(200);
  const mine = await detail(e.id, nurse);
  expect(mine).toMatchObject({ cancelled: true, myRegistration: { status: 'confirmed' } });
  expect(mine).not.toHaveProperty('zoomLink');
  expect((await ctx.call('GET', `/api/event/${e.id}`, ctx.persona('user'))).statusCode).toBe(404);
  expect((await withdraw(e.id, nurse)).json().code).toBe('events.event_cancelled');
});

describe('GET /api/event/:id/registrations', () => {
  it('shows the organiser (and an admin) who registered, in arrival order, with status', async () => {
    const e = await post({ capacity: 1 });
    const [a, b] = people(2) as [Persona, Persona];
    await register(e.id, a);
    await register(e.id, b);
    for (const who of [clinic, admin]) {
      const res = await ctx.call('GET', `/api/event/${e.id}/registrations`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject([
        { userId: a.id, name: a.name, status: 'confirmed', position: null, checkedInAt: null },
        { userId: b.id, name: b.name, status: 'waitlisted', position: 1 },
      ]);
      expect(res.json().pageInfo).toMatchObject({ total: 2 });
    }
  });

  it('refuses anyone else', async () => {
    const e = await post();
    const nurse = ctx.persona('user');
    await register(e.id, nurse);
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations`, nurse)).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations`, otherClinic)).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations`)).statusCode).toBe(401);
  });
});
