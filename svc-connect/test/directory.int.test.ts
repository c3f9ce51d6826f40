import { randomUUID } from 'node:crypto';
import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope } from '@platform/event-bus';
import { eventually, userEvent } from '@platform/testing';
import { buildApp } from '../src/app';
import { startConnect, type ConnectContext, type Persona } from './helpers';

let ctx: ConnectContext;
let amina: Persona;
let otieno: Persona;
let clinic: Persona;
let viewer: Persona;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  ctx = await startConnect();
  amina = await ctx.member('user', {
    name: 'Amina Wanjiru',
    designation: 'Registered Nurse',
    skills: ['Paediatrics', 'Neonatal care'],
    description: 'Neonatal unit nurse in Nakuru.',
    address: 'Nakuru, Rift Valley',
    facility: 'Nakuru Level 5 Hospital',
    country: 'Kenya',
    phone: '+254 700 000001',
  });
  otieno = await ctx.member('user', {
    name: 'Dr. Otieno Odhiambo',
    designation: 'Consultant Physician',
    skills: ['Cardiology'],
    address: 'Kisumu',
    facility: 'Jaramogi Hospital',
    country: 'Kenya',
    phone: '+254 700 000002',
    contactPublic: true,
  });
  clinic = await ctx.member('Clinic', {
    name: 'Arusha Family Clinic',
    address: 'Arusha, Tanzania',
    facility: 'Arusha Family Clinic',
    country: 'Tanzania',
  });
  viewer = await ctx.member('user', { name: `Viewer ${tag}`, designation: 'Clinical Officer' });
  await ctx.member('admin', { name: 'Platform Admin' });
});
afterAll(async () => ctx?.close());

type Card = {
  id: string;
  name: string;
  email?: string;
  phone?: string;
  address: string;
  connection: string;
  profession: string;
};
const find = async (query: string, who?: Persona) => {
  const res = await ctx.call('GET', `/api/connect/professionals${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Card[];
    pageInfo: { total: number; page: number; limit: number };
    facets: Record<string, { value: string; count: number }[]>;
  };
};
const names = (body: { data: Card[] }) => body.data.map((c) => c.name);

describe('the directory (a projection of identity’s user events)', () => {
  it('lists people and clinics with their profession, never admins', async () => {
    const all = await find('?limit=100');
    expect(names(all)).toEqual(
      expect.arrayContaining(['Amina Wanjiru', 'Dr. Otieno Odhiambo', 'Arusha Family Clinic']),
    );
    expect(names(all)).not.toContain('Platform Admin');
    const byName = Object.fromEntries(all.data.map((c) => [c.name, c]));
    expect(byName['Amina Wanjiru']).toMatchObject({ profession: 'Nurse', location: 'Nakuru' });
    expect(byName['Dr. Otieno Odhiambo']!.profession).toBe('Doctor');
    expect(byName['Arusha Family Clinic']!.profession).toBe('Clinic');
    expect(byName[`Viewer ${tag}`]!.profession).toBe('Clinical Officer');
  });

  it('finds a person by a misspelled skill or designation, best match first', async () => {
    expect(names(await find('?search=pediatrics'))[0]).toBe('Amina Wanjiru');
    expect(names(await find('?search=neonatl'))).toContain('Amina Wanjiru');
    expect(names(await find('?search=cardiolgy'))[0]).toBe('Dr. Otieno Odhiambo');
    expect(names(await find('?search=physician'))).toEqual(['Dr. Otieno Odhiambo']);
    expect(names(await find('?search=zzzzqqq'))).toEqual([]);
  });

  it('filters by profession, facility, location and country, with facet counts of the whole result', async () => {
    expect(names(await find('?profession=Nurse'))).toEqual(['Amina Wanjiru']);
    expect(names(await find('?facility=jaramogi%20hospital'))).toEqual(['Dr. Otieno Odhiambo']);
    expect(names(await find('?location=Arusha'))).toEqual(['Arusha Family Clinic']);
    const kenya = await find('?country=Kenya&limit=1');
    expect(kenya.data).toHaveLength(1);
    expect(kenya.pageInfo.total).toBe(2);
    // Counted on the server over every match, not over the one card loaded.
    expect(kenya.facets.facility).toEqual(
      expect.arrayContaining([
        { value: 'Nakuru Level 5 Hospital', count: 1 },
        { value: 'Jaramogi Hospital', count: 1 },
      ]),
    );
    expect(kenya.facets.country).toEqual([{ value: 'Kenya', count: 2 }]);
    const all = await find('?limit=1');
    expect(all.facets.country).toEqual(
      expect.arrayContaining([
        { value: 'Kenya', count: 2 },
        { value: 'Tanzania', count: 1 },
      ]),
    );
    expect(all.pageInfo.total).toBe(4);
  });

  it('pages through the result', async () => {
    const first = await find('?limit=2&page=1');
    const second = await find('?limit=2&page=2');
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(2);
    expect(new Set([...names(first), ...names(second)]).size).toBe(4);
  });

  it.each([
    ['profession', '?profession=Wizard'],
    ['limit', '?limit=1000'],
    ['page', '?page=0'],
    ['search', `?search=${'x'.repeat(101)}`],
  ])('answers a bad %s with 400 naming it', async (field, query) => {
    const res = await ctx.call('GET', `/api/connect/professionals${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('follows updates (the newest version wins) and forgets removed accounts', async () => {
    const p = await ctx.member('user', {
      name: 'Baraka Mwangi',
      designation: 'Pharmacist',
      country: 'Uganda',
    });
    await ctx.identity.publish(
      userEvent(IdentityEvents.userUpdated, p.id, {
        name: 'Baraka M. Mwangi',
        designation: 'Laboratory technologist',
        role: 'user',
        country: 'Uganda',
        version: 3,
      }),
    );
    await ctx.identity.publish(
      userEvent(IdentityEvents.userUpdated, p.id, { name: 'Stale', role: 'user', version: 2 }),
    );
    const updated = await eventually(async () => {
      const c = (await find('?country=Uganda')).data[0];
      return c?.name === 'Baraka M. Mwangi' ? c : undefined;
    });
    expect(updated.profession).toBe('Laboratory Technologist');
    await ctx.identity.publish(makeEnvelope(IdentityEvents.userDeleted, { id: p.id, version: 4 }));
    await eventually(async () => ((await find('?country=Uganda')).data.length === 0 ? true : undefined));
    expect((await find('?limit=1')).facets.country).not.toContainEqual(
      expect.objectContaining({ value: 'Uganda' }),
    );
  });
});

describe('contact details', () => {
  const card = async (who: Persona | undefined, name: string) =>
    (await find('?limit=100', who)).data.find((c) => c.name === name)!;

  it('are never on a visitor’s cards', async () => {
    for (const name of ['Amina Wanjiru', 'Dr. Otieno Odhiambo']) {
      const c = await card(undefined, name);
      expect(c).not.toHaveProperty('email');
      expect(c).not.toHaveProperty('phone');
      expect(c.address).toBe(''); // no postal address either
      expect(c.connection).toBe('none');
    }
  });

  it('are shown to signed-in members only by people who chose to show them', async () => {
    expect(await card(viewer, 'Amina Wanjiru')).not.toHaveProperty('phone');
    // A member reads the town of a postal address, all of it only where the person shows their details.
    expect((await card(viewer, 'Amina Wanjiru')).address).toBe('Nakuru');
    expect((await card(viewer, 'Arusha Family Clinic')).address).toBe('Arusha');
    expect((await card(amina, 'Amina Wanjiru')).address).toBe('Nakuru, Rift Valley');
    expect(await card(viewer, 'Dr. Otieno Odhiambo')).toMatchObject({
      phone: '+254 700 000002',
      email: otieno.email,
    });
    expect(await card(amina, 'Amina Wanjiru')).toMatchObject({
      connection: 'self',
      phone: '+254 700 000001',
    });
  });

  it('reach both sides once a request is accepted, and the button shows each state', async () => {
    const sent = await ctx.call('POST', '/api/connect/requests', viewer, { userId: amina.id });
    expect(sent.statusCode).toBe(201);
    expect((await card(viewer, 'Amina Wanjiru')).connection).toBe('outgoing');
    expect((await card(amina, `Viewer ${tag}`)).connection).toBe('incoming');
    expect(await card(viewer, 'Amina Wanjiru')).not.toHaveProperty('phone');
    const id = sent.json().data.id;
    expect(
      (await ctx.call('PATCH', `/api/connect/requests/${id}`, amina, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(await card(viewer, 'Amina Wanjiru')).toMatchObject({
      connection: 'connected',
      address: 'Nakuru, Rift Valley',
      phone: '+254 700 000001',
      requestId: id,
    });
    expect(await card(amina, `Viewer ${tag}`)).toMatchObject({
      connection: 'connected',
      email: viewer.email,
    });
    // Someone else still does not see them.
    expect(await card(clinic, 'Amina Wanjiru')).not.toHaveProperty('phone');
  });

  it('reach no member who has not proved their own address, connected or not', async () => {
    const squatter = await ctx.member('user', { name: `Unverified ${tag}`, emailVerified: false });
    expect(await card(squatter, 'Dr. Otieno Odhiambo')).not.toHaveProperty('phone');
    const sent = await ctx.call('POST', '/api/connect/requests', squatter, { userId: amina.id });
    const id = sent.json().data.id;
    await ctx.call('PATCH', `/api/connect/requests/${id}`, amina, { status: 'accepted' });
    const seen = await card(squatter, 'Amina Wanjiru');
    expect(seen.connection).toBe('connected');
    expect(seen).not.toHaveProperty('phone');
    expect(seen).not.toHaveProperty('email');
    const connections = (await ctx.call('GET', '/api/connect/connections', squatter)).json();
    expect(connections.data[0].person).toMatchObject({ id: amina.id, email: '', phone: '' });
    // The page says why.
    expect(connections.contactsNeedVerifiedEmail).toBe(true);
    // Their own card still shows them their own details.
    expect(await card(squatter, `Unverified ${tag}`)).toMatchObject({ connection: 'self' });
  });
});

describe('a search reused for a moment (DIRECTORY_CACHE_MS), forgotten when an entry changes', () => {
  it('on every instance: the one that applied the change and the other, through the change’s event', async () => {
    // Two instances as REPLICAS=2 runs them (one database, one NATS prefix), each keeping searches a minute.
    const cached = await startConnect({ DIRECTORY_CACHE_MS: '60000' });
    const other = await buildApp(cached.config);
    try {
      await cached.member('user', { name: 'Zawadi Cached', skills: ['Oncology'] });
      const q = await cached.member('user', { name: 'Zuberi Cached', skills: ['Oncology'] });
      const viewer = await cached.member('user');
      const path = '/api/connect/professionals?search=oncolgy';
      const searchA = async () => (await cached.call('GET', path, viewer)).json();
      const searchB = async () =>
        (await other.inject({ url: path, headers: { authorization: `Bearer ${viewer.token}` } })).json();
      for (const search of [searchA, searchB]) {
        const body = await search(); // kept by this instance for a minute
        expect(body.data.map((c: Card) => c.name)).toEqual(['Zawadi Cached', 'Zuberi Cached']);
        expect(body.pageInfo.total).toBe(2);
      }
      // One event: exactly one of the two instances applies it (they share the durable consumer); both
      // forget their kept search within seconds, not the minute they would keep it.
      await cached.identity.publish(makeEnvelope(IdentityEvents.userDeleted, { id: q.id, version: 2 }));
      for (const search of [searchA, searchB]) {
        const after = await eventually(async () => {
          const body = await search();
          return body.pageInfo.total === 1 ? body : undefined;
        }, 8000);
        expect(after.data.map((c: Card) => c.name)).toEqual(['Zawadi Cached']);
      }
    } finally {
      await other.close();
      await cached.close();
    }
  });
});

describe('indexes', () => {
  it('reads the directory by name, by profession and by search through its indexes', async () => {
    const plan = async (query: string) =>
      (await ctx.sql<{ 'QUERY PLAN': string }>(`explain ${query}`)).map((r) => r['QUERY PLAN']).join('\n');
    // A directory of realistic size (the planner picks plans by statistics), written last in this file.
    await ctx.sql(`
      insert into connect.users (id, name, role, profession, designation, skills_text, description, account_created_at, version)
      select gen_random_uuid(), 'Person ' || i, 'user', (array['Nurse','Doctor','Other'])[1 + i % 3],
        (array['Registered Nurse','Medical Officer','Driver'])[1 + i % 3], 'skill' || (i % 500), 'About ' || i, now(), 1
      from generate_series(1, 5000) i`);
    await ctx.sql(
      `insert into connect.search_terms (word, uses) select 'word' || i, 1 from generate_series(1, 5000) i`,
    );
    await ctx.sql('vacuum analyze connect.users');
    await ctx.sql('vacuum analyze connect.search_terms');
    await ctx.sql('set enable_seqscan = off');
    const listed = `from connect.users where not deleted and role <> 'admin'`;
    const byName = await plan(`select * ${listed} order by name, id limit 20`);
    expect(byName).toContain('users_directory_name_idx');
    expect(byName).not.toMatch(/Sort/);
    expect(await plan(`select * ${listed} and profession = 'Nurse' order by name, id limit 20`)).toContain(
      'users_directory_profession_name_idx',
    );
    const search = await plan(
      `select * ${listed} and search_vector @@ (to_tsquery('simple', 'skill7:*') || plainto_tsquery('simple', 'skill70'))
       order by ts_rank(search_vector, to_tsquery('simple', 'skill7:*')) desc, name, id limit 20`,
    );
    expect(search).toContain('users_directory_search_idx');
    // The misspelling's neighbours come from the vocabulary's trigram index.
    await ctx.sql(`select set_config('pg_trgm.similarity_threshold', '0.3', false)`);
    expect(await plan(`select word from connect.search_terms where word % 'skil7'`)).toContain(
      'search_terms_word_trgm_idx',
    );
  });
});
