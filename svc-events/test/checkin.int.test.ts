import { PDFDocument } from 'pdf-lib';
import { EventsEvents } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

let ctx: EventsContext;
let clinic: Persona;

beforeAll(async () => {
  ctx = await startEvents();
  clinic = ctx.persona('Clinic', { name: 'Nakuru Family Clinic' });
});
afterAll(async () => ctx?.close());

/** Date and time `minutes` from now on Nairobi's clock: an event whose check-in is open. */
function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000);
  return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 16) };
}

async function post(over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/event/add', clinic, anEvent({ ...soon(60), ...over }));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; date: string; tags: string[] };
}
async function ticketFor(eventId: string, who: Persona): Promise<string> {
  const res = await ctx.call('POST', `/api/event/${eventId}/registrations`, who);
  expect(res.json().data.status).toBe('confirmed');
  return res.json().data.ticket;
}
const scan = (eventId: string, ticket: string, who: Persona = clinic) =>
  ctx.call('POST', `/api/event/${eventId}/checkins`, who, { ticket });

describe('POST /api/event/:id/checkins', () => {
  it('a checked-in seat cannot be withdrawn (409): it is not handed on while its certificate stands', async () => {
    const e = await post({ cpdPoints: 2, capacity: 1 });
    const nurse = ctx.persona('user');
    const waiting = ctx.persona('user');
    const ticket = await ticketFor(e.id, nurse);
    expect((await ctx.call('POST', `/api/event/${e.id}/registrations`, waiting)).json().data.status).toBe(
      'waitlisted',
    );
    expect((await scan(e.id, ticket)).statusCode).toBe(201);
    const res = await ctx.call('DELETE', `/api/event/${e.id}/registrations/me`, nurse);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('events.registration_checked_in');
    // Nothing moved: the seat is still hers, the waiting list still waits.
    const seen = (await ctx.call('GET', `/api/event/${e.id}`, waiting)).json().data;
    expect(seen).toMatchObject({ seatsTaken: 1, waitlisted: 1 });
    expect(seen.myRegistration).toMatchObject({ status: 'waitlisted', position: 1 });
  });

  it('records a check-in once; a second scan says since when, and the event is published once', async () => {
    const e = await post({ cpdPoints: 3 });
    const nurse = ctx.persona('user', { name: 'Amina Wanjiru' });
    const ticket = await ticketFor(e.id, nurse);
    const first = await scan(e.id, ticket);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ name: 'Amina Wanjiru', alreadyCheckedIn: false });
    const at = first.json().data.checkedInAt as string;
    const second = await scan(e.id, ticket);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: at });
    // The time on the event's clock (Nairobi, UTC+3).
    const clock = new Date(new Date(at).getTime() + 3 * 3600_000).toISOString().slice(11, 16);
    expect(second.json().message).toBe(`Already checked in at ${clock}.`);
    expect(second.json().data.certificateId).toBe(first.json().data.certificateId);

    const list = (await ctx.call('GET', `/api/event/${e.id}/registrations`, clinic)).json().data;
    expect(list[0]).toMatchObject({ userId: nurse.id, checkedInAt: at });
    const recorded = await eventually(async () => {
      const all = await readEvents<{
        eventId: string;
        cpdPoints: number;
        eventDate?: string;
        tags?: string[];
      }>(ctx.natsUrl, `${ctx.prefix}${EventsEvents.checkinRecorded}`);
      const mine = all.filter((x) => x.data.eventId === e.id);
      return mine.length ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data.cpdPoints).toBe(3);
    // The event as checked in to, for svc-core's training records: its day and tags.
    expect(recorded[0]!.data).toMatchObject({ eventDate: e.date, tags: e.tags });
  });

  it('refuses a forged ticket (400), one for another event or without a seat (422), and changes nothing', async () => {
    const e = await post();
    const other = await post();
    const nurse = ctx.persona('user');
    const ticket = await ticketFor(e.id, nurse);
    const [registrationId, eventId, sig] = ticket.split('.') as [string, string, string];
    const forged = `${registrationId}.${eventId}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, 'not-a-ticket', `${registrationId}.${other.id}.${sig}`]) {
      const res = await scan(e.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('events.ticket_invalid');
    }
    const elsewhere = await scan(other.id, ticket);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('events.ticket_other_event');
    // A withdrawn registration's ticket no longer admits.
    await ctx.call('DELETE', `/api/event/${e.id}/registrations/me`, nurse);
    const withdrawn = await scan(e.id, ticket);
    expect(withdrawn.statusCode).toBe(422);
    expect(withdrawn.json().code).toBe('events.ticket_not_confirmed');
    const list = (await ctx.call('GET', `/api/event/${e.id}/registrations`, clinic)).json().data;
    expect(list[0].checkedInAt).toBeNull();
    expect((await ctx.call('POST', `/api/event/${e.id}/checkins`, clinic, {})).json().message).toContain(
      'ticket',
    );
  });

  it('is the organiser’s: anyone else is refused and nothing is recorded', async () => {
    const e = await post();
    const nurse = ctx.persona('user');
    const ticket = await ticketFor(e.id, nurse);
    expect((await scan(e.id, ticket, nurse)).statusCode).toBe(403);
    expect((await scan(e.id, ticket, ctx.persona('Clinic'))).statusCode).toBe(403);
    expect((await ctx.call('POST', `/api/event/${e.id}/checkins`, undefined, { ticket })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.call('GET', `/api/event/${e.id}`, nurse)).json().data.myRegistration.checkedInAt,
    ).toBeNull();
  });

  it('records one check-in when the same ticket is scanned at two doors at once', async () => {
    const e = await post({ cpdPoints: 2 });
    const ticket = await ticketFor(e.id, ctx.persona('user'));
    const answers = await Promise.all([scan(e.id, ticket), scan(e.id, ticket), scan(e.id, ticket)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().data.certificateId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
  });

  it('counts the door: "n of m checked in" in each answer and for the organiser alone', async () => {
    const e = await post({ capacity: 3 });
    const [amina, baraka] = [ctx.persona('user', { name: 'Amina Wanjiru' }), ctx.persona('user')];
    const tickets = [await ticketFor(e.id, amina), await ticketFor(e.id, baraka)];
    // The waiting list and a withdrawn registration are not counted as registered.
    const late = ctx.persona('user');
    await ticketFor(e.id, late);
    await ctx.call('DELETE', `/api/event/${e.id}/registrations/me`, late);
    const count = async (who: Persona = clinic) => ctx.call('GET', `/api/event/${e.id}/checkins/count`, who);
    expect((await count()).json()).toEqual({ success: true, data: { registered: 2, checkedIn: 0 } });

    const first = await scan(e.id, tickets[0]!);
    expect(first.json().data).toMatchObject({ name: 'Amina Wanjiru', registered: 2, checkedIn: 1 });
    // A second scan of the same ticket and a refused one move nothing.
    expect((await scan(e.id, tickets[0]!)).json().data).toMatchObject({ registered: 2, checkedIn: 1 });
    expect((await scan(e.id, 'ZZZZ-ZZZZZZ')).statusCode).toBe(400);
    expect((await count()).json().data).toEqual({ registered: 2, checkedIn: 1 });
    expect((await scan(e.id, tickets[1]!)).json().data).toMatchObject({ registered: 2, checkedIn: 2 });

    // Another organisation, an attendee and a visitor are refused, through inject and on the service's
    // own port alike.
    const rival = ctx.persona('Clinic');
    expect((await count(rival)).statusCode).toBe(403);
    expect((await count(rival)).json().code).toBe('events.not_organizer');
    expect((await count(amina)).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/event/${e.id}/checkins/count`)).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/event/not-an-id/checkins/count', clinic)).statusCode).toBe(400);
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const direct = (token?: string) =>
      fetch(`${address}/api/event/${e.id}/checkins/count`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const refused = await direct(rival.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, code: 'events.not_organizer' });
    expect((await direct()).status).toBe(401);
    expect(await (await direct(clinic.token)).json()).toEqual({
      success: true,
      data: { registered: 2, checkedIn: 2 },
    });
  });

  it('opens two hours before the start', async () => {
    const e = await post({ ...soon(180) });
    const ticket = await ticketFor(e.id, ctx.persona('user'));
    const res = await scan(e.id, ticket);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('events.checkin_closed');
  });
});

describe('CPD certificates and ledger', () => {
  it('issues a certificate with the check-in: its holder downloads the PDF, anyone can verify it, the ledger counts it', async () => {
    const e = await post({ cpdPoints: 4, title: 'Sepsis bundle workshop' });
    const nurse = ctx.persona('user', { name: 'Amina Wanjiru' });
    const id = (await scan(e.id, await ticketFor(e.id, nurse))).json().data.certificateId as string;
    expect(id).toEqual(expect.any(String));

    const pdf = await ctx.call('GET', `/api/event/certificates/${id}/pdf`, nurse);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('CPD certificate: Sepsis bundle workshop');
    // The organiser may print it; another person may not.
    expect((await ctx.call('GET', `/api/event/certificates/${id}/pdf`, clinic)).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/event/certificates/${id}/pdf`, ctx.persona('user'))).statusCode).toBe(
      403,
    );

    // The public verify answer says genuine or not, and what the certificate says.
    const check = await ctx.call('GET', `/api/event/certificates/${id}`);
    expect(check.json()).toMatchObject({
      success: true,
      data: {
        genuine: true,
        certificate: { holderName: 'Amina Wanjiru', eventTitle: 'Sepsis bundle workshop', points: 4 },
      },
    });
    const unknown = await ctx.call('GET', '/api/event/certificates/5c1f3a9e-8b2d-4e6f-9a1c-2d3e4f5a6b7c');
    expect(unknown.json()).toEqual({ success: true, data: { genuine: false } });

    const year = Number(e.date.slice(0, 4));
    const ledger = await ctx.call('GET', `/api/event/cpd/me?year=${year}`, nurse);
    expect(ledger.json().data).toMatchObject({
      year,
      total: 4,
      entries: [
        {
          certificateId: id,
          eventTitle: 'Sepsis bundle workshop',
          points: 4,
          organizer: 'Nakuru Family Clinic',
        },
      ],
    });
    expect((await ctx.call('GET', `/api/event/cpd/me?year=${year - 1}`, nurse)).json().data).toMatchObject({
      total: 0,
      entries: [],
    });
    expect((await ctx.call('GET', '/api/event/cpd/me?year=abc', nurse)).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/event/cpd/me')).statusCode).toBe(401);
  });

  it('issues no certificate for an event without CPD points', async () => {
    const e = await post();
    const res = await scan(e.id, await ticketFor(e.id, ctx.persona('user')));
    expect(res.json().data.certificateId).toBeNull();
  });
});
