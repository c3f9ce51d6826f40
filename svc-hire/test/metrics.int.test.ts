import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { startHire, userEvent, type HireContext } from './helpers';

/**
 * What Prometheus reads from a service (service-kit's metrics, the same in every service): only with the
 * metrics token; requests by route pattern; the outbox, each durable consumer's lag and its dead letters as
 * the database and NATS hold them.
 */
const TOKEN = 'metrics-token-for-this-test-0123456789abcdef';
let ctx: HireContext;
let identity: NatsEventBus;

beforeAll(async () => {
  ctx = await startHire({ METRICS_TOKEN: TOKEN });
  identity = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-identity' });
  await identity.ensureStream('identity');
}, 60_000);
afterAll(async () => {
  await identity?.close();
  await ctx?.close();
});

const scrape = async (authorization?: string) =>
  ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
/** One sample's value from the exposition text, e.g. `dead_letter_events{durable="…"}`. */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `)
        ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
        : false,
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

it('answers only the bearer of the metrics token', async () => {
  expect((await scrape()).statusCode).toBe(401);
  expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
  expect((await scrape(TOKEN)).statusCode).toBe(401);
  const clinic = ctx.persona('Clinic');
  expect((await ctx.call('GET', '/metrics', clinic)).statusCode).toBe(401);
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.body).toContain('service="svc-hire"');
});

it('has no /metrics at all without a token configured', async () => {
  const bare = await startHire();
  try {
    expect((await bare.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  } finally {
    await bare.close();
  }
});

it('counts requests by route pattern and status, never by the address a client typed', async () => {
  const id = '00000000-0000-4000-8000-00000000abcd';
  expect((await ctx.call('GET', `/api/job/${id}`)).statusCode).toBe(404);
  await ctx.call('GET', '/made-up/path/12345');
  const text = (await scrape(`Bearer ${TOKEN}`)).body;
  expect(
    sample(text, 'http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/job/:id',
      status_code: '404',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain(id);
  expect(text).not.toContain('/made-up/path');
  expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(
    1,
  );
});

it("shows the outbox's backlog, the consumer's lag and, once an event breaks its contract, a dead letter", async () => {
  const durable = { durable: 'svc-hire__user-sync' };
  const before = (await scrape(`Bearer ${TOKEN}`)).body;
  expect(sample(before, 'outbox_backlog')).toBe(0);
  expect(sample(before, 'outbox_oldest_age_seconds')).toBe(0);
  expect(sample(before, 'consumer_pending_events', durable)).toBe(0);
  expect(sample(before, 'dead_letter_events', durable)).toBe(0);

  // A user event without its phone and with its version as text: never applied, dead-lettered.
  const { phone: _phone, ...broken } = userEvent(IdentityEvents.userUpdated, ctx.persona('Clinic').id).data;
  await identity.publish(makeEnvelope(IdentityEvents.userUpdated, { ...broken, version: '9' }));
  await eventually(async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    return sample(text, 'dead_letter_events', durable) === 1 ? text : undefined;
  });
  const after = (await scrape(`Bearer ${TOKEN}`)).body;
  expect(sample(after, 'consumer_pending_events', durable)).toBe(0);
  expect(sample(after, 'consumer_ack_pending_events', durable)).toBe(0);
});
