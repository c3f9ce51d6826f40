import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { startNatsServer } from '@platform/testing';
import { eventually, readEvents } from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * A registration while NATS is down still succeeds; its event is published once NATS is back,
 * exactly once. This test runs its own nats-server so it can stop and start it.
 */
describe('registration while NATS is down', () => {
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let ctx: TestContext;

  beforeAll(async () => {
    nats = await startNatsServer();
    ctx = await startIdentity({ NATS_URL: nats.url });
  });
  afterAll(async () => {
    await ctx?.close();
    await nats?.destroy();
  });

  it('keeps serving and publishes the event exactly once when NATS returns', async () => {
    await nats.stop();
    const body = aUser({ email: 'offline.signup@clinic.example' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect(res.statusCode).toBe(201);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);

    await nats.start();
    const subject = `${ctx.prefix}${IdentityEvents.userRegistered}`;
    await eventually(async () => {
      const events = await readEvents<UserEventData>(nats.url, subject);
      return events.some((e) => e.data.email === body.email) ? true : undefined;
    }, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    const events = (await readEvents<UserEventData>(nats.url, subject)).filter(
      (e) => e.data.email === body.email,
    );
    expect(events).toHaveLength(1);
  }, 40_000);
});
