import { PDFDocument } from 'pdf-lib';
import {
  lastContractCode,
  staffIdOf as staffIdOfIn,
  startCore,
  type CoreContext,
  type Persona,
} from './helpers';

/**
 * Contracts against real Postgres and NATS: HR's template with merge fields, a nurse's contract made from it
 * and rendered to PDF, sent, signed by her and by HR each with the one-time code from their inbox (the
 * document's SHA-256 recorded with who, when, address and agent), the signed PDF with its signature page,
 * and anyone's check of a PDF (one changed byte: not genuine). Wrong, expired and used-up codes; another
 * organisation; a colleague signing someone else's; bad input changing nothing.
 */
jest.setTimeout(120_000);
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const TEMPLATE =
  'Employment contract between {{organisation}} and {{name}}.\n' +
  'Position: {{jobTitle}} at {{location}}, from {{startDate}} until {{ endDate }}.\n' +
  'Salary: {{salary}}. Probation: {{probation}}.';

const staffIdOf = (clinic: Persona, person: Persona) => staffIdOfIn(ctx, clinic, person);

const codeFor = (who: Persona, contractId: string) => lastContractCode(ctx, who, contractId);

const sign = (who: Persona, id: string, code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/core/contracts/${id}/sign`,
    headers: { authorization: `Bearer ${who.token}`, 'user-agent': 'Mozilla/5.0 (test phone)' },
    payload: { code },
  });
const check = (bytes: Buffer | Uint8Array) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/core/contracts/verify',
    headers: { 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });
const pdfOf = async (who: Persona, id: string) => {
  const res = await ctx.call('GET', `/api/core/contracts/${id}/pdf`, who);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};
const counts = async (orgId: string) =>
  (
    await ctx.sql<{ templates: number; contracts: number; signatures: number }>(
      `select (select count(*)::int from core.contract_templates where org_id = $1) as templates,
              (select count(*)::int from core.contracts where org_id = $1) as contracts,
              (select count(*)::int from core.contract_signatures s join core.contracts c on c.id = s.contract_id
                where c.org_id = $1) as signatures`,
      orgId,
    )
  )[0]!;

async function clinicWithNurse() {
  ctx.clock.set('2026-03-02');
  const clinic = await ctx.clinic({ name: 'Kliniki ya Thérèse' });
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const colleague = await ctx.member(clinic, { name: 'Beatrice Njeri', designation: 'Nurse' });
  const hrId = await staffIdOf(clinic, hr);
  expect(
    (await ctx.call('PUT', `/api/core/staff/${hrId}/role`, clinic, { role: 'hr-admin' })).statusCode,
  ).toBe(200);
  const nurseId = await staffIdOf(clinic, nurse);
  const location = (await ctx.call('POST', '/api/core/locations', clinic, { name: 'Mombasa Road' })).json()
    .data.id;
  expect(
    (
      await ctx.call('PATCH', `/api/core/staff/${nurseId}`, hr, {
        jobTitle: 'Registered Nurse',
        locationId: location,
      })
    ).statusCode,
  ).toBe(200);
  const template = await ctx.call('POST', '/api/core/contract-templates', hr, {
    name: 'Fixed-term nurse',
    body: TEMPLATE,
  });
  expect(template.statusCode).toBe(201);
  return { clinic, hr, nurse, colleague, nurseId, templateId: template.json().data.id as string };
}

it('HR makes a contract from a template with its merge fields, rendered to PDF; bad input changes nothing', async () => {
  const { clinic, hr, nurse, nurseId, templateId } = await clinicWithNurse();
  const listed = await ctx.call('GET', '/api/core/contract-templates', hr);
  expect(listed.json().data[0]).toMatchObject({
    name: 'Fixed-term nurse',
    fields: expect.arrayContaining(['organisation', 'name', 'jobTitle', 'salary', 'probation', 'endDate']),
  });

  const before = await counts(clinic.orgId!);
  // A field no contract fills; a blank name; a template for staff; another organisation's.
  const unknown = await ctx.call('POST', '/api/core/contract-templates', hr, {
    name: 'X',
    body: 'Dear {{nickname}}',
  });
  expect([unknown.statusCode, unknown.json().code]).toEqual([422, 'core.contract_field_unknown']);
  expect(
    (await ctx.call('POST', '/api/core/contract-templates', hr, { name: '  ', body: 'x' })).statusCode,
  ).toBe(400);
  expect(
    (await ctx.call('POST', '/api/core/contract-templates', nurse, { name: 'Y', body: 'x' })).statusCode,
  ).toBe(403);
  const dup = await ctx.call('POST', '/api/core/contract-templates', hr, {
    name: 'fixed-term NURSE',
    body: 'x',
  });
  expect([dup.statusCode, dup.json().code]).toEqual([409, 'core.contract_template_exists']);

  const body = {
    templateId,
    staffId: nurseId,
    salary: { amount: 85000, currency: 'KES', period: 'month' },
    probationMonths: 3,
    startDate: '2026-04-01',
    endDate: '2027-03-31',
  };
  expect(
    (
      await ctx.call('POST', '/api/core/contracts', hr, {
        ...body,
        salary: { amount: -1, currency: 'KES', period: 'month' },
      })
    ).statusCode,
  ).toBe(400);
  expect(
    (await ctx.call('POST', '/api/core/contracts', hr, { ...body, jobTitle: 'Nurse\nSalary: 1' })).statusCode,
  ).toBe(400);
  const dates = await ctx.call('POST', '/api/core/contracts', hr, { ...body, endDate: '2026-03-01' });
  expect([dates.statusCode, dates.json().code]).toEqual([422, 'core.contract_dates']);
  expect((await ctx.call('POST', '/api/core/contracts', nurse, body)).statusCode).toBe(403);
  const other = await ctx.clinic();
  expect((await ctx.call('POST', '/api/core/contracts', other, body)).statusCode).toBe(404);
  expect(await counts(clinic.orgId!)).toEqual(before);

  // A value that looks like a merge field is printed as written, never merged again.
  const made = await ctx.call('POST', '/api/core/contracts', hr, { ...body, location: '{{salary}} Wing' });
  expect(made.statusCode).toBe(201);
  const contract = made.json().data;
  expect(contract).toMatchObject({
    status: 'draft',
    personName: 'Amina Otieno',
    startDate: '2026-04-01',
    endDate: '2027-03-31',
  });
  expect(contract.body).toBe(
    'Employment contract between Kliniki ya Thérèse and Amina Otieno.\n' +
      'Position: Registered Nurse at {{salary}} Wing, from 2026-04-01 until 2027-03-31.\n' +
      'Salary: KES 85,000 per month. Probation: 3 months.',
  );
  // A draft is HR's: the nurse does not see it yet.
  expect((await ctx.call('GET', `/api/core/contracts/${contract.id}`, nurse)).statusCode).toBe(404);
  expect((await ctx.call('GET', '/api/core/contracts?mine=true', nurse)).json().pageInfo.total).toBe(0);
  const pdf = await PDFDocument.load(await pdfOf(hr, contract.id));
  expect(pdf.getTitle()).toBe(contract.title);
  expect(pdf.getPageCount()).toBe(1);
  const drafts = await ctx.call('GET', '/api/core/contracts?status=draft', hr);
  expect(drafts.json()).toMatchObject({ pageInfo: { total: 1 }, data: [{ id: contract.id }] });
});

it('sent, signed by the nurse and by HR each with the code from their inbox; the signed PDF checks genuine, a changed byte does not', async () => {
  const { clinic, hr, nurse, colleague, nurseId, templateId } = await clinicWithNurse();
  const id = (
    await ctx.call('POST', '/api/core/contracts', hr, {
      templateId,
      staffId: nurseId,
      salary: { amount: 85000, currency: 'KES', period: 'month' },
      probationMonths: 3,
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    })
  ).json().data.id as string;
  // Nothing to sign before it is sent.
  const early = await ctx.call('POST', `/api/core/contracts/${id}/code`, hr);
  expect([early.statusCode, early.json().code]).toEqual([409, 'core.contract_not_sent']);
  expect((await ctx.call('POST', `/api/core/contracts/${id}/send`, nurse)).statusCode).toBe(403);
  const sent = await ctx.call('POST', `/api/core/contracts/${id}/send`, hr);
  expect(sent.statusCode).toBe(200);
  expect(sent.json().data).toMatchObject({ status: 'sent', canSignAs: 'employer' });
  const documentSha = sent.json().data.pdfSha256 as string;
  expect(documentSha).toMatch(/^[0-9a-f]{64}$/);
  const again = await ctx.call('POST', `/api/core/contracts/${id}/send`, hr);
  expect([again.statusCode, again.json().code]).toEqual([409, 'core.contract_not_draft']);
  const told = await ctx.sql(
    `select 1 from core.outbox where payload->'data'->>'kind' = 'core.contract-to-sign' and payload->'data'->>'userId' = $1`,
    nurse.id,
  );
  expect(told).toHaveLength(1);
  expect((await ctx.call('GET', `/api/core/contracts/${id}`, nurse)).json().data.canSignAs).toBe('employee');

  // A colleague cannot ask for a code for someone else's contract, nor see it; another organisation neither.
  expect((await ctx.call('POST', `/api/core/contracts/${id}/code`, colleague)).statusCode).toBe(404);
  expect((await ctx.call('GET', `/api/core/contracts/${id}`, colleague)).statusCode).toBe(404);
  expect((await ctx.call('POST', `/api/core/contracts/${id}/code`, await ctx.clinic())).statusCode).toBe(404);
  const noCode = await sign(nurse, id, '123456');
  expect([noCode.statusCode, noCode.json().code]).toEqual([409, 'core.contract_code_missing']);

  // The nurse's code: stored only hashed; a wrong one counts a try; it expires after 15 minutes.
  const asked = await ctx.call('POST', `/api/core/contracts/${id}/code`, nurse);
  expect(asked.json().data).toMatchObject({ party: 'employee', attempts: 5 });
  const code = await codeFor(nurse, id);
  const stored = await ctx.sql<{ code_hash: string }>(
    `select code_hash from core.contract_codes where contract_id = $1`,
    id,
  );
  expect(stored[0]!.code_hash).not.toContain(code);
  const wrongCode = code === '000000' ? '000001' : '000000';
  const wrong = await sign(nurse, id, wrongCode);
  expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'core.contract_code_wrong']);
  // The colleague holding the nurse's code still cannot sign with it.
  expect((await sign(colleague, id, code)).statusCode).toBe(404);
  expect((await sign(nurse, id, 'abc')).statusCode).toBe(400);
  ctx.clock.at = new Date(ctx.clock.at.getTime() + 16 * 60_000);
  const expired = await sign(nurse, id, code);
  expect([expired.statusCode, expired.json().code]).toEqual([422, 'core.contract_code_expired']);
  expect((await counts(clinic.orgId!)).signatures).toBe(0);

  // Five wrong codes: the right one no longer works, a new code is needed.
  await ctx.call('POST', `/api/core/contracts/${id}/code`, nurse);
  const fresh = await codeFor(nurse, id);
  const other = fresh === '000000' ? '000001' : '000000';
  for (let i = 0; i < 5; i++) expect((await sign(nurse, id, other)).statusCode).toBe(422);
  const locked = await sign(nurse, id, fresh);
  expect([locked.statusCode, locked.json().code]).toEqual([422, 'core.contract_code_locked']);

  // A minute later (codes come at most once a minute), a new code.
  ctx.clock.at = new Date(ctx.clock.at.getTime() + 61_000);
  await ctx.call('POST', `/api/core/contracts/${id}/code`, nurse);
  const signedByNurse = await sign(nurse, id, await codeFor(nurse, id));
  expect(signedByNurse.statusCode).toBe(200);
  expect(signedByNurse.json().data).toMatchObject({
    status: 'sent',
    canSignAs: null,
    signatures: [{ party: 'employee', name: 'Amina Otieno', documentSha256: documentSha }],
  });
  const twice = await ctx.call('POST', `/api/core/contracts/${id}/code`, nurse);
  expect([twice.statusCode, twice.json().code]).toEqual([409, 'core.contract_already_signed']);

  // HR signs for the clinic: both signed, the signed PDF kept with its signature page.
  await ctx.call('POST', `/api/core/contracts/${id}/code`, hr);
  const done = await sign(hr, id, await codeFor(hr, id));
  expect(done.statusCode).toBe(200);
  const contract = done.json().data;
  expect(contract).toMatchObject({ status: 'signed', pdfSha256: documentSha });
  expect(contract.signatures.map((s: { party: string }) => s.party)).toEqual(['employee', 'employer']);

  const signedPdf = await pdfOf(nurse, id);
  const doc = await PDFDocument.load(signedPdf);
  expect(doc.getPageCount()).toBe(2);
  const genuine = await check(signedPdf);
  expect(genuine.statusCode).toBe(200);
  expect(genuine.json().data).toMatchObject({
    genuine: true,
    document: 'signed',
    sha256: contract.signedPdfSha256,
    contract: {
      id,
      organisation: 'Kliniki ya Thérèse',
      personName: 'Amina Otieno',
      status: 'signed',
      signatures: [
        { party: 'employee', name: 'Amina Otieno', documentSha256: documentSha },
        { party: 'employer', name: 'Halima Yusuf', documentSha256: documentSha },
      ],
    },
  });
  // The public check says nothing of addresses or agents; the record by id (HR, the person) does.
  expect(genuine.json().data.contract.signatures[0].ip).toBeUndefined();
  const record = await ctx.call('GET', `/api/core/contracts/${id}/verify`, hr);
  expect(record.json().data.signatures[0]).toMatchObject({
    userAgent: 'Mozilla/5.0 (test phone)',
    ip: expect.any(String),
  });
  expect((await ctx.call('GET', `/api/core/contracts/${id}/verify`, colleague)).statusCode).toBe(404);

  const tampered = Buffer.from(signedPdf);
  const middle = Math.floor(tampered.length / 2);
  tampered[middle] = tampered[middle]! ^ 1;
  expect((await check(tampered)).json().data).toMatchObject({ genuine: false, contract: null });
  const notPdf = await check(Buffer.from('hello'));
  expect([notPdf.statusCode, notPdf.json().code]).toEqual([415, 'core.contract_file_type']);

  // Once the start day comes it is active; the event and the audit entries are in the outbox.
  ctx.clock.set('2026-04-01');
  expect((await ctx.call('GET', `/api/core/contracts/${id}`, nurse)).json().data.status).toBe('active');
  expect((await ctx.call('GET', '/api/core/contracts?status=active', hr)).json().pageInfo.total).toBe(1);
  const events = await ctx.sql<{ type: string; action: string | null }>(
    `select type, payload->'data'->>'action' as action from core.outbox
      where payload->'data'->>'contractId' = $1 or payload->'data'->'target'->>'id' = $1 order by seq`,
    id,
  );
  expect(events.map((e) => e.action ?? e.type)).toEqual([
    'contract.create',
    'contract.send',
    'contract.sign',
    'contract.sign',
    'core.contract.signed.v1',
  ]);
  ctx.clock.set('2027-04-01');
  expect((await ctx.call('GET', `/api/core/contracts/${id}`, hr)).json().data.status).toBe('ended');
});

it('a signing code at most once a minute and five times an hour per contract and person: 429 with Retry-After', async () => {
  const { hr, nurse, nurseId, templateId } = await clinicWithNurse();
  const id = (
    await ctx.call('POST', '/api/core/contracts', hr, {
      templateId,
      staffId: nurseId,
      salary: { amount: 85000, currency: 'KES', period: 'month' },
      probationMonths: 3,
      startDate: '2026-04-01',
      endDate: '2027-03-31',
    })
  ).json().data.id as string;
  expect((await ctx.call('POST', `/api/core/contracts/${id}/send`, hr)).statusCode).toBe(200);
  const ask = (who: Persona) => ctx.call('POST', `/api/core/contracts/${id}/code`, who);
  const codesSent = async () =>
    (
      await ctx.sql<{ n: number }>(
        `select count(*)::int as n from core.outbox
          where payload->'data'->>'kind' = 'core.contract-code' and payload->'data'->>'link' like '%' || $1`,
        id,
      )
    )[0]!.n;

  expect((await ask(nurse)).statusCode).toBe(200);
  // A second within the minute: refused, and no new code is sent.
  const tooSoon = await ask(nurse);
  expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'core.contract_code_too_soon']);
  expect(tooSoon.json().message).toMatch(/wait \d+ seconds/);
  expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(await codesSent()).toBe(1);
  // Someone else on the same contract is counted apart: HR asks for the employer's code at once.
  expect((await ask(hr)).statusCode).toBe(200);

  // Four more, a minute apart: five in the hour; the sixth is refused until the first is an hour old.
  for (let i = 0; i < 4; i++) {
    ctx.clock.at = new Date(ctx.clock.at.getTime() + 61_000);
    expect((await ask(nurse)).statusCode).toBe(200);
  }
  ctx.clock.at = new Date(ctx.clock.at.getTime() + 61_000);
  const tooMany = await ask(nurse);
  expect([tooMany.statusCode, tooMany.json().code]).toEqual([429, 'core.contract_code_too_many']);
  expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(60);
  expect(await codesSent()).toBe(6);
  // Once the first request is an hour old, another code comes and signs.
  ctx.clock.at = new Date(ctx.clock.at.getTime() + 56 * 60_000);
  expect((await ask(nurse)).statusCode).toBe(200);
  expect((await sign(nurse, id, await codeFor(nurse, id))).statusCode).toBe(200);
});
