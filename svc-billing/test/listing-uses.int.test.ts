import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { HireEvents, type ListingUsedData } from '@platform/svc-hire/contract';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import type { Listing } from '../contract';
import { checkoutAs, startBilling, type BillingTestContext, type Persona } from './helpers';

/**
 * Hire tells billing when a paid single listing posts a job (`hire.listing.used.v1`, over real NATS from a
 * stand-in for svc-hire): billing marks it used with the job and the time, once, shows it on the clinic's
 * list and the admins' history, and announces the listing spent to every service.
 */
let ctx: BillingTestContext;
let sql: postgres.Sql;
let hire: NatsEventBus;
beforeAll(async () => {
  ctx = await startBilling({ env: { BILLING_SWEEP_SECONDS: '3600' } });
  sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  hire = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-hire' });
  await hire.ensureStream('hire');
});
afterAll(async () => {
  await hire?.close();
  await sql?.end();
  await ctx?.close();
});

const listingsOf = (who: Persona) => ctx.call('GET', '/api/billing/listings', who);

/** A clinic that bought one single listing by M-Pesa (paid through the sandbox): its listing. */
async function clinicWithListing(): Promise<{ clinic: Persona; listing: Listing }> {
  const clinic = ctx.persona('Clinic');
  const res = await checkoutAs(ctx, clinic, { items: ['job-listing'], method: 'mpesa', phone: '0708374149' });
  expect(res.statusCode).toBe(202);
  const listing = await eventually(async () => {
    const [first] = (await listingsOf(clinic)).json().data as Listing[];
    return first;
  }, 20_000);
  return { clinic, listing };
}

/** Hire's event, published on its stream; resolves once svc-billing has applied it (its processed row). */
async function used(data: ListingUsedData) {
  const event = makeEnvelope(HireEvents.listingUsed, data);
  await hire.publish(event);
  await eventually(
    async () =>
      (await sql`select 1 from billing.processed_events where event_id = ${event.id}`).length
        ? true
        : undefined,
    10_000,
  );
}

it('marks a listing used by the job Hire posted, within 2 s, for the clinic and the admins', async () => {
  const { clinic, listing } = await clinicWithListing();
  expect(listing).toMatchObject({ usedAt: null, jobId: null, boughtAt: expect.any(String) });
  const sub = (await ctx.call('GET', '/api/billing/subscription', clinic)).json().data;
  expect(sub.entitlements.listingCredits).toEqual([
    { id: listing.id, expiresAt: listing.expiresAt, used: false },
  ]);

  const jobId = randomUUID();
  const usedAt = new Date().toISOString();
  const started = Date.now();
  await hire.publish(
    makeEnvelope(HireEvents.listingUsed, { creditId: listing.id, ownerId: clinic.orgId!, jobId, usedAt }),
  );
  const seen = await eventually(async () => {
    const [first] = (await listingsOf(clinic)).json().data as Listing[];
    return first?.usedAt ? first : undefined;
  }, 2_000);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(seen).toEqual({ ...listing, usedAt, jobId });

  // Spent: the entitlements every service projects say so, in a newer event.
  const after = (await ctx.call('GET', '/api/billing/subscription', clinic)).json().data;
  expect(after.entitlements.listingCredits).toEqual([
    { id: listing.id, expiresAt: listing.expiresAt, used: true },
  ]);
  const announced = await eventually(async () => {
    const events = await ctx.eventsOf(clinic.orgId!);
    const last = events[events.length - 1];
    return last?.entitlements.listingCredits[0]?.used ? last : undefined;
  }, 2_000);
  expect(announced.entitlements.listingCredits).toEqual([
    { id: listing.id, expiresAt: listing.expiresAt, used: true },
  ]);

  // The admins' history of the clinic shows the same; nobody else's list has it.
  const admin = await ctx.call(
    'GET',
    `/api/billing/admin/organisations/${clinic.orgId}/listings`,
    ctx.persona('admin'),
  );
  expect(admin.statusCode).toBe(200);
  expect(admin.json()).toMatchObject({ data: [seen], pageInfo: { page: 1, total: 1 } });
  expect((await listingsOf(ctx.persona('Clinic'))).json()).toMatchObject({
    data: [],
    pageInfo: { total: 0 },
  });
  expect(
    (await ctx.call('GET', `/api/billing/admin/organisations/${clinic.orgId}/listings`, clinic)).statusCode,
  ).toBe(403);
  expect((await listingsOf(ctx.persona('user'))).statusCode).toBe(403);
});

it('keeps the first use: a listing cannot be used twice, nor by another organisation', async () => {
  const { clinic, listing } = await clinicWithListing();
  const first = {
    creditId: listing.id,
    ownerId: clinic.orgId!,
    jobId: randomUUID(),
    usedAt: new Date().toISOString(),
  };
  await used(first);
  const versions = (await ctx.eventsOf(clinic.orgId!)).length;

  // The same listing again, for another job: nothing changes, nothing is announced.
  await used({ ...first, jobId: randomUUID(), usedAt: new Date(Date.now() + 60_000).toISOString() });
  // Another organisation naming this clinic's listing: nothing changes either.
  const other = ctx.persona('Clinic');
  await used({ ...first, ownerId: other.orgId!, jobId: randomUUID() });
  // And a listing billing never sold.
  await used({ ...first, creditId: randomUUID(), jobId: randomUUID() });

  const [row] = (await listingsOf(clinic)).json().data as Listing[];
  expect(row).toMatchObject({ id: listing.id, jobId: first.jobId, usedAt: first.usedAt });
  expect((await ctx.eventsOf(clinic.orgId!)).length).toBe(versions);
  expect((await listingsOf(other)).json().data).toEqual([]);
});

it('lists a clinic’s listings newest first, a page at a time', async () => {
  const clinic = ctx.persona('Clinic');
  for (const key of ['listing-page-1', 'listing-page-2']) {
    const res = await checkoutAs(
      ctx,
      clinic,
      { items: ['job-listing'], method: 'mpesa', phone: '0708374149' },
      key,
    );
    expect(res.statusCode).toBe(202);
    await eventually(async () => {
      const p = (await ctx.call('GET', `/api/billing/payments/${res.json().data.id}`, clinic)).json().data;
      return p.status === 'paid' ? true : undefined;
    }, 20_000);
  }
  const all = (await ctx.call('GET', '/api/billing/listings?limit=10', clinic)).json();
  expect(all.pageInfo.total).toBe(2);
  const [newer, older] = all.data as Listing[];
  expect(Date.parse(newer!.expiresAt)).toBeGreaterThanOrEqual(Date.parse(older!.expiresAt));
  const second = (await ctx.call('GET', '/api/billing/listings?page=2&limit=1', clinic)).json();
  expect(second).toMatchObject({ data: [older], pageInfo: { page: 2, limit: 1, total: 2 } });
  expect((await ctx.call('GET', '/api/billing/listings?limit=1000', clinic)).statusCode).toBe(400);
});
