import postgres from 'postgres';
import { aUser, startIdentity, type TestContext } from './helpers';

/**
 * Town and country (issue 39, item 12): sign-up asks for them, keeps the spec's one-line `address` (written
 * from them, or read into them when a spec client sends only it), and a one-time fill reads them from the
 * addresses people gave before, telling Connect through user.updated events.
 */
let ctx: TestContext;
let sql: postgres.Sql;

beforeAll(async () => {
  ctx = await startIdentity();
  sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await ctx?.close();
});

const me = async (token: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().user as { address: string; location: string; country: string };

describe('sign-up asks for town and country', () => {
  it('writes the one-line address from them; a French country name is kept as its English one', async () => {
    const res = await ctx.register(aUser({ address: undefined, location: 'Arusha', country: 'Tanzanie' }));
    expect(res.statusCode).toBe(201);
    expect(await me(res.json().token)).toMatchObject({
      address: 'Arusha, Tanzania',
      location: 'Arusha',
      country: 'Tanzania',
    });
  });

  it("reads them from a spec client's single address", async () => {
    const res = await ctx.register(aUser({ address: '12 Oginga Odinga Street, Kisumu, Kenya' }));
    expect(await me(res.json().token)).toMatchObject({
      address: '12 Oginga Odinga Street, Kisumu, Kenya',
      location: 'Kisumu',
      country: 'Kenya',
    });
    // An address that names no country gives the town only.
    const other = await ctx.register(aUser({ address: 'Nakuru, Rift Valley' }));
    expect(await me(other.json().token)).toMatchObject({ location: 'Nakuru', country: '' });
  });

  it('keeps what was sent when all three are', async () => {
    const res = await ctx.register(
      aUser({ address: 'Plot 4, Mombasa Road', location: 'Nairobi', country: 'Kenya' }),
    );
    expect(await me(res.json().token)).toMatchObject({
      address: 'Plot 4, Mombasa Road',
      location: 'Nairobi',
      country: 'Kenya',
    });
  });

  it('refuses a town or country too long, storing nothing', async () => {
    const before = await ctx.userCount();
    const res = await ctx.register(aUser({ location: 'x'.repeat(161) }));
    expect(res.statusCode).toBe(400);
    expect(await ctx.userCount()).toBe(before);
  });

  it('a profile saved by a spec client with only an address moves the town and country with it', async () => {
    const res = await ctx.register(aUser({ address: 'Kisumu, Kenya' }));
    const token = res.json().token;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { address: 'Kigali, Rwanda' },
    });
    expect(put.statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ location: 'Kigali', country: 'Rwanda' });
  });
});

describe('the one-time fill from the addresses people gave before', () => {
  it('fills the town and country from the address (the country where it names one), never replacing a value, once', async () => {
    const rows = await sql<{ id: string }[]>`
      insert into identity.users (email, password_hash, name, role, address, location, country) values
        ('old1@fill.example', 'x', 'Old One', 'user', 'Kisumu, Kenya', '', ''),
        ('old2@fill.example', 'x', 'Old Two', 'user', 'Moshi, Tanzania', 'Moshi Town', ''),
        ('old3@fill.example', 'x', 'Old Three', 'user', 'Somewhere', '', ''),
        ('old4@fill.example', 'x', 'Old Four', 'user', '', '', '')
      returning id`;
    await sql`delete from identity.data_fills where name = 'places-from-addresses'`;
    const seqBefore = (
      await sql<{ seq: string }[]>`select coalesce(max(seq), 0) as seq from identity.outbox`
    )[0]!.seq;

    expect(await ctx.app.users.fillPlacesFromAddresses()).toBe(3);
    const after = await sql<{ email: string; location: string; country: string; version: number }[]>`
      select email, location, country, version from identity.users where email like '%@fill.example' order by email`;
    expect(after.map(({ email, location, country }) => [email, location, country])).toEqual([
      ['old1@fill.example', 'Kisumu', 'Kenya'],
      ['old2@fill.example', 'Moshi Town', 'Tanzania'],
      ['old3@fill.example', 'Somewhere', ''],
      ['old4@fill.example', '', ''],
    ]);
    // Connect hears of each change: a user.updated event per person filled.
    const events = await sql<{ type: string; data: { id: string; location: string; country: string } }[]>`
      select type, payload->'data' as data from identity.outbox where seq > ${seqBefore}
      order by seq`;
    expect(events.map((e) => [e.type, e.data.id, e.data.location, e.data.country])).toEqual(
      expect.arrayContaining([
        ['identity.user.updated.v1', rows[0]!.id, 'Kisumu', 'Kenya'],
        ['identity.user.updated.v1', rows[1]!.id, 'Moshi Town', 'Tanzania'],
        ['identity.user.updated.v1', rows[2]!.id, 'Somewhere', ''],
      ]),
    );
    // Done once: a second start changes nothing.
    expect(await ctx.app.users.fillPlacesFromAddresses()).toBe(0);
  });
});
