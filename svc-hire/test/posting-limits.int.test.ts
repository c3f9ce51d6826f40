import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { HireEvents, type ListingUsedData } from '../contract';
import {
  billingConsumerReady,
  entitlementsWith,
  eventually,
  fakeBilling,
  readEvents,
  type FakeBilling,
} from '@platform/testing';
import { aJob, startHire, type HireContext, type Persona } from './helpers';

/**
 * The open-posting limit holds under concurrent posts, and a paid single job listing (Ksh 250 for 7 days,
 * carried in billing.subscription.changed.v1's listingCredits) allows exactly one posting while unexpired.
 */
let ctx: HireContext;
let billing: FakeBilling;
let db: postgres.Sql;
beforeAll(async () => {
  ctx = await startHire();
  db = postgres(ctx.db.url, { max: 2 });
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
  const probe = ctx.persona('Clinic');
  await billingConsumerReady(billing, probe.orgId!, () => post(probe, 'Probe'));
});
afterAll(async () => {
  await billing?.close();
  await db?.end();
  await ctx?.close();
});

/** Rows of the service's database (what a refusal left unchanged). */
const sql = <T>(text: string, ...params: (string | null)[]) =>
  db.unsafe(text, params) as unknown as Promise<T[]>;
const post = (clinic: Persona, title: string) => ctx.call('POST', '/api/job/add', clinic, aJob({ title }));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** Announces the clinic's entitlements and waits until svc-hire has them (its stored version). */
async function announce(clinic: Persona, version: number, e: Parameters<FakeBilling['announce']>[3]) {
  await billing.announce(clinic.orgId!, version, e.modules.length ? 'active' : 'expired', e);
  await eventually(async () => {
    const [row] = await sql<{ version: number }>(
      'select version from hire.org_entitlements where org_id = $1',
      clinic.orgId,
    );
    return row?.version === version ? true : undefined;
  }, 2_000);
}
const statuses = async (clinic: Persona, n: number) =>
  (await Promise.all(Array.from({ length: n }, (_, i) => post(clinic, `Concurrent ${i}`))))
    .map((r) => r.statusCode)
    .sort();

it('lets only one of several posts at once take the last open posting', async () => {
  const clinic = ctx.persona('Clinic');
  await announce(clinic, 1, entitlementsWith(['hire'], { openPostings: 2 }));
  expect((await post(clinic, 'First')).statusCode).toBe(201);
  expect(await statuses(clinic, 6)).toEqual([201, 402, 402, 402, 402, 402]);
  const mine = await ctx.call('GET', '/api/job/mine?limit=50', clinic);
  expect(mine.json().pageInfo.total).toBe(2);

  // What /billing shows as used: the open postings, not the closed or removed ones.
  const open = async () =>
    (await ctx.call('GET', '/api/job/mine?open=true&limit=1', clinic)).json().pageInfo.total;
  expect(await open()).toBe(2);
  const third = await post(clinic, 'Third');
  expect(third.statusCode).toBe(402);
  // One whose closing day passed still counts among the clinic's postings, not among the open ones.
  const [firstJob] = mine.json().data.slice(-1) as { _id: string }[];
  await sql('update hire.jobs set closes_at = current_date - 1 where id = $1', firstJob!._id);
  expect(await open()).toBe(1);
  expect((await ctx.call('GET', '/api/job/mine?limit=1', clinic)).json().pageInfo.total).toBe(2);
  expect((await post(clinic, 'Third, after one closed')).statusCode).toBe(201);
  expect(third.json()).toMatchObject({ code: 'billing.limit_reached', limit: 'openPostings', allowed: 2 });
  expect(third.json().message).toBe('Your plan allows 2 open job postings at a time.');
});

it('lets a paid single listing post one job, exactly once even with posts at once', async () => {
  const clinic = ctx.persona('Clinic');
  const listing = { id: randomUUID(), expiresAt: inDays(7), used: false };
  await announce(clinic, 1, entitlementsWith([], {}, [listing]));
  expect(await statuses(clinic, 4)).toEqual([201, 402, 402, 402]);
  const again = await post(clinic, 'Again');
  expect(again.statusCode).toBe(402);
  expect(again.json()).toMatchObject({ code: 'billing.entitlement_required', module: 'hire' });
  const [use] = await sql<{ owner_id: string }>(
    'select owner_id from hire.listing_uses where credit_id = $1',
    listing.id,
  );
  expect(use?.owner_id).toBe(clinic.orgId);

  // Billing hears of the use once, through the outbox: the listing, the organisation, the job and when.
  const [job] = (await ctx.call('GET', '/api/job/mine?limit=5', clinic)).json().data as { _id: string }[];
  const uses = await eventually(async () => {
    const events = await readEvents<ListingUsedData>(ctx.natsUrl, `${ctx.prefix}${HireEvents.listingUsed}`);
    const mine = events.filter((e) => e.data.creditId === listing.id);
    return mine.length ? mine : undefined;
  }, 2_000);
  expect(uses.map((e) => e.data)).toEqual([
    { creditId: listing.id, ownerId: clinic.orgId, jobId: job!._id, usedAt: expect.any(String) },
  ]);

  // Billing's later event still showing the listing unused does not give it back.
  await announce(clinic, 2, entitlementsWith([], {}, [listing]));
  expect((await post(clinic, 'Once more')).statusCode).toBe(402);
});

it("closes a listing's job on the listing's last day at the latest, and keeps it there", async () => {
  const clinic = ctx.persona('Clinic');
  const endsAt = new Date(Date.now() + 7 * 86_400_000);
  const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(endsAt.getTime() - 1),
  );
  const listing = { id: randomUUID(), expiresAt: endsAt.toISOString(), used: false };
  await announce(clinic, 1, entitlementsWith([], {}, [listing]));
  // Asked to stay open with no closing day: it closes when the listing ends.
  const posted = await ctx.call(
    'POST',
    '/api/job/add',
    clinic,
    aJob({ title: 'Week listing', closesAt: null }),
  );
  expect(posted.statusCode).toBe(201);
  const job = posted.json().data;
  expect(job.closesAt).toBe(lastDay);

  for (const closesAt of [null, '2099-12-31']) {
    const moved = await ctx.call('PATCH', `/api/job/${job._id}`, clinic, { closesAt });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'hire.listing_ends' });
  }
  expect((await ctx.call('GET', `/api/job/${job._id}`)).json().data.closesAt).toBe(lastDay);
  // Earlier is the clinic's choice.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const earlier = await ctx.call('PATCH', `/api/job/${job._id}`, clinic, { closesAt: today });
  expect(earlier.statusCode).toBe(200);
  expect(earlier.json().data.closesAt).toBe(today);
});

it('does not honour an expired listing or one billing marks used, and plan room comes first', async () => {
  const clinic = ctx.persona('Clinic');
  const expired = { id: randomUUID(), expiresAt: inDays(-1), used: false };
  const spent = { id: randomUUID(), expiresAt: inDays(5), used: true };
  await announce(clinic, 1, entitlementsWith([], {}, [expired, spent]));
  expect((await post(clinic, 'Refused')).statusCode).toBe(402);

  // With standalone Hire and a listing: two postings on the plan, the third on the listing, then no more.
  const fresh = { id: randomUUID(), expiresAt: inDays(7), used: false };
  await announce(clinic, 2, entitlementsWith(['hire'], { openPostings: 2 }, [fresh]));
  for (const title of ['One', 'Two', 'Three (listing)'])
    expect((await post(clinic, title)).statusCode).toBe(201);
  expect((await post(clinic, 'Four')).statusCode).toBe(402);
  // Only the listing's posting is told to billing, not those on the plan (the outbox relay publishes it
  // a moment after the commit).
  const told = await eventually(async () => {
    const events = await readEvents<ListingUsedData>(ctx.natsUrl, `${ctx.prefix}${HireEvents.listingUsed}`);
    const own = events.filter((e) => e.data.ownerId === clinic.orgId);
    return own.length > 0 ? own : undefined;
  });
  expect(told.map((e) => e.data.creditId)).toEqual([fresh.id]);
  const uses = await sql<{ credit_id: string }>(
    'select credit_id from hire.listing_uses where owner_id = $1',
    clinic.orgId,
  );
  expect(uses.map((u) => u.credit_id)).toEqual([fresh.id]);
});
