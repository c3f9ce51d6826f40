import { type NotificationRequestedData } from '@platform/contracts';
import { EventsEvents } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { anEvent, startEvents, type EventsContext, type Persona } from './helpers';

/**
 * What svc-events asks the platform inbox to tell people (`events.notification.requested.v1`, consumed by
 * svc-identity's inbox like Hire's notices): a seat confirmed from the waiting list, and a cancellation.
 */
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
  return res.json().data as { id: string; title: string };
}

/** The notices published about `eventId` (their link names it) once there are at least `atLeast`. */
const notices = (eventId: string, atLeast: number) =>
  eventually(async () => {
    const all = await readEvents<NotificationRequestedData>(
      ctx.natsUrl,
      `${ctx.prefix}${EventsEvents.notificationRequested}`,
    );
    const mine = all.filter((e) => e.data.link === `/event/${eventId}`);
    return mine.length >= atLeast ? mine.map((e) => e.data) : undefined;
  });

it('tells the first on the waiting list, once, in every language, that a seat is theirs', async () => {
  const e = await post({ capacity: 1, title: 'Sepsis bundle update', time: '14:00' });
  const [first, second, third] = [ctx.persona('user'), ctx.persona('user'), ctx.persona('user')];
  for (const p of [first, second, third])
    expect((await ctx.call('POST', `/api/event/${e.id}/registrations`, p)).statusCode).toBe(201);
  expect((await ctx.call('DELETE', `/api/event/${e.id}/registrations/me`, first)).statusCode).toBe(200);

  const [notice] = await notices(e.id, 1);
  expect(notice).toMatchObject({
    userId: second.id,
    kind: 'events.seat-confirmed',
    title: {
      en: 'A seat is yours: Sepsis bundle update',
      sw: 'Umepata nafasi: Sepsis bundle update',
      fr: 'Une place vous est attribuée : Sepsis bundle update',
    },
    email: 'now',
  });
  expect(notice!.body!.en).toContain('14:00 (Africa/Nairobi)');
  // Nobody else was promoted, so nobody else was told.
  await new Promise((r) => setTimeout(r, 500));
  expect(await notices(e.id, 1)).toHaveLength(1);
});

it('tells everyone holding a seat or a waiting-list place that the event is cancelled, and nobody who left', async () => {
  const e = await post({ capacity: 1, title: 'Malaria case management' });
  const [seated, waiting, left] = [ctx.persona('user'), ctx.persona('user'), ctx.persona('user')];
  for (const p of [seated, waiting, left]) await ctx.call('POST', `/api/event/${e.id}/registrations`, p);
  await ctx.call('DELETE', `/api/event/${e.id}/registrations/me`, left);

  expect((await ctx.call('DELETE', `/api/event/${e.id}`, clinic)).statusCode).toBe(200);
  const cancelled = (await notices(e.id, 2)).filter((n) => n.kind === 'events.event-cancelled');
  expect(cancelled.map((n) => n.userId).sort()).toEqual([seated.id, waiting.id].sort());
  expect(cancelled[0]!.title.en).toBe('Event cancelled: Malaria case management');
  expect(cancelled[0]!.title.sw).toBe('Tukio limeghairiwa: Malaria case management');
});
