import { eventually, readEvents } from '@platform/testing';
import type { NotificationRequestedData } from '@platform/contracts';
import { startCore, sweepEachDayOnTwoInstances, type CoreContext, type Persona } from './helpers';

/** Licences, their verification and their expiry alerts, against real Postgres and NATS, on a test clock. */
let ctx: CoreContext;
let nck: string;
beforeAll(async () => {
  ctx = await startCore();
  const councils = await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'));
  nck = councils.json().data.find((c: { code: string }) => c.code === 'ke-nck').id;
});
afterAll(async () => ctx?.close());

/** The alert notices enqueued for a credential, oldest first: [recipient, kind]. */
const alertsOf = async (credentialId: string) => {
  const sent = await ctx.sql<{ milestone: string }>(
    `select milestone from core.expiry_alerts where kind = 'credential' and subject_id = $1
     order by sent_at, milestone`,
    credentialId,
  );
  return sent.map((r) => r.milestone);
};
const noticesTo = async (userId: string) =>
  (
    await ctx.sql<{ kind: string }>(
      `select payload->'data'->>'kind' as kind from core.outbox
       where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1 order by seq`,
      userId,
    )
  ).map((r) => r.kind);

async function nurseOf(clinic: Persona) {
  const nurse = await ctx.member(clinic, { name: 'Achieng Otieno', designation: 'Nurse' });
  return nurse;
}

const addLicence = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/core/credentials', who, body);

it('lists the councils: Kenya has its five, each with its register and cycle', async () => {
  const res = await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'));
  expect(res.statusCode).toBe(200);
  expect(
    res
      .json()
      .data.map((c: { abbreviation: string }) => c.abbreviation)
      .sort(),
  ).toEqual(['COC', 'KMLTTB', 'KMPDC', 'NCK', 'PPB']);
  expect(res.json().data.find((c: { code: string }) => c.code === 'ke-kmpdc')).toMatchObject({
    renewalMonths: 12,
    endsOn: '12-31',
  });
  expect((await ctx.call('GET', '/api/core/councils')).statusCode).toBe(401);
});

it('alerts at 90, 60 and 30 days and on the day, each once across two instances, then expired', async () => {
  ctx.clock.set('2026-01-10');
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const res = await addLicence(nurse, {
    councilId: nck,
    number: 'NCK/100',
    issuedOn: '2023-07-01',
    expiresOn: '2026-06-30',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as string;
  expect(await alertsOf(id)).toEqual([]); // 171 days before: nothing yet

  await sweepEachDayOnTwoInstances(ctx, () => alertsOf(id));
  // The person and the clinic's owner each heard each alert exactly once.
  const kinds = ['days-90', 'days-60', 'days-30', 'expires-today', 'expired'].map((m) => `core.licence-${m}`);
  expect(await noticesTo(nurse.id)).toEqual(kinds);
  expect(await noticesTo(clinic.id)).toEqual(kinds);

  // Expired: not cleared to practise.
  const staff = await ctx.call('GET', '/api/core/staff?cleared=false', clinic);
  expect(staff.json().data.map((s: { personId: string }) => s.personId)).toContain(nurse.id);

  // The notices reach the platform's inbox path on NATS.
  const published = await eventually(async () => {
    const all = await readEvents<NotificationRequestedData>(
      ctx.natsUrl,
      `${ctx.prefix}core.notification.requested.v1`,
    );
    const mine = all.filter((e) => e.data.userId === nurse.id);
    return mine.length === 5 ? mine : undefined;
  });
  expect(published.map((e) => e.data.title.en)).toContain('Your NCK licence expires in 30 days');
  // Each of the holder's alerts also goes to their phone by SMS (where the platform sends SMS); HR's by
  // inbox and e-mail.
  expect(published.map((e) => e.data.sms)).toEqual([true, true, true, true, true]);
  const toHr = (
    await readEvents<NotificationRequestedData>(ctx.natsUrl, `${ctx.prefix}core.notification.requested.v1`)
  ).filter((e) => e.data.userId === clinic.id);
  expect(toHr.map((e) => e.data.sms ?? false)).toEqual([false, false, false, false, false]);
});

it('alerts a licence saved inside a window at once; a renewal stops the rest', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const old = await addLicence(nurse, { councilId: nck, number: 'NCK/200', expiresOn: '2026-04-15' });
  const oldId = old.json().data.id as string;
  expect(await alertsOf(oldId)).toEqual(['days-60']); // 45 days before: alerted at once, not at the next sweep

  ctx.clock.set('2026-03-20');
  await ctx.app.sweep();
  expect(await alertsOf(oldId)).toEqual(['days-60', 'days-30']);

  const renewed = await addLicence(nurse, {
    councilId: nck,
    number: 'NCK/200',
    issuedOn: '2026-04-01',
    expiresOn: '2029-04-15',
  });
  expect(renewed.statusCode).toBe(201);
  for (const day of ['2026-04-15', '2026-04-16', '2026-05-01']) {
    ctx.clock.set(day);
    await ctx.app.sweep();
  }
  expect(await alertsOf(oldId)).toEqual(['days-60', 'days-30']);
  expect(await alertsOf(renewed.json().data.id)).toEqual([]);
  const record = await ctx.call('GET', '/api/core/staff', nurse);
  expect(record.json().data[0].clearance).toEqual({ cleared: true, reason: 'unverified' });
});

it('HR verifies a licence: "verified by <clinic>", its event, and an admin action for the audit log', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic({ name: 'Kisumu Family Clinic' });
  const nurse = await nurseOf(clinic);
  const saved = await addLicence(clinic, {
    personId: nurse.id,
    councilId: nck,
    number: 'NCK/300',
    expiresOn: '2028-01-31',
  });
  expect(saved.statusCode).toBe(201);
  const id = saved.json().data.id as string;

  // Neither the nurse nor another clinic may verify it; nothing changes.
  expect((await ctx.call('POST', `/api/core/credentials/${id}/verify`, nurse)).statusCode).toBe(403);
  const stranger = await ctx.clinic();
  expect((await ctx.call('POST', `/api/core/credentials/${id}/verify`, stranger)).statusCode).toBe(404);
  expect((await ctx.sql(`select verified_at from core.credentials where id = $1`, id))[0]).toEqual({
    verified_at: null,
  });

  const verified = await ctx.call('POST', `/api/core/credentials/${id}/verify`, clinic);
  expect(verified.statusCode).toBe(200);
  expect(verified.json().data).toMatchObject({
    status: 'verified',
    verifiedBy: { organisation: 'Kisumu Family Clinic' },
  });
  const events = await ctx.sql<{ type: string }>(
    `select type from core.outbox where payload->'data'->>'credentialId' = $1 or payload->'data'->'target'->>'id' = $1 order by seq`,
    id,
  );
  expect(events.map((e) => e.type)).toEqual(['core.credential.verified.v1', 'core.admin-action.recorded.v1']);
  const detail = await ctx.call('GET', `/api/core/staff?search=Achieng`, clinic);
  expect(detail.json().data[0].clearance).toEqual({ cleared: true, reason: 'valid' });
});

it('HR revokes a licence the register no longer shows: not cleared, its event, audited with the reason', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic({ name: 'Nakuru Level 5' });
  const nurse = await nurseOf(clinic);
  const saved = await addLicence(clinic, {
    personId: nurse.id,
    councilId: nck,
    number: 'NCK/310',
    expiresOn: '2028-01-31',
  });
  const id = saved.json().data.id as string;
  expect((await ctx.call('POST', `/api/core/credentials/${id}/verify`, clinic)).statusCode).toBe(200);
  const revoke = (who: Persona, body: unknown) =>
    ctx.call('POST', `/api/core/credentials/${id}/revoke`, who, body);
  const reason = { reason: 'Not on the NCK register on 1 March' };

  // The nurse, another clinic and a body without a reason are refused; nothing changes.
  expect((await revoke(nurse, reason)).statusCode).toBe(403);
  expect((await revoke(await ctx.clinic(), reason)).statusCode).toBe(404);
  expect((await revoke(clinic, {})).statusCode).toBe(400);
  expect((await revoke(clinic, { reason: 'x' })).statusCode).toBe(400);
  expect((await ctx.sql(`select revoked_at from core.credentials where id = $1`, id))[0]).toEqual({
    revoked_at: null,
  });

  const revoked = await revoke(clinic, reason);
  expect(revoked.statusCode).toBe(200);
  expect(revoked.json().data).toMatchObject({ status: 'revoked' });
  const again = await revoke(clinic, reason);
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'core.credential_revoked' });
  expect((await ctx.call('POST', `/api/core/credentials/${id}/verify`, clinic)).statusCode).toBe(409);

  const events = await ctx.sql<{ type: string; reason: string | null }>(
    `select type, payload->'data'->'after'->>'reason' as reason from core.outbox
     where payload->'data'->>'credentialId' = $1 or payload->'data'->'target'->>'id' = $1 order by seq`,
    id,
  );
  expect(events.slice(-2)).toEqual([
    { type: 'core.credential.revoked.v1', reason: null },
    { type: 'core.admin-action.recorded.v1', reason: reason.reason },
  ]);
  const listed = await ctx.call('GET', `/api/core/staff?search=Achieng`, clinic);
  const row = listed.json().data.find((s: { personId: string }) => s.personId === nurse.id);
  expect(row.clearance.cleared).toBe(false);
});

it('refuses bad input and other people’s licences with a clear 4xx, storing nothing', async () => {
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const colleague = await nurseOf(clinic);
  const before = await ctx.sql(`select count(*)::int as n from core.credentials`);
  const bad = [
    {},
    { councilId: nck, number: 'NCK/1', expiresOn: '2026-02-30' },
    { councilId: nck, number: 'NCK/1', expiresOn: '30/06/2026' },
    { councilId: nck, number: 'NCK/1', issuedOn: '2027-01-01', expiresOn: '2026-06-30' },
    { councilId: nck, number: '', expiresOn: '2026-06-30' },
    { councilId: nck, number: 'NCK/1', expiresOn: '2026-06-30', extra: true },
  ];
  for (const body of bad) expect((await addLicence(nurse, body)).statusCode).toBe(400);
  expect(
    (
      await addLicence(nurse, {
        personId: colleague.id,
        councilId: nck,
        number: 'X1',
        expiresOn: '2027-01-01',
      })
    ).statusCode,
  ).toBe(403);
  const stranger = await ctx.clinic();
  expect(
    (
      await addLicence(stranger, {
        personId: nurse.id,
        councilId: nck,
        number: 'X2',
        expiresOn: '2027-01-01',
      })
    ).statusCode,
  ).toBe(404);
  expect(
    (
      await addLicence(nurse, {
        councilId: '00000000-0000-4000-8000-000000000000',
        number: 'X3',
        expiresOn: '2027-01-01',
      })
    ).statusCode,
  ).toBe(404);
  expect(
    (
      await ctx.call('POST', '/api/core/credentials', undefined, {
        councilId: nck,
        number: 'X4',
        expiresOn: '2027-01-01',
      })
    ).statusCode,
  ).toBe(401);
  expect(await ctx.sql(`select count(*)::int as n from core.credentials`)).toEqual(before);
});

it('lists the licences expiring within N days, to HR, soonest first', async () => {
  ctx.clock.set('2026-09-01');
  const clinic = await ctx.clinic();
  const a = await nurseOf(clinic);
  const b = await nurseOf(clinic);
  await addLicence(a, { councilId: nck, number: 'NCK/401', expiresOn: '2026-09-20' });
  await addLicence(b, { councilId: nck, number: 'NCK/402', expiresOn: '2026-11-15' });
  const soon = await ctx.call('GET', '/api/core/credentials?expiringWithin=30', clinic);
  expect(soon.json().data.map((c: { number: string }) => c.number)).toEqual(['NCK/401']);
  const all = await ctx.call('GET', '/api/core/credentials?expiringWithin=90', clinic);
  expect(all.json()).toMatchObject({
    pageInfo: { total: 2 },
    data: [{ number: 'NCK/401' }, { number: 'NCK/402' }],
  });
  // A staff member sees only their own.
  const own = await ctx.call('GET', '/api/core/credentials?expiringWithin=90', b);
  expect(own.json().data.map((c: { number: string }) => c.number)).toEqual(['NCK/402']);
});

it("lets an organisation's HR add a council the list lacks; others are refused, a code twice is a 409", async () => {
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const council = {
    code: 'ke-kndi',
    name: 'Kenya Nutritionists and Dieticians Institute',
    abbreviation: 'KNDI',
    country: 'KE',
    professions: ['Other'],
    renewalMonths: null,
    registerUrl: 'https://council.example/kndi',
  };
  const before = await ctx.sql(`select count(*)::int as n from core.councils`);
  expect((await ctx.call('POST', '/api/core/councils', nurse, council)).statusCode).toBe(403);
  expect((await ctx.call('POST', '/api/core/councils', ctx.persona('user'), council)).statusCode).toBe(403);
  expect(
    (await ctx.call('POST', '/api/core/councils', clinic, { ...council, registerUrl: 'http://x.example' }))
      .statusCode,
  ).toBe(400);
  expect(await ctx.sql(`select count(*)::int as n from core.councils`)).toEqual(before);
  const added = await ctx.call('POST', '/api/core/councils', clinic, council);
  expect(added.statusCode).toBe(201);
  expect(added.json().data).toMatchObject({ abbreviation: 'KNDI', renewalMonths: null, endsOn: null });
  expect((await ctx.call('POST', '/api/core/councils', clinic, council)).json()).toMatchObject({
    code: 'core.council_exists',
  });
  expect(added.json().data.organisationId).toBe(clinic.orgId);
  const listed = await ctx.call('GET', '/api/core/councils?country=KE', nurse);
  expect(listed.json().data.map((c: { code: string }) => c.code)).toContain('ke-kndi');
});

const codesListedTo = async (who: Persona) =>
  (await ctx.call('GET', '/api/core/councils?limit=100', who))
    .json()
    .data.map((c: { code: string }) => c.code) as string[];

it("keeps an organisation's council to its members; a platform admin's council is everyone's", async () => {
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const fake = {
    code: 'ke-kmb',
    name: 'Kenya Medical Board',
    abbreviation: 'KMB',
    country: 'KE',
    professions: ['Doctor'],
    renewalMonths: 12,
    registerUrl: 'https://council.example/kmb',
  };
  const added = await ctx.call('POST', '/api/core/councils', clinic, fake);
  expect(added.statusCode).toBe(201);
  const kmb = added.json().data.id as string;
  const licence = { councilId: kmb, number: 'KMB/1', expiresOn: '2030-12-31' };
  expect((await addLicence(nurse, licence)).statusCode).toBe(201);

  const other = await ctx.clinic();
  const otherDoctor = await ctx.member(other, { name: 'Wanjiru Kamau', designation: 'Doctor' });
  for (const outsider of [other, otherDoctor, ctx.persona('user')]) {
    expect(await codesListedTo(outsider)).not.toContain('ke-kmb');
    expect(await codesListedTo(outsider)).toContain('ke-nck');
  }
  const refused = await addLicence(otherDoctor, licence);
  expect(refused.statusCode).toBe(404);
  expect(refused.json()).toMatchObject({ code: 'core.council_not_found' });
  expect((await addLicence(other, { ...licence, personId: otherDoctor.id })).json()).toMatchObject({
    code: 'core.council_not_found',
  });
  expect(await ctx.sql(`select count(*)::int as n from core.credentials where council_id = $1`, kmb)).toEqual(
    [{ n: 1 }],
  );

  const admin = ctx.persona('admin');
  const platform = await ctx.call('POST', '/api/core/councils', admin, {
    ...fake,
    code: 'ke-kndi2',
    name: 'Kenya Nutritionists and Dieticians Institute',
    abbreviation: 'KNDI',
    professions: ['Other'],
  });
  expect(platform.statusCode).toBe(201);
  expect(platform.json().data.organisationId).toBeNull();
  for (const anyone of [clinic, nurse, other, otherDoctor, ctx.persona('user')])
    expect(await codesListedTo(anyone)).toContain('ke-kndi2');
  expect((await addLicence(otherDoctor, { ...licence, councilId: platform.json().data.id })).statusCode).toBe(
    201,
  );
  // The platform admin oversees the whole catalogue, organisations' councils included.
  expect(await codesListedTo(admin)).toEqual(expect.arrayContaining(['ke-kmb', 'ke-kndi2']));

  // A code names one council across the platform: an admin reusing a shipped or an organisation's code, or
  // another organisation reusing one, gets 409 and nothing is added.
  const before = await ctx.sql(`select count(*)::int as n from core.councils`);
  for (const [who, code] of [
    [admin, 'ke-nck'],
    [admin, 'ke-kmb'],
    [other, 'ke-kmb'],
    [other, 'ke-kndi2'],
  ] as const) {
    const taken = await ctx.call('POST', '/api/core/councils', who, { ...fake, code });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'core.council_exists']);
  }
  expect(await ctx.sql(`select count(*)::int as n from core.councils`)).toEqual(before);
});

it('keeps a licence’s scan: uploaded by the holder or HR, read by them alone, checked by content, ≤ 5 MB', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic();
  const nurse = await nurseOf(clinic);
  const colleague = await ctx.member(clinic, { name: 'Wanjiru Colleague' });
  const saved = await addLicence(clinic, {
    personId: nurse.id,
    councilId: nck,
    number: 'NCK/900',
    expiresOn: '2028-01-31',
  });
  const id = saved.json().data.id as string;
  expect(saved.json().data.file).toBeNull();
  const upload = (who: Persona, bytes: Buffer, type: string, name = 'NCK licence 2026.pdf') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/core/credentials/${id}/file?name=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
      payload: bytes,
    });
  const download = (who: Persona) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/core/credentials/${id}/file`,
      headers: { authorization: `Bearer ${who.token}` },
    });
  const stored = async () =>
    (await ctx.sql<{ n: number }>(`select count(*)::int as n from core.credential_files`))[0]!.n;

  expect((await download(nurse)).json().code).toBe('core.credential_file_not_found');
  // The holder uploads hers; HR and she read it back, byte for byte, as an attachment.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const mine = await upload(nurse, pdf, 'application/pdf');
  expect(mine.statusCode).toBe(200);
  expect(mine.json().data.file).toMatchObject({
    name: 'NCK licence 2026.pdf',
    contentType: 'application/pdf',
    size: pdf.length,
  });
  for (const who of [nurse, clinic]) {
    const file = await download(who);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="NCK licence 2026.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  }
  const before = await stored();

  // Refused, nothing stored or changed: renamed HTML, too large, a colleague, another clinic's HR.
  const html = await upload(
    nurse,
    Buffer.from('<html><script>x()</script></html>'),
    'application/pdf',
    'a.pdf',
  );
  expect([html.statusCode, html.json().code]).toEqual([415, 'core.compliance_file_type']);
  const large = await upload(clinic, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'application/pdf');
  expect([large.statusCode, large.json().message]).toEqual([413, 'The file must be at most 5 MB.']);
  expect((await upload(colleague, pdf, 'application/pdf')).statusCode).toBe(403);
  expect((await download(colleague)).statusCode).toBe(403);
  const stranger = await ctx.clinic();
  expect((await upload(stranger, pdf, 'application/pdf')).json().code).toBe('core.credential_not_found');
  expect((await download(stranger)).statusCode).toBe(404);
  expect(await stored()).toBe(before);
  expect((await download(nurse)).rawPayload.equals(pdf)).toBe(true);

  // HR replaces it with a photo of the renewed card: named for what it is, shown on the record and lists.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64),
  ]);
  const photo = await upload(clinic, png, 'application/octet-stream', 'C:\\scans\\nck.pdf');
  expect(photo.json().data.file).toMatchObject({ name: 'nck.png', contentType: 'image/png', size: 72 });
  expect(await stored()).toBe(before);
  const me = await ctx.call('GET', '/api/core/staff/me', nurse);
  expect(me.json().data.credentials[0].file).toMatchObject({ name: 'nck.png' });
  const list = await ctx.call('GET', '/api/core/credentials', clinic);
  expect(list.json().data[0].file).toMatchObject({ name: 'nck.png', size: 72 });
  expect((await download(nurse)).headers['content-type']).toBe('image/png');
  expect((await ctx.call('GET', `/api/core/credentials/${id}/file`)).statusCode).toBe(401);
});
