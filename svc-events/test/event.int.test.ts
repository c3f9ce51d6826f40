import postgres from 'postgres';
import { EventsEvents } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { anEvent, inDays, startEvents, type EventsContext, type Persona } from './helpers';

let ctx: EventsContext;
let clinic: Persona;
let colleague: Persona;
let otherClinic: Persona;
let nurse: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startEvents();
  clinic = ctx.persona('Clinic', { name: 'Nakuru Family Clinic' });
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId });
  otherClinic = ctx.persona('Clinic');
  nurse = ctx.persona('user');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

type Ev = {
  id: string;
  title: string;
  topic: string | null;
  startsAt: string;
  zoomLink?: string;
  cancelled: boolean;
};

async function post(over: Record<string, unknown> = {}, who: Persona = clinic): Promise<Ev> {
  const res = await ctx.call('POST', '/api/event/add', who, anEvent(over));
  expect(res.json()).toMatchObject({ success: true });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const list = async (query = '') => (await ctx.call('GET', `/api/event/get${query}`)).json();
const ids = (body: { data: { id: string }[] }) => body.data.map((e) => e.id);
/** Rows of the events table, to prove a refused request changed nothing. */
const rowCount = async () => {
  const client = postgres(ctx.db.url, { max: 1 });
  try {
    const [row] = await client`select count(*)::int as n, max(updated_at) as at from events.events`;
    return row as { n: number; at: Date | null };
  } finally {
    await client.end();
  }
};

describe('POST /api/event/add', () => {
  it('posts an event as the token account, with its start as an instant in its zone', async () => {
    const res = await ctx.call(
      'POST',
      '/api/event/add',
      clinic,
      anEvent({ date: '2031-03-05', time: '09:30', postedBy: 'someone@else.org' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Neonatal resuscitation refresher',
      category: 'Training',
      timeZone: 'Africa/Nairobi',
      // 09:30 in Nairobi (UTC+3) is 06:30 UTC.
      startsAt: '2031-03-05T06:30:00.000Z',
      endsAt: '2031-03-05T07:30:00.000Z',
      durationMinutes: 60,
      region: 'Kenya',
      postedBy: 'Nakuru Family Clinic',
      organizing: true,
      // The organiser receives its own online link.
      zoomLink: 'https://zoom.us/j/123456789',
      speaker: { name: 'Dr. Achieng Otieno', designation: 'Consultant Paediatrician' },
      capacity: null,
      seatsLeft: null,
      cancelled: false,
    });
  });

  it('reads the date and time in the zone the organiser names', async () => {
    const e = await post({ date: '2031-07-01', time: '14:00', timeZone: 'Europe/Paris', location: 'Online' });
    // Paris is on summer time (UTC+2) in July.
    expect(e.startsAt).toBe('2031-07-01T12:00:00.000Z');
    expect(e).toMatchObject({ region: 'Online', online: true });
  });

  it('lets an admin post', async () => {
    await post({ title: 'Admin webinar' }, admin);
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a professional', 'nurse', 403],
  ])('refuses %s and posts nothing', async (_who, persona, status) => {
    const before = await rowCount();
    const who = persona === 'nurse' ? nurse : undefined;
    const res = await ctx.call('POST', '/api/event/add', who, anEvent());
    expect(res.statusCode).toBe(status);
    expect((await rowCount()).n).toBe(before.n);
  });

  it.each([
    ['category', { category: 'CPD' }, 'category'],
    ['date', { date: '05/03/2031' }, 'date'],
    ['time', { time: '25:00' }, 'time'],
    ['a javascript: link', { zoomLink: 'javascript:alert(1)' }, 'zoomLink'],
    ['an http link', { zoomLink: 'http://zoom.us/j/1' }, 'zoomLink'],
    ['too many CPD points', { cpdPoints: 51 }, 'cpdPoints'],
    ['a zero capacity', { capacity: 0 }, 'capacity'],
    ['an unknown zone', { timeZone: 'Africa/Atlantis' }, 'timeZone'],
    ['a blank title', { title: '   ' }, 'title'],
    ['an unknown field', { fee: 100 }, 'fee'],
    ['a start in the past', { date: '2020-01-01' }, 'date'],
    ['a deadline after the start', { registrationDeadline: '2099-01-01T00:00:00Z' }, 'registrationDeadline'],
  ])('refuses %s with 400 naming the field, and posts nothing', async (_what, over, field) => {
    const before = await rowCount();
    const res = await ctx.call('POST', '/api/event/add', clinic, anEvent(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toContain(field);
    expect(typeof res.json().code).toBe('string');
    expect((await rowCount()).n).toBe(before.n);
  });

  it('publishes events.event.published.v1 once per event', async () => {
    const e = await post({ title: 'Published once' });
    const published = await eventually(async () => {
      const all = await readEvents<{ eventId: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${EventsEvents.eventPublished}`,
      );
      const mine = all.filter((x) => x.data.eventId === e.id);
      return mine.length > 0 ? mine : undefined;
    });
    expect(published).toHaveLength(1);
    expect(published[0]!.data).toMatchObject({
      eventId: e.id,
      title: 'Published once',
      startsAt: e.startsAt,
    });
  });
});

describe('GET /api/event/get', () => {
  let later: Ev;
  let sooner: Ev;
  let webinar: Ev;
  beforeAll(async () => {
    later = await post({ title: 'Malaria case management', date: inDays(40), tags: ['Malaria'] });
    sooner = await post({ title: 'Infection control update', date: inDays(20), region: 'Uganda' });
    webinar = await post({
      title: 'Antibiotic stewardship',
      category: 'Webinar',
      location: 'Online',
      date: inDays(30),
      speaker: { name: 'Prof. Kato Mugisha', designation: 'Microbiologist' },
    });
  });

  it('lists upcoming events by ascending start, with totals, and never the online link', async () => {
    const body = await list('?limit=100');
    expect(body.success).toBe(true);
    const starts = body.data.map((e: Ev) => e.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(ids(body)).toEqual(expect.arrayContaining([later.id, sooner.id, webinar.id]));
    expect(body.pageInfo).toMatchObject({ page: 1, limit: 100, total: body.data.length, totalCapped: false });
    for (const e of body.data) expect(e).not.toHaveProperty('zoomLink');
    // Even the organiser's own token gets the public list.
    const signedIn = (await ctx.call('GET', '/api/event/get', clinic)).json();
    for (const e of signedIn.data) expect(e).not.toHaveProperty('zoomLink');
  });

  it('filters by keyword (title, speaker, tags), category, region and start day', async () => {
    expect(ids(await list('?search=stewardship'))).toEqual([webinar.id]);
    expect(ids(await list('?search=kato%20mugisha'))).toEqual([webinar.id]);
    expect(ids(await list('?search=malaria'))).toEqual([later.id]);
    // Case-blind, whichever case was typed or stored.
    expect(ids(await list('?search=MALARIA%20case'))).toEqual([later.id]);
    expect(ids(await list('?search=Kato%20MUGISHA'))).toEqual([webinar.id]);
    expect(ids(await list('?category=Webinar&limit=100'))).toContain(webinar.id);
    expect(ids(await list('?category=Webinar&limit=100'))).not.toContain(later.id);
    expect(ids(await list('?region=Uganda'))).toEqual([sooner.id]);
    const after = ids(await list(`?after=${inDays(25)}&limit=100`));
    expect(after).toEqual(expect.arrayContaining([later.id, webinar.id]));
    expect(after).not.toContain(sooner.id);
  });

  it('keeps a topic beside the type (the spec’s filter topics) and filters by either or both', async () => {
    const exam = await post({
      title: 'Nursing Council exam revision',
      category: 'Webinar',
      topic: 'Licensing Exam Prep',
      location: 'Online',
      date: inDays(35),
    });
    expect(exam.topic).toBe('Licensing Exam Prep');
    expect(later.topic).toBeNull();
    expect(ids(await list('?topic=Licensing%20Exam%20Prep&limit=100'))).toEqual([exam.id]);
    expect(ids(await list('?topic=Licensing%20Exam%20Prep&category=Webinar&limit=100'))).toEqual([exam.id]);
    expect(ids(await list('?topic=Licensing%20Exam%20Prep&category=Training&limit=100'))).toEqual([]);
    expect(ids(await list('?topic=NHIF%2FNursing%20Council%20Briefings&limit=100'))).toEqual([]);
    // The organiser changes it, or takes it away.
    const moved = await ctx.call('PATCH', `/api/event/${exam.id}`, clinic, { topic: 'CPD' });
    expect(moved.json().data.topic).toBe('CPD');
    expect(ids(await list('?topic=CPD&limit=100'))).toEqual([exam.id]);
    const none = await ctx.call('PATCH', `/api/event/${exam.id}`, clinic, { topic: null });
    expect(none.json().data.topic).toBeNull();
    expect(ids(await list('?topic=CPD&limit=100'))).toEqual([]);
    // A topic the list does not know is refused, and nothing is posted.
    const before = await rowCount();
    const refused = await ctx.call('POST', '/api/event/add', clinic, anEvent({ topic: 'Astrology' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('topic');
    expect(await rowCount()).toEqual(before);
    await ctx.call('DELETE', `/api/event/${exam.id}`, clinic);
  });

  it('pages with page and limit', async () => {
    const all = ids(await list('?limit=100'));
    const second = await list('?page=2&limit=2');
    expect(ids(second)).toEqual(all.slice(2, 4));
    expect(second.pageInfo).toMatchObject({ page: 2, limit: 2, total: all.length });
  });

  it.each([
    ['category', '?category=CPD'],
    ['topic', '?topic=Training'],
    ['after', '?after=yesterday'],
    ['region', '?region=Mars'],
    ['limit', '?limit=1000'],
  ])('answers a bad %s with 400 naming it', async (field, query) => {
    const res = await ctx.call('GET', `/api/event/get${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('reads each filtered page with one index range scan on its start order', async () => {
    const client = postgres(ctx.db.url, { max: 1 });
    try {
      await client`set enable_seqscan = off`;
      const plan = async (filter: string) =>
        (
          await client.unsafe(
            `explain select * from events.events where cancelled_at is null and starts_at >= now() ${filter} order by starts_at, id limit 20`,
          )
        )
          .map((r) => r['QUERY PLAN'] as string)
          .join('\n');
      expect(await plan('')).toContain('events_live_starts_idx');
      expect(await plan(`and category = 'Webinar'`)).toContain('events_live_category_starts_idx');
      expect(await plan(`and region = 'Uganda'`)).toContain('events_live_region_starts_idx');
      for (const p of [await plan(''), await plan(`and category = 'Webinar'`)]) expect(p).not.toMatch(/Sort/);
    } finally {
      await client.end();
    }
  });
});

describe("the list's answers, kept a second (LIST_CACHE_MS)", () => {
  const seatsLeft = async (id: string) =>
    (await list('?limit=100')).data.find((e: { id: string }) => e.id === id)?.seatsLeft;

  it('marks the list for the gateway to keep one second, and browsers not at all', async () => {
    const res = await ctx.call('GET', '/api/event/get');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
  });

  it('shows a change made here at once: a seat taken, an event posted or cancelled', async () => {
    const e = await post({ capacity: 5, date: inDays(3) });
    expect(await seatsLeft(e.id)).toBe(5);
    const res = await ctx.call('POST', `/api/event/${e.id}/registrations`, ctx.persona('user'));
    expect(res.statusCode).toBe(201);
    expect(await seatsLeft(e.id)).toBe(4);
    const another = await post({ capacity: 3, date: inDays(3) });
    expect(await seatsLeft(another.id)).toBe(3);
    expect((await ctx.call('DELETE', `/api/event/${another.id}`, clinic)).statusCode).toBe(200);
    expect(ids(await list('?limit=100'))).not.toContain(another.id);
  });

  it('a refused change keeps the kept answers, and the same filters in another order share one', async () => {
    const before = await ctx.call('GET', '/api/event/get?region=Kenya&category=Training');
    expect((await ctx.call('POST', '/api/event/add', nurse, anEvent())).statusCode).toBe(403);
    const after = await ctx.call('GET', '/api/event/get?category=Training&region=Kenya');
    expect(after.body).toBe(before.body);
  });

  it('is off with LIST_CACHE_MS=0: no shared caching either', async () => {
    const off = await startEvents({ LIST_CACHE_MS: '0' });
    try {
      const res = await off.call('GET', '/api/event/get');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('GET, PATCH and DELETE /api/event/:id', () => {
  it('shows one event to anyone, without the online link', async () => {
    const e = await post();
    const res = await ctx.call('GET', `/api/event/${e.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: e.id, organizing: false });
    expect(res.json().data).not.toHaveProperty('zoomLink');
    expect((await ctx.call('GET', `/api/event/${e.id}`, nurse)).json().data).not.toHaveProperty('zoomLink');
    expect((await ctx.call('GET', `/api/event/${e.id}`, colleague)).json().data.zoomLink).toBe(
      'https://zoom.us/j/123456789',
    );
  });

  it('gives the event page its link preview: what, when, where', async () => {
    const e = await post({ date: '2031-03-05', time: '09:30', description: 'Hands-on practice.' });
    const res = await ctx.call('GET', `/api/event/${e.id}/preview`);
    expect(res.json()).toEqual({
      success: true,
      data: {
        title: 'Neonatal resuscitation refresher',
        description:
          'Training, 2031-03-05 09:30 (Africa/Nairobi), Nakuru Level 5 Hospital. Hands-on practice.',
      },
    });
    expect(JSON.stringify(res.json())).not.toContain('zoom');
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const unknown = await ctx.call('GET', '/api/event/8f0f4a52-3f4c-4f7a-9a55-1d1f2b8c9e01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('events.event_not_found');
    expect((await ctx.call('GET', '/api/event/not-an-id')).statusCode).toBe(400);
  });

  it('lets the organising organisation and an admin change it; the start follows', async () => {
    const e = await post();
    const res = await ctx.call('PATCH', `/api/event/${e.id}`, colleague, { time: '14:00', capacity: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ time: '14:00', capacity: 30, seatsLeft: 30 });
    expect(res.json().data.startsAt.slice(11, 16)).toBe('11:00');
    const byAdmin = await ctx.call('PATCH', `/api/event/${e.id}`, admin, { title: 'Renamed by admin' });
    expect(byAdmin.json().data.title).toBe('Renamed by admin');
  });

  it.each([
    ['another clinic', () => otherClinic, 403],
    ['a professional', () => nurse, 403],
    ['a visitor', () => undefined, 401],
  ])('refuses a change or a cancellation by %s, changing nothing', async (_who, who, status) => {
    const e = await post();
    const before = (await ctx.call('GET', `/api/event/${e.id}`)).json().data;
    expect((await ctx.call('PATCH', `/api/event/${e.id}`, who(), { title: 'Hijacked' })).statusCode).toBe(
      status,
    );
    expect((await ctx.call('DELETE', `/api/event/${e.id}`, who())).statusCode).toBe(status);
    expect((await ctx.call('GET', `/api/event/${e.id}`)).json().data).toEqual(before);
  });

  it('refuses a bad patch with 400 naming the field', async () => {
    const e = await post();
    for (const [body, field] of [
      [{ category: 'Party' }, 'category'],
      [{}, 'body'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const) {
      const res = await ctx.call('PATCH', `/api/event/${e.id}`, clinic, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('cancels softly: off the list, answered once, published once', async () => {
    const e = await post({ title: 'To be cancelled' });
    const res = await ctx.call('DELETE', `/api/event/${e.id}`, clinic);
    expect(res.statusCode).toBe(200);
    expect(ids(await list('?limit=100'))).not.toContain(e.id);
    // The organiser still sees it, marked cancelled; the public no longer does.
    expect((await ctx.call('GET', `/api/event/${e.id}`, clinic)).json().data).toMatchObject({
      cancelled: true,
    });
    expect((await ctx.call('GET', `/api/event/${e.id}`)).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `/api/event/${e.id}`, clinic)).statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/event/${e.id}`, clinic, { title: 'x' })).statusCode).toBe(404);
    const cancelled = await eventually(async () => {
      const all = await readEvents<{ eventId: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${EventsEvents.eventCancelled}`,
      );
      const mine = all.filter((x) => x.data.eventId === e.id);
      return mine.length > 0 ? mine : undefined;
    });
    expect(cancelled).toHaveLength(1);
  });
});
