import { randomUUID } from 'node:crypto';
import { IdentityEvents } from '@platform/contracts';
import { eventually, userEvent } from '@platform/testing';
import { aDiscussion, startConnect, type ConnectContext, type Persona } from './helpers';

/**
 * Role-Based audiences rest on a verified profession (a licence an organisation's HR verified in Core HR,
 * svc-core's core.credential.verified.v1), never on the designation a person types.
 */
let ctx: ConnectContext;
let author: Persona;
let doctorsOnly: { id: string; title: string };

beforeAll(async () => {
  ctx = await startConnect();
  author = await ctx.member('user', { designation: 'Medical Officer' });
  const res = await ctx.call(
    'POST',
    '/api/discussion/add',
    author,
    aDiscussion({
      title: `Doctors only ${randomUUID().slice(0, 8)}`,
      visibility: 'Role-Based',
      roles: ['Doctor'],
    }),
  );
  expect(res.statusCode).toBe(201);
  doctorsOnly = res.json().data;
});
afterAll(async () => ctx?.close());

/** Whether the person reads the discussion, checked in the list, the search and the direct fetch alike. */
async function reads(who: Persona): Promise<boolean> {
  const listed = (await ctx.call('GET', '/api/discussion/get?limit=100', who)).json().data as {
    id: string;
  }[];
  const found = (
    await ctx.call('GET', `/api/discussion/get?search=${encodeURIComponent(doctorsOnly.title)}`, who)
  ).json().data as { id: string }[];
  const status = (await ctx.call('GET', `/api/discussion/${doctorsOnly.id}`, who)).statusCode;
  const inList = listed.some((d) => d.id === doctorsOnly.id);
  const inSearch = found.some((d) => d.id === doctorsOnly.id);
  expect([inList, inSearch]).toEqual([status === 200, status === 200]);
  if (status !== 200) expect(status).toBe(404);
  return status === 200;
}

async function retype(who: Persona, designation: string, version: number) {
  await ctx.identity.publish(
    userEvent(IdentityEvents.userUpdated, who.id, {
      name: who.name,
      email: who.email,
      role: 'user',
      orgId: who.orgId,
      designation,
      version,
    }),
  );
  await eventually(async () => {
    const [row] = await ctx.sql<{ designation: string }>(
      'select designation from connect.users where id = $1',
      who.id,
    );
    return row?.designation === designation || undefined;
  });
}

describe('Role-Based visibility follows a verified profession', () => {
  it('a Driver who types "Dr" (or "Medical Officer") as their designation reads nothing', async () => {
    const driver = await ctx.member('user', { designation: 'Driver' });
    expect(await reads(driver)).toBe(false);
    await retype(driver, 'Dr', 2);
    expect(await reads(driver)).toBe(false);
    await retype(driver, 'Medical Officer', 3);
    expect(await reads(driver)).toBe(false);
  });

  it('a doctor whose licence HR verified reads within 2 s of the event, until it expires', async () => {
    const doctor = await ctx.member('user', { designation: 'Medical Officer' });
    expect(await reads(doctor)).toBe(false); // a designation alone proves nothing
    const licence = await ctx.licence(doctor, ['Doctor']);
    const at = Date.now();
    await eventually(async () => (await reads(doctor)) || undefined, 2000);
    expect(Date.now() - at).toBeLessThan(2000);

    // A nurse's verified licence does not open a Doctors-only discussion.
    const nurse = await ctx.member('user', { designation: 'Dr' });
    await ctx.licence(nurse, ['Nurse']);
    await eventually(async () => {
      const [row] = await ctx.sql(
        'select 1 from connect.verified_professions where person_id = $1',
        nurse.id,
      );
      return row;
    });
    expect(await reads(nurse)).toBe(false);

    // On the expiry day svc-core says so: the verified profession goes with it.
    await ctx.licence(doctor, ['Doctor'], { credentialId: licence.credentialId, expired: true, daysLeft: 0 });
    await eventually(async () => ((await reads(doctor)) ? undefined : true), 2000);
  });

  it('a licence HR revokes stops opening the discussion within 2 s, long before its expiry date', async () => {
    const doctor = await ctx.member('user', { designation: 'Medical Officer' });
    const licence = await ctx.licence(doctor, ['Doctor']);
    await eventually(async () => (await reads(doctor)) || undefined, 2000);
    await ctx.licence(doctor, ['Doctor'], { credentialId: licence.credentialId, revoked: true });
    const at = Date.now();
    await eventually(async () => ((await reads(doctor)) ? undefined : true), 2000);
    expect(Date.now() - at).toBeLessThan(2000);
  });

  it('a verified licence whose expiry date has passed counts for nothing, even before its event', async () => {
    const lapsed = await ctx.member('user', { designation: 'Medical Officer' });
    await ctx.licence(lapsed, ['Doctor'], { expiresOn: '2020-01-31', daysLeft: -100 });
    await eventually(async () => {
      const [row] = await ctx.sql(
        'select 1 from connect.verified_professions where person_id = $1',
        lapsed.id,
      );
      return row;
    });
    expect(await reads(lapsed)).toBe(false);
  });

  it('a forged verification event with bad data is not applied', async () => {
    const who = await ctx.member('user', { designation: 'Driver' });
    await ctx.licence(who, ['Pilot' as never]);
    await new Promise((r) => setTimeout(r, 1000));
    const rows = await ctx.sql('select 1 from connect.verified_professions where person_id = $1', who.id);
    expect(rows).toEqual([]);
    expect(await reads(who)).toBe(false);
  });
});
