import { onSpanEnd } from '@platform/service-kit';
import { aUser, startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { eventually } from '@platform/testing';
import { startHire, type HireContext } from './helpers';

/**
 * One trace across services and NATS: a request reaching svc-identity with the gateway's `traceparent` is a
 * child span of it; the event it writes carries the trace (in the envelope and in the NATS header); svc-hire's
 * consumer applies it in a child span of the same trace.
 */
let identity: TestContext;
let hire: HireContext;
const spans: { name: string; traceId: string; spanId: string; parentSpanId?: string }[] = [];
let stop: () => void;

beforeAll(async () => {
  identity = await startIdentity();
  // svc-hire on identity's NATS prefix, as on one platform.
  hire = await startHire({ NATS_PREFIX: identity.prefix });
  stop = onSpanEnd((s) =>
    spans.push({
      name: s.name,
      traceId: s.spanContext().traceId,
      spanId: s.spanContext().spanId,
      parentSpanId: s.parentSpanContext?.spanId,
    }),
  );
}, 60_000);
afterAll(async () => {
  stop?.();
  await hire?.close();
  await identity?.close();
});

it('carries the trace from the request through the event to the other service’s consumer', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const gatewaySpan = '00f067aa0ba902b7';
  const body = aUser({ name: 'Traced Nurse' });
  const res = await identity.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: body,
    headers: { traceparent: `00-${traceId}-${gatewaySpan}-01` },
  });
  expect(res.statusCode).toBe(201);

  // The request's span is the gateway's span's child, named by its route.
  expect(spans).toContainEqual(
    expect.objectContaining({ name: 'POST /api/user/register', traceId, parentSpanId: gatewaySpan }),
  );
  const server = spans.find((s) => s.name === 'POST /api/user/register' && s.traceId === traceId)!;

  // svc-hire's consumer applies identity's event in a span of the same trace.
  const consumed = await eventually(async () =>
    spans.find((s) => s.traceId === traceId && s.name === 'svc-hire__user-sync identity.user.registered.v1'),
  );
  // Its parent is the request's span, which wrote the event.
  expect(consumed.parentSpanId).toBe(server.spanId);

  // A request without a trace starts its own: nothing of this one leaks into it.
  const other = await identity.app.inject({ method: 'GET', url: '/api/user/me' });
  expect(other.statusCode).toBe(401);
  const untraced = spans.find((s) => s.name === 'GET /api/user/me')!;
  expect(untraced.traceId).not.toBe(traceId);
  expect(untraced.parentSpanId).toBeUndefined();
});
