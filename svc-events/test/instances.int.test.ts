import { IdentityEvents } from '@platform/contracts';
import { durableName, NatsEventBus, streamName } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { durableConsumers, eventually, userEvent } from '@platform/testing';
import { buildApp } from '../src/app';
import { anEvent, inDays, startEvents, type EventsContext, type Persona } from './helpers';

/**
 * svc-events as `REPLICAS=2` runs it: two instances on one database and one NATS prefix. The events list's
 * answers are kept in each instance's memory for LIST_CACHE_MS (docs/architecture.md, "State in a
 * process"): a change made through one instance shows through it at once, and through the other once that
 * time has passed since the other kept its answer. Both share each durable consumer, so an event is applied
 * once for the service, not once per instance.
 */
const LIST_CACHE_MS = 1000;
let ctx: EventsContext;
let b: App;
let clinic: Persona;

beforeAll(async () => {
  ctx = await startEvents({ LIST_CACHE_MS: String(LIST_CACHE_MS) });
  b = await buildApp(ctx.config);
  clinic = ctx.persona('Clinic', { name: 'Nakuru Family Clinic' });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await ctx?.close();
});

const throughA = async () => (await ctx.call('GET', '/api/event/get?limit=100')).json();
const throughB = async () => (await b.inject({ url: '/api/event/get?limit=100' })).json();
const listed = (body: { data: Array<{ id: string }> }, id: string) => body.data.some((e) => e.id === id);
const seatsOf = (body: { data: Array<{ id: string; seatsLeft: number }> }, id: string) =>
  body.data.find((e) => e.id === id)?.seatsLeft;
/** Waits until `ms` have passed since `since` (what the other instance kept has then expired). */
const pastBound = async (since: number) => {
  const left = since + LIST_CACHE_MS + 50 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
};

it('lists an event posted through one instance through the other within LIST_CACHE_MS', async () => {
  const before = await throughB(); // B keeps this answer
  const keptAt = Date.now();
  const posted = await ctx.call('POST', '/api/event/add', clinic, anEvent({ capacity: 4, date: inDays(5) }));
  expect(posted.statusCode).toBe(201);
  const id = posted.json().data.id as string;
  expect(listed(before, id)).toBe(false);
  // The instance that made the change shows it at once.
  expect(listed(await throughA(), id)).toBe(true);
  // The other, once its kept answer is older than LIST_CACHE_MS: never later.
  await pastBound(keptAt);
  expect(listed(await throughB(), id)).toBe(true);

  // A seat taken through B shows through A within the same bound, and through B at once.
  const warmA = await throughA();
  const warmedAt = Date.now();
  expect(seatsOf(warmA, id)).toBe(4);
  const nurse = ctx.persona('user');
  const taken = await b.inject({
    method: 'POST',
    url: `/api/event/${id}/registrations`,
    headers: { authorization: `Bearer ${nurse.token}` },
  });
  expect(taken.statusCode).toBe(201);
  expect(seatsOf(await throughB(), id)).toBe(3);
  await pastBound(warmedAt);
  expect(seatsOf(await throughA(), id)).toBe(3);

  // Cancelled through A: gone from B's list within the bound.
  await throughB();
  const keptAgain = Date.now();
  expect((await ctx.call('DELETE', `/api/event/${id}`, clinic)).statusCode).toBe(200);
  await pastBound(keptAgain);
  expect(listed(await throughB(), id)).toBe(false);
});

it("shares each durable consumer between the instances: identity's event is applied once, for both", async () => {
  const identity = await NatsEventBus.connect({
    url: ctx.natsUrl,
    prefix: ctx.prefix,
    name: 'fake-identity',
  });
  try {
    await identity.ensureStream('identity');
    const organiser = ctx.persona('Clinic', { name: 'Old name' });
    const posted = (await ctx.call('POST', '/api/event/add', organiser, anEvent())).json().data;
    await identity.publish(
      userEvent(IdentityEvents.userUpdated, organiser.id, {
        name: 'Kisumu Eye Centre',
        orgId: organiser.orgId,
      }),
    );
    // Whichever instance applied it, both read it from the one database.
    for (const app of [ctx.app, b])
      await eventually(async () => {
        const d = (await app.inject({ url: `/api/event/${posted.id}` })).json().data;
        return d.postedBy === 'Kisumu Eye Centre' ? d : undefined;
      });
    // One durable consumer of identity's users for the service, however many instances read from it, and
    // the event delivered to it once: neither instance got it again.
    const sync = (await durableConsumers(ctx.natsUrl, streamName(ctx.prefix, 'identity'))).filter(
      (c) => c.name === durableName(ctx.prefix, 'svc-events__user-sync'),
    );
    expect(sync).toEqual([
      { name: durableName(ctx.prefix, 'svc-events__user-sync'), delivered: 1, redelivered: 0 },
    ]);
  } finally {
    await identity.close();
  }
});
