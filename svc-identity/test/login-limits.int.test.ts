import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { App } from '@platform/service-kit';
import { buildApp } from '../src/app';
import { LoginLimiter } from '../src/stores/login-limiter';
import { PasswordHasher } from '../src/passwords';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * Finding 6: failing logins for someone's e-mail used to keep the owner's correct login at 429.
 * Failures now count per account and client address (an address that keeps failing waits, nobody
 * else does), with an account-wide ceiling that spares addresses the owner logged in from before.
 * The counts live in Postgres, so two instances on one database enforce one limit.
 */
let ctx: TestContext;
let other: App;
let db: postgres.Sql;
beforeAll(async () => {
  ctx = await startIdentity();
  other = await buildApp(ctx.config); // a second instance on the same database
  db = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await db?.end();
  await other?.close();
  await ctx?.close();
});

let hashes: jest.SpyInstance;
beforeEach(() => {
  hashes = jest.spyOn(PasswordHasher.prototype, 'verify');
});
afterEach(() => hashes.mockRestore());

const login = (from: string, email: string, password: string, app: App = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: from,
    payload: { email, password },
  });

async function registered() {
  const body = aUser();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
  expect(res.statusCode).toBe(201);
  return body;
}

async function canUseToken(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(200);
  const me = await ctx.app.inject({
    url: '/api/user/me',
    headers: { authorization: `Bearer ${res.json().token}` },
  });
  return me.statusCode === 200;
}

/** Moves an account's known addresses this many days into the past. */
const forgetHome = (email: string, days: number) =>
  db`update identity.login_known_addresses set last_login_at = now() - make_interval(days => ${days})
     where user_id = (select id from identity.users where email = ${email})`;

/** Moves an account's recorded failures into the past, as if that much time had gone by. */
const age = (email: string, seconds: number) =>
  db`update identity.login_failures set failed_at = failed_at - make_interval(secs => ${seconds})
     where account = ${email}`;

/** 429 with Retry-After; `address`: this address failed too often, `account`: the account-wide ceiling. */
function expectTooMany(
  res: Awaited<ReturnType<typeof login>>,
  scope: 'address' | 'account',
  maxWait = scope === 'address' ? 15 * 60 : 3600,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'auth.too_many_attempts' });
  expect(res.json().token).toBeUndefined();
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  expect(res.json().message).toBe(
    `Too many failed login attempts for this account${scope === 'address' ? ' from your network' : ''}. Try again in ${wait} seconds.`,
  );
}

describe('failures per account and address', () => {
  it('stops an address that keeps failing, before hashing, while the owner logs in from elsewhere', async () => {
    const owner = await registered();
    const attacker = '127.0.0.66';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(attacker, owner.email, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(hashes).toHaveBeenCalledTimes(5);

    // The sixth guess, and even the right password, from that address: refused without a hash.
    expectTooMany(await login(attacker, owner.email, 'guess-5'), 'address');
    expectTooMany(await login(attacker, owner.email, owner.password), 'address');
    expect(hashes).toHaveBeenCalledTimes(5);

    // The owner, from an address that has not been failing, is never refused.
    expect(await canUseToken(await login('127.0.0.2', owner.email, owner.password))).toBe(true);
    // The owner's success forgives only the owner's address: the attacker still waits.
    expectTooMany(await login(attacker, owner.email, 'guess-6'), 'address');
  });

  it('lets the address try again once its failures are older than the window', async () => {
    const owner = await registered();
    for (let i = 0; i < 5; i++) await login('127.0.0.67', owner.email, `guess-${i}`);
    expectTooMany(await login('127.0.0.67', owner.email, 'guess-5'), 'address');
    await age(owner.email, 14 * 60);
    expectTooMany(await login('127.0.0.67', owner.email, 'guess-5'), 'address', 60);
    await age(owner.email, 60);
    expect((await login('127.0.0.67', owner.email, 'guess-5')).statusCode).toBe(401);
  });

  it("forgets an address's failures once it logs in", async () => {
    const owner = await registered();
    for (let i = 0; i < 4; i++) await login('127.0.0.68', owner.email, `typo-${i}`);
    expect((await login('127.0.0.68', owner.email, owner.password)).statusCode).toBe(200);
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await login('127.0.0.68', owner.email, `typo-${i}`)).statusCode);
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('is one limit across two instances on the same database', async () => {
    const owner = await registered();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 === 0 ? ctx.app : other;
      statuses.push((await login('127.0.0.77', owner.email, `guess-${i}`, app)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(await canUseToken(await login('127.0.0.3', owner.email, owner.password, other))).toBe(true);
  });

  it('lets no more guesses through when they arrive at once on both instances', async () => {
    const owner = await registered();
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login('127.0.0.78', owner.email, `guess-${i}`, [ctx.app, other][i % 2]),
      ),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(hashes).toHaveBeenCalledTimes(5);
  });
});

describe('the account-wide ceiling', () => {
  it('stops guessing spread over many addresses, but not the owner from an address used before', async () => {
    const owner = await registered();
    const home = '127.0.0.5';
    expect((await login(home, owner.email, owner.password)).statusCode).toBe(200);
    hashes.mockClear();

    // 50 failures in an hour, 5 from each of 10 addresses, spread over both instances.
    for (let a = 1; a <= 10; a++)
      for (let i = 0; i < 5; i++) {
        const res = await login(`127.0.1.${a}`, owner.email, `guess-${a}-${i}`, i % 2 ? other : ctx.app);
        expect(res.statusCode).toBe(401);
      }
    expect(hashes).toHaveBeenCalledTimes(50);

    // A new address is refused, even with the right password, before any hash.
    expectTooMany(await login('127.0.1.11', owner.email, 'guess-11'), 'account');
    expectTooMany(await login('127.0.1.12', owner.email, owner.password, other), 'account');
    expect(hashes).toHaveBeenCalledTimes(50);

    // The owner's usual address still gets in, on either instance.
    expect(await canUseToken(await login(home, owner.email, owner.password, other))).toBe(true);
    expect(hashes).toHaveBeenCalledTimes(51);

    // An address not used for longer than 90 days is no longer exempt.
    await forgetHome(owner.email, 91);
    expectTooMany(await login(home, owner.email, owner.password), 'account');
  }, 30_000); // 51 password hashes: over 5 s when other suites share the cores
});

describe('keeping the tables small', () => {
  const limiter = () =>
    new LoginLimiter(drizzle(db), {
      addressMaxFailures: 5,
      addressWindowSeconds: 15 * 60,
      accountMaxFailures: 50,
      accountWindowSeconds: 3600,
      knownAddressDays: 90,
    });
  const failuresOf = async (email: string) =>
    (await db`select address from identity.login_failures where account = ${email} order by id`).map(
      (r) => r.address as string,
    );

  it("drops an account's failures older than every window when it fails again", async () => {
    const owner = await registered();
    await login('127.0.0.91', owner.email, 'old failure');
    await age(owner.email, 3601);
    await login('127.0.0.92', owner.email, 'new failure');
    expect(await failuresOf(owner.email)).toEqual(['127.0.0.92']);
  });

  it('prunes failures older than every window and addresses unused for 90 days', async () => {
    const [stale, fresh] = [await registered(), await registered()];
    for (const who of [stale, fresh]) {
      await login('127.0.0.93', who.email, who.password);
      await login('127.0.0.94', who.email, 'wrong one');
    }
    await age(stale.email, 3601);
    await forgetHome(stale.email, 91);
    await forgetHome(fresh.email, 89);

    await limiter().prune();
    expect(await failuresOf(stale.email)).toEqual([]);
    expect(await failuresOf(fresh.email)).toEqual(['127.0.0.94']);
    const known = await db`select u.email from identity.login_known_addresses k
      join identity.users u on u.id = k.user_id where u.email in (${stale.email}, ${fresh.email})`;
    expect(known.map((r) => r.email)).toEqual([fresh.email]);
  });
});
