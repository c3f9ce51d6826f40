import { randomUUID } from 'node:crypto';
import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { startConnect, type ConnectContext, type Persona } from './helpers';

/**
 * A professional's profile page (GET /api/connect/professionals/:id): the directory's rules for what a
 * viewer reads (a visitor the town only and no contact details; contact details for connections or by the
 * person's choice), with their current verified licences and who verified them.
 */
let ctx: ConnectContext;
let amina: Persona;
let clinic: Persona;
let outsider: Persona;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  ctx = await startConnect();
  clinic = await ctx.member('Clinic', { name: `Kisumu Clinic ${tag}`, address: 'Kisumu, Kenya' });
  amina = await ctx.member('user', {
    name: `Amina ${tag}`,
    designation: 'Registered Nurse',
    description: 'Neonatal unit nurse. '.repeat(10).trim(),
    address: '12 Oginga Odinga Street, Kisumu, Kenya',
    location: 'Kisumu',
    country: 'Kenya',
    phone: '+254 700 000001',
    skills: ['Neonatal care'],
  });
  outsider = await ctx.member('user', { name: `Outsider ${tag}`, orgId: randomUUID() });
});
afterAll(async () => ctx?.close());

const profile = (id: string, who?: Persona) => ctx.call('GET', `/api/connect/professionals/${id}`, who);

describe('a professional’s profile page', () => {
  it('shows a visitor the card with the whole description and the town, never contact details', async () => {
    const res = await profile(amina.id);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      id: amina.id,
      name: `Amina ${tag}`,
      designation: 'Registered Nurse',
      location: 'Kisumu',
      country: 'Kenya',
      connection: 'none',
      credentials: [],
    });
    expect(p.description).toHaveLength('Neonatal unit nurse. '.repeat(10).trim().length);
    expect(p.address).not.toContain('Oginga');
    expect(p).not.toHaveProperty('email');
    expect(p).not.toHaveProperty('phone');
  });

  it('shows another organisation’s member no contact details until they are connected', async () => {
    const before = (await profile(amina.id, outsider)).json().data;
    expect(before).not.toHaveProperty('phone');
    expect(before.connection).toBe('none');
    const sent = await ctx.call('POST', '/api/connect/requests', outsider, { userId: amina.id });
    expect(sent.statusCode).toBe(201);
    expect((await profile(amina.id, outsider)).json().data.connection).toBe('outgoing');
    const answered = await ctx.call('PATCH', `/api/connect/requests/${sent.json().data.id}`, amina, {
      status: 'accepted',
    });
    expect(answered.statusCode).toBe(200);
    const after = (await profile(amina.id, outsider)).json().data;
    expect(after).toMatchObject({ connection: 'connected', phone: '+254 700 000001' });
    expect(after.address).toContain('Oginga');
    // The person sees their own page whole.
    expect((await profile(amina.id, amina)).json().data).toMatchObject({ connection: 'self' });
  });

  it('lists current verified licences with their council, the verifying clinic and the last valid day', async () => {
    await ctx.licence(amina, ['Nurse'], {
      councilCode: 'NCK',
      organisationId: clinic.orgId,
      expiresOn: '2099-06-30',
    });
    // An expired one is not shown.
    await ctx.licence(amina, ['Pharmacist'], { expiresOn: '2020-01-31', daysLeft: -100 });
    const credentials = await eventually(async () => {
      const c = (await profile(amina.id)).json().data.credentials;
      return c.length > 0 ? c : undefined;
    });
    expect(credentials).toEqual([
      {
        professions: ['Nurse'],
        council: 'NCK',
        verifiedBy: `Kisumu Clinic ${tag}`,
        validUntil: '2099-06-30',
      },
    ]);
  });

  it('answers 404 for an admin, a deleted account or an unknown id, and 400 for a malformed one', async () => {
    const admin = await ctx.member('admin', { name: `Admin ${tag}` });
    expect((await profile(admin.id)).statusCode).toBe(404);
    const gone = await ctx.member('user', { name: `Gone ${tag}` });
    await ctx.identity.publish(makeEnvelope(IdentityEvents.userDeleted, { id: gone.id, version: 2 }));
    await eventually(async () => ((await profile(gone.id)).statusCode === 404 ? true : undefined));
    const unknown = await profile(randomUUID(), outsider);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('connect.professional_not_found');
    expect((await profile('not-an-id')).statusCode).toBe(400);
  });

  it('refuses a forged token rather than treating it as a visitor', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/connect/professionals/${amina.id}`,
      headers: { authorization: 'Bearer forged.token.value' },
    });
    expect(res.statusCode).toBe(401);
  });
});
