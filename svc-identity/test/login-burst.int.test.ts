import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import {
  countStatuses,
  homeAddress,
  LOGIN_BURST,
  loginFrom,
  replayLoginBurst,
  type BurstPerson,
} from '@platform/testing';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * Finding: 150 logins from 50 addresses in 3 seconds (3 each, far under every per-address limit) filled the
 * password-hashing queue (2 workers, 32 waiting), and the real logins during the burst were answered 503.
 * Here the same burst (`replayLoginBurst`), on real connections from 50 loopback addresses, while 9 people
 * log in from the addresses they logged in from before: every one of them gets in.
 */
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  // The service's own defaults for hashing and for the per-address rate limit.
  ctx = await startIdentity({ LOGIN_IP_PER_MINUTE: '30', HASH_CONCURRENCY: '2', HASH_QUEUE: '32' });
  // Listening for real: each client is its socket's address (no proxy is trusted).
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

it('lets 9 people log in from their known addresses while 50 unknown addresses try 150 logins', async () => {
  const people: BurstPerson[] = [];
  for (let i = 0; i < 9; i++) {
    const body = aUser();
    expect((await ctx.register(body)).statusCode).toBe(201);
    const person = { email: body.email, password: body.password, home: homeAddress(i) };
    expect((await loginFrom(base, person.home, person.email, person.password)).status).toBe(200);
    people.push(person);
  }

  const { attempts, logins, elapsedMs } = await replayLoginBurst(base, people);

  // Every real login succeeded, during the burst, which ran its whole course: its last attempt is sent
  // 2,980 ms in (150 spread over three seconds, the first at 0), and a quick answer may end it before 3,000.
  expect(countStatuses(logins.map((l) => l.status))).toEqual({ 200: 9 });
  const total = LOGIN_BURST.attackers * LOGIN_BURST.attemptsEach;
  expect(elapsedMs).toBeGreaterThanOrEqual(((total - 1) * LOGIN_BURST.seconds * 1000) / total);
  // The burst got in nowhere: answered as any wrong login is, or as busy when its own share was full.
  expect(attempts.every((s) => s === 401 || s === 503)).toBe(true);
  // Each wrong login is counted against its address; an attempt refused as busy counted nothing.
  const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from identity.login_failures where address like '127.0.0.%'`;
    expect(row!.n).toBe(attempts.filter((s) => s === 401).length);
  } finally {
    await sql.end();
  }
}, 60_000);

it('answers an account that does not exist as slowly as a wrong password, though it hashes nothing', async () => {
  const body = aUser();
  expect((await ctx.register(body)).statusCode).toBe(201);
  const timed = async (from: string, email: string) => {
    const t = performance.now();
    const res = await loginFrom(base, from, email, 'a wrong guess');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'Invalid email or password.',
      error: 'Invalid email or password.',
      code: 'auth.invalid_credentials',
    });
    return performance.now() - t;
  };
  const wrong: number[] = [];
  const unknown: number[] = [];
  // Alternating, each from its own address (under every limit), one at a time.
  for (let i = 0; i < 20; i++) {
    wrong.push(await timed(`127.0.1.${i + 1}`, body.email));
    unknown.push(await timed(`127.0.2.${i + 1}`, `nobody.${i}.${Date.now()}@x.example`));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Answered at once, it would take a fraction of the time (no hash: a few queries); the bounds leave room
  // for a shared machine's noise, not for that.
  expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.7);
  expect(median(unknown)).toBeLessThan(median(wrong) * 1.5);
});
