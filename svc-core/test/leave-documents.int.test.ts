import { startCore, staffIdOf, type CoreContext, type Persona } from './helpers';

/**
 * A leave request's document (a sick note) against real Postgres and NATS: attached after the request,
 * read by the person, their manager and HR alone, checked by its content and size, replaced and removed
 * while pending, audited; a request that needs one is approved only with it, or by HR with a reason.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

const upload = (who: Persona, id: string, bytes: Buffer, type: string, name = 'Sick note.pdf') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/core/leave/requests/${id}/file?name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
    payload: bytes,
  });
const download = (who: Persona, id: string) => ctx.call('GET', `/api/core/leave/requests/${id}/file`, who);
const remove = (who: Persona, id: string) => ctx.call('DELETE', `/api/core/leave/requests/${id}/file`, who);
const decide = (who: Persona, id: string, body: Record<string, unknown>) =>
  ctx.call('PATCH', `/api/core/leave/requests/${id}`, who, body);
/** The stored document of a request, straight from the table: [file name, bytes] or null. */
const stored = async (id: string) => {
  const [row] = await ctx.sql<{ file_name: string; content: Buffer }>(
    `select file_name, content from core.leave_request_files where request_id = $1`,
    id,
  );
  return row ? [row.file_name, Buffer.from(row.content).toString('base64')] : null;
};
const statusOf = async (id: string) =>
  (await ctx.sql<{ status: string }>(`select status from core.leave_requests where id = $1`, id))[0]!.status;
const auditOf = async (id: string) =>
  (
    await ctx.sql<{ action: string }>(
      `select payload->'data'->>'action' as action from core.outbox
        where type = 'core.admin-action.recorded.v1' and payload->'data'->'target'->>'id' = $1 order by seq`,
      id,
    )
  ).map((a) => a.action);
/** The titles (English) of the notices telling `userId` a leave request's document was attached. */
const documentNoticesTo = async (userId: string) =>
  (
    await ctx.sql<{ title: string }>(
      `select payload->'data'->'title'->>'en' as title from core.outbox
        where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
          and payload->'data'->>'kind' = 'core.leave-document-attached' order by seq`,
      userId,
    )
  ).map((n) => n.title);

/**
 * A clinic with an HR admin; a maternity ward with its manager and a nurse; a laboratory with its own
 * manager and a technician (the nurse's colleague, in another department).
 */
async function hospital() {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const manager = await ctx.member(clinic, { name: 'Grace Wanjiru' });
  const labManager = await ctx.member(clinic, { name: 'Peter Mwangi' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const tech = await ctx.member(clinic, { name: 'Brian Kiprop' });
  const department = async (name: string) =>
    (await ctx.call('POST', '/api/core/departments', clinic, { name })).json().data.id as string;
  const ward = await department('Maternity ward');
  const lab = await department('Laboratory');
  const role = async (who: Persona, body: Record<string, unknown>) =>
    expect(
      (await ctx.call('PUT', `/api/core/staff/${await staffIdOf(ctx, clinic, who)}/role`, clinic, body))
        .statusCode,
    ).toBe(200);
  await role(hr, { role: 'hr-admin' });
  await role(manager, { role: 'manager', departmentIds: [ward] });
  await role(labManager, { role: 'manager', departmentIds: [lab] });
  for (const [who, departmentId] of [
    [nurse, ward],
    [tech, lab],
  ] as const)
    expect(
      (
        await ctx.call('PATCH', `/api/core/staff/${await staffIdOf(ctx, clinic, who)}`, hr, {
          departmentId,
          startDate: '2020-05-01',
        })
      ).statusCode,
    ).toBe(200);
  const sick = (await ctx.call('GET', '/api/core/leave/types', nurse))
    .json()
    .data.find((t: { code: string }) => t.code === 'sick') as { id: string; documentsAfterDays: number };
  expect(sick.documentsAfterDays).toBe(2);
  const askSick = async (from: string, to: string) => {
    const res = await ctx.call('POST', '/api/core/leave/requests', nurse, { typeId: sick.id, from, to });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; days: number; documentRequired: boolean; document: unknown };
  };
  return { clinic, hr, manager, labManager, nurse, tech, askSick };
}

it('keeps a sick note sent after the request: read by the person, their manager and HR alone, checked, audited', async () => {
  ctx.clock.set('2026-03-05');
  const { clinic, hr, manager, labManager, nurse, tech, askSick } = await hospital();
  // Three days' sick leave (Monday to Wednesday) needs the medical certificate; none is attached yet.
  const asked = await askSick('2026-03-02', '2026-03-04');
  expect(asked).toMatchObject({ days: 3, documentRequired: true, document: null });
  const id = asked.id;
  expect((await download(nurse, id)).json().code).toBe('core.leave_document_not_found');

  // Not approved while the note is missing; a manager may not waive it; nothing changes.
  const blocked = await decide(manager, id, { status: 'approved' });
  expect([blocked.statusCode, blocked.json().code]).toEqual([409, 'core.leave_document_missing']);
  const waived = await decide(manager, id, { status: 'approved', withoutDocument: true, reason: 'Seen it' });
  expect([waived.statusCode, waived.json().code]).toEqual([403, 'core.leave_document_waiver_hr']);
  expect(await statusOf(id)).toBe('pending');
  const waiting = await ctx.call('GET', '/api/core/leave/requests?status=pending', manager);
  expect(waiting.json().data).toEqual([
    expect.objectContaining({ id, documentRequired: true, document: null, documentWaived: false }),
  ]);

  // The nurse attaches it; she, her ward's manager, HR and the owner read it back byte for byte.
  const attached = await upload(nurse, id, pdf, 'application/pdf');
  expect(attached.statusCode).toBe(200);
  expect(attached.json().data.document).toMatchObject({
    name: 'Sick note.pdf',
    contentType: 'application/pdf',
    size: pdf.length,
  });
  for (const who of [nurse, manager, hr, clinic]) {
    const file = await download(who, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Sick note.pdf"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  }
  const kept = await stored(id);

  // Refused, nothing stored or changed: a colleague, another department's manager, another clinic's HR
  // (all as if it did not exist); her manager changes none; a renamed web page; a file over 5 MB.
  const stranger = await ctx.clinic();
  for (const who of [tech, labManager, stranger]) {
    for (const res of [
      await download(who, id),
      await upload(who, id, png, 'image/png'),
      await remove(who, id),
    ])
      expect([res.statusCode, res.json().code]).toEqual([404, 'core.leave_request_not_found']);
  }
  expect((await upload(manager, id, png, 'image/png')).statusCode).toBe(403);
  expect((await remove(manager, id)).statusCode).toBe(403);
  const html = await upload(nurse, id, Buffer.from('<html><script>x()</script></html>'), 'application/pdf');
  expect([html.statusCode, html.json().code]).toEqual([415, 'core.compliance_file_type']);
  const large = await upload(
    nurse,
    id,
    Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]),
    'application/pdf',
  );
  expect([large.statusCode, large.json().code]).toEqual([413, 'core.compliance_file_too_large']);
  expect((await ctx.call('GET', `/api/core/leave/requests/${id}/file`)).statusCode).toBe(401);
  expect(await stored(id)).toEqual(kept);
  expect(await auditOf(id)).toEqual(['leave.document-attach']);
  // Her manager, who decides, is told the note came (HR is not: the ward has a manager).
  const told = `The document for Amina Otieno's sick leave (2026-03-02 – 2026-03-04) is attached`;
  expect(await documentNoticesTo(manager.id)).toEqual([told]);
  expect(await documentNoticesTo(hr.id)).toEqual([]);

  // She replaces it with a photo (named for what it is), removes it (approval is blocked again), and HR
  // attaches the scan of the paper note she handed in; her manager approves; then it is kept as it is.
  const photo = await upload(nurse, id, png, 'application/octet-stream', 'note.pdf');
  expect(photo.json().data.document).toMatchObject({ name: 'note.png', contentType: 'image/png', size: 72 });
  const mine = await ctx.call('GET', '/api/core/leave/requests?mine=true', nurse);
  expect(mine.json().data[0].document).toMatchObject({ name: 'note.png' });
  const removed = await remove(nurse, id);
  expect([removed.statusCode, removed.json().data.document]).toEqual([200, null]);
  expect((await remove(nurse, id)).json().code).toBe('core.leave_document_not_found');
  expect((await decide(manager, id, { status: 'approved' })).json().code).toBe('core.leave_document_missing');
  expect((await upload(hr, id, pdf, 'application/pdf', 'scan.pdf')).statusCode).toBe(200);
  const approved = await decide(manager, id, { status: 'approved' });
  expect(approved.statusCode).toBe(200);
  expect(approved.json().data).toMatchObject({
    status: 'approved',
    documentWaived: false,
    document: { name: 'scan.pdf' },
  });
  for (const res of [await upload(nurse, id, png, 'image/png'), await remove(nurse, id)])
    expect([res.statusCode, res.json().code]).toEqual([409, 'core.leave_not_pending']);
  expect((await download(manager, id)).rawPayload.equals(pdf)).toBe(true);
  // A replacement tells no one; HR's scan after the removal tells the manager again.
  expect(await documentNoticesTo(manager.id)).toEqual([told, told]);
  expect(await auditOf(id)).toEqual([
    'leave.document-attach',
    'leave.document-replace',
    'leave.document-remove',
    'leave.document-attach',
    'leave.approve',
  ]);
});

it('lets HR alone approve without the note, with a reason (audited); a short absence needs none', async () => {
  ctx.clock.set('2026-03-20');
  const { hr, manager, nurse, askSick } = await hospital();
  // Two days need no certificate: approved as before.
  const short = await askSick('2026-03-09', '2026-03-10');
  expect(short.documentRequired).toBe(false);
  expect((await decide(manager, short.id, { status: 'approved' })).statusCode).toBe(200);

  // Without a reason HR's waiver is refused; with one it is approved and says so, for everyone to see.
  const long = await askSick('2026-03-16', '2026-03-18');
  const bare = await decide(hr, long.id, { status: 'approved', withoutDocument: true });
  expect([bare.statusCode, bare.json().code]).toEqual([400, 'core.leave_document_waiver_reason']);
  expect(await statusOf(long.id)).toBe('pending');
  const reason = 'Admitted to hospital; the discharge summary will follow';
  const waived = await decide(hr, long.id, { status: 'approved', withoutDocument: true, reason });
  expect(waived.statusCode).toBe(200);
  expect(waived.json().data).toMatchObject({
    status: 'approved',
    documentWaived: true,
    document: null,
    decisionReason: reason,
  });
  const mine = await ctx.call('GET', '/api/core/leave/requests?mine=true', nurse);
  expect(mine.json().data.find((r: { id: string }) => r.id === long.id)).toMatchObject({
    documentWaived: true,
  });
  expect(await auditOf(long.id)).toEqual(['leave.approve-without-document']);

  // A decline needs no document.
  const other = await askSick('2026-03-23', '2026-03-25');
  const declined = await decide(manager, other.id, {
    status: 'declined',
    reason: 'Not on the rota those days',
  });
  expect([declined.statusCode, declined.json().data.documentWaived]).toEqual([200, false]);
});
