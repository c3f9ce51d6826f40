import { startCore, sweepEachDayOnTwoInstances, type CoreContext, type Persona } from './helpers';

/**
 * The organisation's own documents and their expiry alerts to HR, against real Postgres and NATS, on the
 * test clock; the alerts share the credentials' rows and sweep.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const alertsOf = async (documentId: string) =>
  (
    await ctx.sql<{ milestone: string }>(
      `select milestone from core.expiry_alerts where kind = 'compliance-document' and subject_id = $1
       order by sent_at, milestone`,
      documentId,
    )
  ).map((r) => r.milestone);

/** The compliance notices to a person, oldest first: [kind, English title, link, e-mail, SMS]. */
const noticesTo = async (userId: string) =>
  ctx.sql<{ kind: string; title: string; link: string; email: string; sms: boolean }>(
    `select payload->'data'->>'kind' as kind, payload->'data'->'title'->>'en' as title,
       payload->'data'->>'link' as link, payload->'data'->>'email' as email,
       coalesce((payload->'data'->>'sms')::boolean, false) as sms from core.outbox
     where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
       and payload->'data'->>'kind' like 'core.compliance-%' order by seq`,
    userId,
  );

const addDocument = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/core/compliance', who, body);

/** A clinic with an HR admin (a member the owner named), both of whom hear its documents' alerts. */
async function clinicWithHr() {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const staff = await ctx.call('GET', '/api/core/staff', clinic);
  const id = staff.json().data.find((s: { personId: string }) => s.personId === hr.id).id;
  expect((await ctx.call('PUT', `/api/core/staff/${id}/role`, clinic, { role: 'hr-admin' })).statusCode).toBe(
    200,
  );
  return { clinic, hr };
}

it("lists Kenya's document types, those required depending on the facility type", async () => {
  const clinic = await ctx.clinic();
  const res = await ctx.call('GET', '/api/core/compliance/types', clinic);
  expect(res.statusCode).toBe(200);
  const { country, facilityType, types } = res.json().data;
  expect({ country, facilityType }).toEqual({ country: 'KE', facilityType: 'Clinic' });
  const required = (list: { code: string; required: boolean }[]) =>
    list.filter((t) => t.required).map((t) => t.code);
  expect(required(types)).toEqual([
    'ke-facility-licence',
    'ke-sha-accreditation',
    'ke-indemnity-insurance',
    'ke-fire-safety',
    'ke-nema-waste',
    'ke-public-health',
  ]);
  expect(types.find((t: { code: string }) => t.code === 'ke-fire-safety').name.sw).toBe(
    'Cheti cha usalama wa moto',
  );

  // A diagnostic centre must hold a radiation licence too.
  const changed = await ctx.call('PATCH', '/api/core/organisation', clinic, {
    facilityType: 'Diagnostic Center',
  });
  expect(changed.statusCode).toBe(200);
  const after = await ctx.call('GET', '/api/core/compliance/types', clinic);
  expect(required(after.json().data.types)).toContain('ke-knra-radiation');

  // Uganda's clinics get Uganda's types.
  const ugandan = await ctx.clinic({ country: 'Uganda' });
  const ug = await ctx.call('GET', '/api/core/compliance/types', ugandan);
  expect(ug.json().data.types.map((t: { code: string }) => t.code)).toEqual([
    'ug-facility-licence',
    'ug-indemnity-insurance',
  ]);
});

it('alerts HR at 90, 60 and 30 days and on the day, each once across two instances and a restart', async () => {
  ctx.clock.set('2026-01-10');
  const { clinic, hr } = await clinicWithHr();
  const nurse = await ctx.member(clinic);
  const res = await addDocument(clinic, {
    typeCode: 'ke-fire-safety',
    number: 'FS/2026/118',
    issuedOn: '2025-07-01',
    expiresOn: '2026-06-30',
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().data).toMatchObject({
    status: 'valid',
    daysLeft: 171,
    typeName: { en: 'Fire safety certificate' },
  });
  const id = res.json().data.id as string;
  expect(await alertsOf(id)).toEqual([]);

  await sweepEachDayOnTwoInstances(ctx, () => alertsOf(id));

  // The owner and the HR admin each heard each alert once, in the inbox, by e-mail and by SMS; staff heard none.
  const kinds = ['days-90', 'days-60', 'days-30', 'expires-today', 'expired'].map(
    (m) => `core.compliance-${m}`,
  );
  for (const who of [clinic, hr]) {
    const notices = await noticesTo(who.id);
    expect(notices.map((n) => n.kind)).toEqual(kinds);
    expect(notices[2]).toEqual({
      kind: 'core.compliance-days-30',
      title: 'Fire safety certificate FS/2026/118 expires in 30 days',
      link: '/hr/compliance',
      email: 'now',
      sms: true,
    });
  }
  expect(await noticesTo(nurse.id)).toEqual([]);
  const list = await ctx.call('GET', '/api/core/compliance', clinic);
  expect(list.json().data[0]).toMatchObject({ id, status: 'expired', daysLeft: -2 });
});

it('alerts a document saved inside a window at once; a renewal stops the rest and starts the new date’s', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, hr } = await clinicWithHr();
  const saved = await addDocument(hr, {
    typeCode: 'ke-sha-accreditation',
    number: 'SHA-4471',
    expiresOn: '2026-04-15',
  });
  expect(saved.statusCode).toBe(201);
  expect(saved.json().data.status).toBe('expiring');
  const id = saved.json().data.id as string;
  expect(await alertsOf(id)).toEqual(['days-60']); // 45 days before: at once, not at the next sweep

  ctx.clock.set('2026-03-20');
  await ctx.app.sweep();
  expect(await alertsOf(id)).toEqual(['days-60', 'days-30']);

  const renewed = await ctx.call('PATCH', `/api/core/compliance/${id}`, clinic, {
    issuedOn: '2026-04-01',
    expiresOn: '2027-04-15',
  });
  expect(renewed.statusCode).toBe(200);
  expect(renewed.json().data).toMatchObject({ status: 'valid', expiresOn: '2027-04-15', number: 'SHA-4471' });
  for (const day of ['2026-04-15', '2026-04-16', '2026-05-01']) {
    ctx.clock.set(day);
    await ctx.app.sweep();
  }
  expect(await alertsOf(id)).toEqual(['days-60', 'days-30']);
  // The new date's schedule begins in its own time.
  ctx.clock.set('2027-01-15');
  await ctx.app.sweep();
  expect(await alertsOf(id)).toEqual(['days-60', 'days-30', 'days-90']);
  const audit = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox
     where type = 'core.admin-action.recorded.v1' and payload->'data'->'target'->>'id' = $1`,
    id,
  );
  expect(audit).toEqual([{ action: 'compliance.renew' }]);
});

it('shows the missing required documents and the expiring ones on the dashboard', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic();
  const before = await ctx.call('GET', '/api/core/dashboard', clinic);
  expect(before.json().data.compliance).toEqual({
    expiring: { within30: 0, within60: 0, within90: 0 },
    expired: 0,
    missing: 6,
  });
  for (const [typeCode, expiresOn] of [
    ['ke-facility-licence', '2026-03-20'],
    ['ke-nema-waste', '2026-04-20'],
    ['ke-public-health', '2026-05-20'],
    ['ke-fire-safety', '2026-02-20'],
    ['ke-knra-radiation', '2026-03-10'], // recorded, though a clinic need not hold it
  ])
    expect((await addDocument(clinic, { typeCode, number: `N-${typeCode}`, expiresOn })).statusCode).toBe(
      201,
    );
  const after = await ctx.call('GET', '/api/core/dashboard', clinic);
  expect(after.json().data.compliance).toEqual({
    expiring: { within30: 2, within60: 3, within90: 4 },
    expired: 1,
    missing: 2,
  });
  const types = await ctx.call('GET', '/api/core/compliance/types', clinic);
  expect(
    types
      .json()
      .data.types.filter((t: { required: boolean; recorded: boolean }) => t.required && !t.recorded)
      .map((t: { code: string }) => t.code),
  ).toEqual(['ke-sha-accreditation', 'ke-indemnity-insurance']);
  const soon = await ctx.call('GET', '/api/core/compliance?expiringWithin=30&limit=1', clinic);
  expect(soon.json().data.map((d: { typeCode: string }) => d.typeCode)).toEqual(['ke-knra-radiation']);
  expect(soon.json().pageInfo).toEqual({ page: 1, limit: 1, total: 2 });
});

it('refuses staff, managers, bad input and another organisation’s documents, changing nothing', async () => {
  ctx.clock.set('2026-03-01');
  const clinic = await ctx.clinic();
  const nurse = await ctx.member(clinic);
  const made = await addDocument(clinic, {
    typeCode: 'ke-public-health',
    number: 'PH/77',
    expiresOn: '2027-01-31',
  });
  const id = made.json().data.id as string;
  const count = async () => (await ctx.sql(`select count(*)::int as n from core.compliance_documents`))[0];
  const before = await count();

  // A manager sees the dashboard without the organisation's documents, and cannot list them.
  const manager = await ctx.member(clinic, { name: 'Mwangi Kamau' });
  const staffList = await ctx.call('GET', '/api/core/staff', clinic);
  const managerId = staffList.json().data.find((s: { personId: string }) => s.personId === manager.id).id;
  await ctx.call('PUT', `/api/core/staff/${managerId}/role`, clinic, { role: 'manager' });
  expect((await ctx.call('GET', '/api/core/dashboard', manager)).json().data.compliance).toBeNull();
  expect((await ctx.call('GET', '/api/core/compliance', manager)).statusCode).toBe(403);

  // Staff neither read nor write the organisation's documents.
  expect((await ctx.call('GET', '/api/core/compliance', nurse)).statusCode).toBe(403);
  expect((await ctx.call('GET', '/api/core/compliance/types', nurse)).statusCode).toBe(403);
  expect(
    (await addDocument(nurse, { typeCode: 'ke-fire-safety', number: 'X-1', expiresOn: '2027-01-01' }))
      .statusCode,
  ).toBe(403);
  expect(
    (await ctx.call('PATCH', `/api/core/compliance/${id}`, nurse, { expiresOn: '2030-01-01' })).statusCode,
  ).toBe(403);
  expect(
    (await ctx.call('PATCH', '/api/core/organisation', nurse, { facilityType: 'Hospital' })).statusCode,
  ).toBe(403);

  const bad = [
    {},
    { typeCode: 'ke-fire-safety', number: 'X-1', expiresOn: '2026-02-30' },
    { typeCode: 'ke-fire-safety', number: 'X-1', expiresOn: '30/06/2026' },
    { typeCode: 'ke-fire-safety', number: 'X-1', issuedOn: '2027-02-01', expiresOn: '2027-01-01' },
    { typeCode: 'ug-facility-licence', number: 'X-1', expiresOn: '2027-01-01' },
    { typeCode: 'ke-fire-safety', number: '', expiresOn: '2027-01-01' },
    { typeCode: 'ke-fire-safety', number: 'X-1', expiresOn: '2027-01-01', extra: true },
  ];
  for (const body of bad) expect((await addDocument(clinic, body)).statusCode).toBe(400);
  const unknownType = await addDocument(clinic, {
    typeCode: 'ug-facility-licence',
    number: 'X-1',
    expiresOn: '2027-01-01',
  });
  expect(unknownType.json().code).toBe('core.compliance_type_unknown');
  const duplicate = await addDocument(clinic, {
    typeCode: 'ke-public-health',
    number: 'PH/77',
    expiresOn: '2028-01-31',
  });
  expect([duplicate.statusCode, duplicate.json().code]).toEqual([409, 'core.compliance_exists']);
  expect((await ctx.call('PATCH', `/api/core/compliance/${id}`, clinic, {})).statusCode).toBe(400);
  expect(
    (await ctx.call('PATCH', `/api/core/compliance/${id}`, clinic, { issuedOn: '2027-06-01' })).json().code,
  ).toBe('core.document_expires_before_issue');

  // Another clinic's HR: a 404, as for an id that does not exist; nothing leaks into its list.
  const stranger = await ctx.clinic();
  const theirs = await ctx.call('PATCH', `/api/core/compliance/${id}`, stranger, { expiresOn: '2030-01-01' });
  expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'core.compliance_not_found']);
  expect((await ctx.call('GET', '/api/core/compliance', stranger)).json().data).toEqual([]);
  const otherLocation = await ctx.call('POST', '/api/core/locations', stranger, { name: 'Their branch' });
  expect(
    (
      await addDocument(clinic, {
        typeCode: 'ke-fire-safety',
        number: 'X-2',
        expiresOn: '2027-01-01',
        locationId: otherLocation.json().data.id,
      })
    ).statusCode,
  ).toBe(404);

  expect(await count()).toEqual(before);
  const [row] = await ctx.sql(
    `select expires_on::text, issued_on from core.compliance_documents where id = $1`,
    id,
  );
  expect(row).toEqual({ expires_on: '2027-01-31', issued_on: null });
  expect((await ctx.call('GET', '/api/core/compliance')).statusCode).toBe(401);
});

it('keeps a document’s scan or photo: a PDF or an image by its content, at most 5 MB, HR’s alone', async () => {
  const clinic = await ctx.clinic();
  const nurse = await ctx.member(clinic);
  const made = await addDocument(clinic, {
    typeCode: 'ke-nema-waste',
    number: 'NEMA/9',
    expiresOn: '2027-03-31',
  });
  const id = made.json().data.id as string;
  expect(made.json().data.file).toBeNull();
  const upload = (who: Persona, bytes: Buffer, type: string, name = 'NEMA licence 2026.pdf') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/core/compliance/${id}/file?name=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
      payload: bytes,
    });
  const download = (who: Persona) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/core/compliance/${id}/file`,
      headers: { authorization: `Bearer ${who.token}` },
    });

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const saved = await upload(clinic, pdf, 'application/pdf');
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data.file).toMatchObject({
    name: 'NEMA licence 2026.pdf',
    contentType: 'application/pdf',
    size: pdf.length,
  });
  const file = await download(clinic);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.headers['content-disposition']).toBe('attachment; filename="NEMA licence 2026.pdf"');
  expect(file.rawPayload.equals(pdf)).toBe(true);

  // Refused: not a PDF or an image (whatever it says it is), too large, staff, another clinic; nothing changes.
  const refused = await upload(clinic, Buffer.from('<html>not a licence</html>'), 'application/pdf');
  expect([refused.statusCode, refused.json().code]).toEqual([415, 'core.compliance_file_type']);
  const large = await upload(clinic, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'application/pdf');
  expect([large.statusCode, large.json().code]).toEqual([413, 'core.compliance_file_too_large']);
  expect((await upload(nurse, pdf, 'application/pdf')).statusCode).toBe(403);
  expect((await download(nurse)).statusCode).toBe(403);
  const stranger = await ctx.clinic();
  expect((await upload(stranger, pdf, 'application/pdf')).json().code).toBe('core.compliance_not_found');
  expect((await download(stranger)).statusCode).toBe(404);
  expect((await download(clinic)).rawPayload.equals(pdf)).toBe(true);

  // A photo of the renewed certificate replaces it: named for what it is.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64),
  ]);
  const photo = await upload(clinic, png, 'application/octet-stream', 'C:\\scans\\nema.pdf');
  expect(photo.json().data.file).toMatchObject({ name: 'nema.png', contentType: 'image/png', size: 72 });
  const list = await ctx.call('GET', '/api/core/compliance', clinic);
  expect(list.json().data[0].file).toMatchObject({ name: 'nema.png' });
  expect((await download(clinic)).headers['content-type']).toBe('image/png');
});
