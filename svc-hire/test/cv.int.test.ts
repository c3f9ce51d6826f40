import postgres from 'postgres';
import { adminActionRecordedType, type AdminActionRecordedData } from '@platform/contracts';
import { eventually, readEvents } from '@platform/testing';
import { aJob, anApplication, startHire, type HireContext, type Persona } from './helpers';

let ctx: HireContext;
let clinic: Persona;
let colleague: Persona;
let otherClinic: Persona;
let admin: Persona;

beforeAll(async () => {
  ctx = await startHire();
  clinic = ctx.persona('Clinic');
  colleague = ctx.persona('Clinic', { orgId: clinic.orgId });
  otherClinic = ctx.persona('Clinic');
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

/** A small valid PDF whose text says `label`, padded to `size` bytes when given. */
function pdf(label: string, size = 0): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${label}\n`);
  const tail = Buffer.from('\ntrailer\n<<>>\n%%EOF\n');
  const pad = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, pad, tail]);
}

function upload(who: Persona | undefined, body: Buffer, name = 'My CV.pdf', type = 'application/pdf') {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/cv?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': type, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    payload: body,
  });
}
const myCv = async (who: Persona) => (await ctx.call('GET', '/api/cv', who)).json().data;
async function postJob(): Promise<string> {
  const res = await ctx.call('POST', '/api/job/add', clinic, aJob());
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
async function applyWithCv(jobId: string, who: Persona) {
  return ctx.call(
    'POST',
    '/api/application/apply',
    who,
    anApplication(jobId, { resumeUrl: undefined, useStoredCv: true }),
  );
}

describe('PUT /api/cv', () => {
  it('stores a PDF under a safe name and serves it back to its owner only, as a download', async () => {
    const amina = ctx.persona('user');
    const res = await upload(amina, pdf('amina'), '../../etc/Amina <Wanjiru> "CV".pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fileName: 'Amina _Wanjiru_ _CV.pdf', size: pdf('amina').length });
    expect(await myCv(amina)).toMatchObject({ fileName: 'Amina _Wanjiru_ _CV.pdf' });

    const file = await ctx.call('GET', '/api/cv/file', amina);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf('amina'))).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="Amina _Wanjiru_ _CV.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    // Another professional has none of their own and cannot reach hers.
    const baraka = ctx.persona('user');
    expect(await myCv(baraka)).toBeNull();
    expect((await ctx.call('GET', '/api/cv/file', baraka)).json().code).toBe('hire.cv_not_found');
    expect((await ctx.call('GET', '/api/cv/file')).statusCode).toBe(401);
    expect((await upload(undefined, pdf('x'))).statusCode).toBe(401);
    expect((await upload(clinic, pdf('x'))).statusCode).toBe(403);
  });

  it('refuses more than 5 MB with 413 and stores nothing; exactly 5 MB is accepted', async () => {
    const amina = ctx.persona('user');
    const tooBig = await upload(amina, pdf('big', 5 * 1024 * 1024 + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('hire.cv_too_large');
    expect(await myCv(amina)).toBeNull();
    const limit = await upload(amina, pdf('limit', 5 * 1024 * 1024));
    expect(limit.statusCode).toBe(200);
    expect((await myCv(amina)).size).toBe(5 * 1024 * 1024);
  });

  it.each([
    ['a PNG named .pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'application/pdf'],
    ['HTML named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'],
    ['a PDF header without its %%EOF trailer', Buffer.from('%PDF-1.4\n<html>cut off'), 'application/pdf'],
    ['an empty body', Buffer.alloc(0), 'application/pdf'],
    ['JSON', Buffer.from('{"a":1}'), 'application/json'],
  ])('refuses %s with 415 and stores nothing', async (_name, body, type) => {
    const amina = ctx.persona('user');
    const res = await upload(amina, body, 'cv.pdf', type);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('hire.cv_not_pdf');
    expect(await myCv(amina)).toBeNull();
  });

  it('judges by content, not by the declared type', async () => {
    const amina = ctx.persona('user');
    expect((await upload(amina, pdf('typed as text'), 'cv', 'text/plain')).statusCode).toBe(200);
    expect(await myCv(amina)).toMatchObject({ fileName: 'cv.pdf' });
  });
});

describe('replacing and deleting', () => {
  it('replaces the current CV; the clinic keeps the one an application was sent with', async () => {
    const amina = ctx.persona('user');
    const jobId = await postJob();
    await upload(amina, pdf('first'), 'first.pdf');
    const applied = await applyWithCv(jobId, amina);
    expect(applied.statusCode).toBe(201);
    const application = applied.json().data;
    expect(application).toMatchObject({ resumeUrl: '', cv: { fileName: 'first.pdf' } });

    await upload(amina, pdf('second'), 'second.pdf');
    expect(await myCv(amina)).toMatchObject({ fileName: 'second.pdf' });
    expect((await ctx.call('GET', '/api/cv/file', amina)).rawPayload.equals(pdf('second'))).toBe(true);
    const sent = await ctx.call('GET', `/api/application/${application.id}/cv`, clinic);
    expect(sent.statusCode).toBe(200);
    expect(sent.rawPayload.equals(pdf('first'))).toBe(true);
    expect(sent.headers['content-disposition']).toBe('attachment; filename="first.pdf"');

    const del = await ctx.call('DELETE', '/api/cv', amina);
    expect(del.statusCode).toBe(200);
    expect(await myCv(amina)).toBeNull();
    expect((await ctx.call('DELETE', '/api/cv', amina)).json().code).toBe('hire.cv_not_found');
    // The application still carries what was sent.
    expect((await ctx.call('GET', `/api/application/${application.id}/cv`, colleague)).statusCode).toBe(200);
  });

  it('drops the bytes of a replaced CV no application was sent with', async () => {
    const amina = ctx.persona('user');
    await upload(amina, pdf('one'));
    await upload(amina, pdf('two'));
    await upload(amina, pdf('three'));
    const sql = postgres(ctx.db.url, { max: 1 });
    try {
      const stored = async () =>
        (await sql`select count(*)::int as n from hire.cvs where user_id = ${amina.id}`)[0]!.n;
      expect(await stored()).toBe(1);
      await ctx.call('DELETE', '/api/cv', amina);
      expect(await stored()).toBe(0);
    } finally {
      await sql.end();
    }
  });
});

describe('applying with the stored CV', () => {
  it('needs exactly one of a link and the stored CV, and a stored CV to use', async () => {
    const amina = ctx.persona('user');
    const jobId = await postJob();
    const none = await ctx.call(
      'POST',
      '/api/application/apply',
      amina,
      anApplication(jobId, { resumeUrl: undefined }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('hire.cv_choice_required');
    const both = await ctx.call(
      'POST',
      '/api/application/apply',
      amina,
      anApplication(jobId, { useStoredCv: true }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('hire.cv_choice_required');
    const missing = await applyWithCv(jobId, amina);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('hire.cv_missing');
    // Nothing was recorded by any of these.
    const mine = (await ctx.call('GET', '/api/application/get', amina)).json();
    expect(mine.pageInfo.total).toBe(0);
    const job = (await ctx.call('GET', '/api/job/mine', clinic))
      .json()
      .data.find((j: { id: string }) => j.id === jobId);
    expect(job.applicantCount).toBe(0);
  });

  it('serves an application CV to its clinic, an admin and the applicant; 404 to anyone else', async () => {
    const amina = ctx.persona('user');
    const baraka = ctx.persona('user');
    const jobId = await postJob();
    await upload(amina, pdf('amina'));
    const id = (await applyWithCv(jobId, amina)).json().data.id;
    const url = `/api/application/${id}/cv`;
    for (const who of [clinic, colleague, admin, amina]) {
      const res = await ctx.call('GET', url, who);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf('amina'))).toBe(true);
    }
    for (const who of [otherClinic, baraka]) {
      const res = await ctx.call('GET', url, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('hire.cv_not_found');
    }
    // The admin's download alone is recorded for the audit log.
    const downloads = async () =>
      (
        await readEvents<AdminActionRecordedData>(
          ctx.natsUrl,
          `${ctx.prefix}${adminActionRecordedType('hire')}`,
        )
      ).filter((x) => x.data.target.id === id);
    const recorded = await eventually(async () => {
      const found = await downloads();
      return found.length ? found : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await downloads()).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({
      action: 'cv.download',
      actor: { id: admin.id, role: 'admin' },
      target: { module: 'hire', kind: 'application', id },
    });
    expect((await ctx.call('GET', url)).statusCode).toBe(401);
    // An application sent with a link has no stored CV to download.
    const linked = await ctx.call('POST', '/api/application/apply', baraka, anApplication(jobId));
    expect((await ctx.call('GET', `/api/application/${linked.json().data.id}/cv`, clinic)).statusCode).toBe(
      404,
    );
  });
});
