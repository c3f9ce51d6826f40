import ical, { type CalendarComponent, type VEvent } from 'node-ical';
import { adminActionRecordedType, type AdminActionRecordedData } from '@platform/contracts';
import { eventually, readEvents } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

let ctx: EventsContext;
let clinic: Persona;

beforeAll(async () => {
  ctx = await startEvents();
  clinic = ctx.persona('Clinic');
});
afterAll(async () => ctx?.close());

async function post(over: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/event/add', clinic, anEvent(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; startsAt: string; endsAt: string };
}
const register = (eventId: string, who: Persona) =>
  ctx.call('POST', `/api/event/${eventId}/registrations`, who);
const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as CalendarComponent | undefined)?.type === 'VEVENT',
  );

describe('GET /api/event/:id/registrations.csv', () => {
  it('exports UTF-8 with a BOM, every formula-like cell neutralised', async () => {
    const e = await post({ capacity: 2 });
    const names = [
      '=HYPERLINK("http://evil.example","click")',
      '+254 700 000',
      '-1+1',
      '@SUM(A1)',
      'Wanjikũ "Wawa" Kamau',
    ];
    for (const name of names)
      expect((await register(e.id, ctx.persona('user', { name }))).statusCode).toBe(201);
    const tab = ctx.persona('user', { name: '\tTabbed' });
    await register(e.id, tab);

    const res = await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, clinic);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registrations-.*\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Name","E-mail","Phone","Designation","Status","Ticket code","Waiting list position",' +
        '"Registered at (Africa/Nairobi)","Checked in at (Africa/Nairobi)"',
    );
    // A quoted cell: quotes inside it are doubled.
    const firstCells = lines.slice(1).map((l) => /^"(?:[^"]|"")*"/.exec(l)![0]);
    expect(firstCells).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
      `"'+254 700 000"`,
      `"'-1+1"`,
      `"'@SUM(A1)"`,
      '"Wanjikũ ""Wawa"" Kamau"',
      `"'\tTabbed"`,
    ]);
    // Statuses in words, a confirmed seat's ticket code, the time in the event's zone to the minute.
    expect(lines[1]).toMatch(/"Confirmed","\d{4}-[0-9A-Z]{6}","","\d{4}-\d{2}-\d{2} \d{2}:\d{2}",""$/);
    expect(lines[3]).toContain('"Waiting list","","1"');
  });

  it('is for the organiser only', async () => {
    const e = await post();
    const nurse = ctx.persona('user');
    await register(e.id, nurse);
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, nurse)).statusCode).toBe(403);
    expect(
      (await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, ctx.persona('Clinic'))).statusCode,
    ).toBe(403);
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations.csv`)).statusCode).toBe(401);
  });

  it('records for the audit log an admin’s export of another organisation’s registrants, not the organiser’s', async () => {
    const e = await post({ title: 'Neonatal resuscitation workshop' });
    await register(e.id, ctx.persona('user'));
    const exports = async () =>
      (
        await readEvents<AdminActionRecordedData>(
          ctx.natsUrl,
          `${ctx.prefix}${adminActionRecordedType('events')}`,
        )
      ).filter((x) => x.data.target.id === e.id && x.data.action === 'registrations.export');
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, clinic)).statusCode).toBe(200);
    const admin = ctx.persona('admin');
    expect((await ctx.call('GET', `/api/event/${e.id}/registrations.csv`, admin)).statusCode).toBe(200);
    const recorded = await eventually(async () => {
      const found = await exports();
      return found.length ? found : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await exports()).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      target: { module: 'events', kind: 'event', id: e.id, label: 'Neonatal resuscitation workshop' },
    });
  });
});

describe('GET /api/event/:id/ics', () => {
  it('is RFC 5545 an independent parser reads back: UID, UTC start, an alarm an hour before, escaped text', async () => {
    const e = await post({
      title: 'Triage; sepsis, and shock',
      description: 'Line one,\nline two; with a backslash \\ too',
      location: 'Kisumu, Jaramogi Oginga Odinga Hospital',
    });
    const res = await ctx.call('GET', `/api/event/${e.id}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('\r\n');
    expect(res.body).not.toContain('zoom.us');
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [v] = vevents(res.body);
    expect(v).toBeDefined();
    expect(v!.uid).toBe(`${e.id}@events.afyahr`);
    expect(v!.summary).toBe('Triage; sepsis, and shock');
    expect(v!.description).toBe('Line one,\nline two; with a backslash \\ too');
    expect(v!.location).toBe('Kisumu, Jaramogi Oginga Odinga Hospital');
    expect((v!.start as Date).toISOString()).toBe(e.startsAt);
    expect((v!.end as Date).toISOString()).toBe(e.endsAt);
    expect(res.body).toMatch(
      /BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:[^\r]*\r\nTRIGGER:-PT1H\r\nEND:VALARM/,
    );
  });

  it('answers 404 for an unknown or cancelled event', async () => {
    const e = await post();
    await ctx.call('DELETE', `/api/event/${e.id}`, clinic);
    expect((await ctx.call('GET', `/api/event/${e.id}/ics`)).statusCode).toBe(404);
  });
});

describe('the private calendar feed', () => {
  it('lists what its owner is confirmed for, with the online link, until the token is replaced or revoked', async () => {
    const nurse = ctx.persona('user');
    const full = await post({ capacity: 1, title: 'Full one' });
    await register(full.id, ctx.persona('user'));
    const confirmed = await post({ title: 'Confirmed one' });
    const other = await post({ title: 'Not registered' });
    await register(confirmed.id, nurse);
    await register(full.id, nurse); // waitlisted: not in the feed

    expect((await ctx.call('POST', '/api/event/calendar/token')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/event/calendar/token')).statusCode).toBe(401);
    const state = async () => (await ctx.call('GET', '/api/event/calendar/token', nurse)).json().data;
    expect(await state()).toEqual({ exists: false, createdAt: null });
    const issued = await ctx.call('POST', '/api/event/calendar/token', nurse);
    expect(issued.statusCode).toBe(201);
    const { path, token } = issued.json().data;
    // Whether one exists and since when, never the address again.
    const made = await ctx.call('GET', '/api/event/calendar/token', nurse);
    expect(made.json().data).toEqual({ exists: true, createdAt: expect.any(String) });
    expect(made.body).not.toContain(token);
    expect(made.headers['cache-control']).toContain('no-store');
    // No login: the address is the key.
    const feed = await ctx.call('GET', path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const items = vevents(feed.body);
    expect(items.map((v) => v.summary)).toEqual(['Confirmed one']);
    expect(items[0]!.url).toBe('https://zoom.us/j/123456789');
    expect(feed.body).not.toContain(other.id);

    // A cancelled event stays in the feed, marked cancelled, so calendars remove it.
    await ctx.call('DELETE', `/api/event/${confirmed.id}`, clinic);
    const afterCancel = vevents((await ctx.call('GET', path)).body)[0]!;
    expect(afterCancel.status).toBe('CANCELLED');
    expect(afterCancel.url).toBeUndefined();

    // A new address revokes the old one; deleting it revokes the feed.
    const again = (await ctx.call('POST', '/api/event/calendar/token', nurse)).json().data.path;
    expect((await ctx.call('GET', path)).statusCode).toBe(404);
    expect((await ctx.call('GET', again)).statusCode).toBe(200);
    expect((await ctx.call('DELETE', '/api/event/calendar/token', nurse)).statusCode).toBe(200);
    expect((await ctx.call('GET', again)).statusCode).toBe(404);
    expect(await state()).toEqual({ exists: false, createdAt: null });
    expect((await ctx.call('DELETE', '/api/event/calendar/token', nurse)).statusCode).toBe(404);
  });

  it('answers a malformed token 400 and an unknown one 404', async () => {
    expect((await ctx.call('GET', '/api/event/calendar/short.ics')).statusCode).toBe(400);
    expect((await ctx.call('GET', `/api/event/calendar/${'a'.repeat(32)}.ics`)).statusCode).toBe(404);
  });
});
