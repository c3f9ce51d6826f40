import postgres from 'postgres';
import { anEvent, inDays, startEvents, type EventsContext, type Persona } from './helpers';

/**
 * What the dashboards read: an organiser's own events (GET /api/event/mine), a person's registrations
 * (GET /api/event/registrations/me), and the ticket's short code typed at the door.
 */
let ctx: EventsContext;
let clinic: Persona;

beforeAll(async () => {
  ctx = await startEvents();
  clinic = ctx.persona('Clinic', { name: 'Nakuru Family Clinic' });
});
afterAll(async () => ctx?.close());

async function onDb<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const client = postgres(ctx.db.url, { max: 1 });
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function post(who: Persona, over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/event/add', who, anEvent(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; title: string };
}

/** Moves an event into the past: started two hours ago, one hour long. */
const endIt = (id: string) =>
  onDb((sql) => sql`update events.events set starts_at = now() - interval '2 hours' where id = ${id}`);

/** Date and time `minutes` from now on Nairobi's clock: an event whose check-in is open. */
function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000);
  return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 16) };
}

describe('GET /api/event/mine', () => {
  it("lists the organiser's own events, upcoming soonest first with seats and the online link; past apart", async () => {
    const own = ctx.persona('Clinic', { name: 'Kisumu Diagnostics' });
    const later = await post(own, { title: 'Later', date: inDays(20), capacity: 2 });
    const sooner = await post(own, { title: 'Sooner', date: inDays(5) });
    const over = await post(own, { title: 'Over', date: inDays(3) });
    const cancelled = await post(own, { title: 'Called off', date: inDays(8) });
    await post(clinic, { title: 'Somebody else’s' });
    expect((await ctx.call('DELETE', `/api/event/${cancelled.id}`, own)).statusCode).toBe(200);
    await endIt(over.id);
    const nurse = ctx.persona('user');
    expect((await ctx.call('POST', `/api/event/${later.id}/registrations`, nurse)).statusCode).toBe(201);

    const upcoming = await ctx.call('GET', '/api/event/mine', own);
    expect(upcoming.statusCode).toBe(200);
    const body = upcoming.json();
    expect(body.data.map((e: { title: string }) => e.title)).toEqual(['Sooner', 'Called off', 'Later']);
    expect(body.pageInfo).toEqual({ page: 1, limit: 20, total: 3 });
    const [first, second, third] = body.data;
    expect(first).toMatchObject({ organizing: true, zoomLink: 'https://zoom.us/j/123456789' });
    expect(second).toMatchObject({ cancelled: true });
    expect(third).toMatchObject({ capacity: 2, seatsTaken: 1, seatsLeft: 1 });

    const past = (await ctx.call('GET', '/api/event/mine?when=past', own)).json();
    expect(past.data.map((e: { id: string }) => e.id)).toEqual([over.id]);

    const paged = (await ctx.call('GET', '/api/event/mine?limit=1&page=2', own)).json();
    expect(paged.data.map((e: { title: string }) => e.title)).toEqual(['Called off']);
    expect(paged.pageInfo.total).toBe(3);
    expect(sooner.id).toBe(first.id);
  });

  it('is for organisers only: 401 without a token, 403 for a professional; 400 for a bad period', async () => {
    expect((await ctx.call('GET', '/api/event/mine')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/event/mine', ctx.persona('user'))).statusCode).toBe(403);
    const bad = await ctx.call('GET', '/api/event/mine?when=someday', clinic);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/when/);
  });
});

describe('GET /api/event/registrations/me', () => {
  it("lists the person's upcoming registrations with places and tickets, and attended events apart", async () => {
    const a = await post(clinic, { title: 'Two seats', date: inDays(4), capacity: 1 });
    const b = await post(clinic, { title: 'Open', date: inDays(9) });
    const c = await post(clinic, { title: 'Withdrawn from', date: inDays(6) });
    const d = await post(clinic, { title: 'Attended', date: inDays(2) });
    const amina = ctx.persona('user', { name: 'Amina Wanjiru' });
    const baraka = ctx.persona('user', { name: 'Baraka Otieno' });
    for (const e of [a, b, c, d])
      expect((await ctx.call('POST', `/api/event/${e.id}/registrations`, baraka)).statusCode).toBe(201);
    for (const e of [a, b, c, d])
      expect((await ctx.call('POST', `/api/event/${e.id}/registrations`, amina)).statusCode).toBe(201);
    expect((await ctx.call('DELETE', `/api/event/${c.id}/registrations/me`, amina)).statusCode).toBe(200);
    await endIt(d.id);

    const upcoming = await ctx.call('GET', '/api/event/registrations/me', amina);
    expect(upcoming.statusCode).toBe(200);
    const list = upcoming.json().data as Array<{
      title: string;
      zoomLink?: string;
      myRegistration: { status: string; position: number | null; ticket?: string; ticketCode?: string };
    }>;
    expect(list.map((e) => e.title)).toEqual(['Two seats', 'Open']);
    expect(list[0]!.myRegistration).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(list[0]!.myRegistration.ticket).toBeUndefined();
    expect(list[0]).not.toHaveProperty('zoomLink');
    expect(list[1]!.myRegistration).toMatchObject({ status: 'confirmed', position: null });
    expect(list[1]!.myRegistration.ticketCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{6}$/);
    expect(list[1]!.zoomLink).toBe('https://zoom.us/j/123456789');

    const past = (await ctx.call('GET', '/api/event/registrations/me?when=past', amina)).json();
    expect(past.data.map((e: { id: string }) => e.id)).toEqual([d.id]);
    // Someone else's list has none of hers.
    const his = (await ctx.call('GET', '/api/event/registrations/me', baraka)).json();
    expect(his.data.map((e: { title: string }) => e.title)).toEqual(['Two seats', 'Withdrawn from', 'Open']);
    expect(
      his.data.every((e: { myRegistration: { status: string } }) => e.myRegistration.status === 'confirmed'),
    ).toBe(true);
  });

  it('needs a signed-in person', async () => {
    expect((await ctx.call('GET', '/api/event/registrations/me')).statusCode).toBe(401);
  });
});

describe('checking in with the short code', () => {
  it('takes the code typed in any case, with or without its dash; refuses a wrong one and changes nothing', async () => {
    const e = await post(clinic, soon(60));
    const other = await post(clinic, soon(60));
    const amina = ctx.persona('user', { name: 'Amina Wanjiru' });
    const baraka = ctx.persona('user', { name: 'Baraka Otieno' });
    const code = async (eventId: string, who: Persona) =>
      (await ctx.call('POST', `/api/event/${eventId}/registrations`, who)).json().data.ticketCode as string;
    const hers = await code(e.id, amina);
    const his = await code(e.id, baraka);
    const elsewhere = await code(other.id, amina);
    const scan = (ticket: string, eventId = e.id) =>
      ctx.call('POST', `/api/event/${eventId}/checkins`, clinic, { ticket });

    const last = hers.slice(-1);
    const mistyped = `${hers.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    for (const bad of [mistyped, elsewhere, '0000-000000', 'ZZZZ']) {
      const res = await scan(bad);
      expect([bad, res.statusCode, res.json().code]).toEqual([bad, 400, 'events.ticket_invalid']);
    }
    const before = (await ctx.call('GET', `/api/event/${e.id}/registrations`, clinic)).json().data;
    expect(before.every((r: { checkedInAt: string | null }) => r.checkedInAt === null)).toBe(true);

    const first = await scan(` ${hers.toLowerCase()} `);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ name: 'Amina Wanjiru', alreadyCheckedIn: false });
    const again = await scan(hers.replace('-', ''));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.alreadyCheckedIn).toBe(true);
    const second = await scan(his);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.name).toBe('Baraka Otieno');
  });

  it('is still refused to anyone but the organiser', async () => {
    const e = await post(clinic, soon(60));
    const amina = ctx.persona('user');
    const ticketCode = (await ctx.call('POST', `/api/event/${e.id}/registrations`, amina)).json().data
      .ticketCode as string;
    const res = await ctx.call('POST', `/api/event/${e.id}/checkins`, amina, { ticket: ticketCode });
    expect(res.statusCode).toBe(403);
    const other = ctx.persona('Clinic');
    expect(
      (await ctx.call('POST', `/api/event/${e.id}/checkins`, other, { ticket: ticketCode })).statusCode,
    ).toBe(403);
  });
});
