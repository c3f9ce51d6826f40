import { startCore, type CoreContext, type Persona } from './helpers';

/** Policies: assignment, acknowledgement of the current version, new versions, reminders, who may do what. */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

interface Org {
  owner: Persona;
  places: Record<string, string>;
  /** Members by first name, each in the department named after them (`in`). */
  people: Record<string, Persona>;
}
/** A clinic with Maternity and Theatre, and members placed in them. */
async function setUp(members: Record<string, 'Maternity' | 'Theatre'>): Promise<Org> {
  const owner = await ctx.clinic();
  const places: Record<string, string> = {};
  for (const name of ['Maternity', 'Theatre']) {
    const res = await ctx.call('POST', '/api/core/departments', owner, { name });
    expect(res.statusCode).toBe(201);
    places[name] = res.json().data.id;
  }
  const people: Record<string, Persona> = {};
  for (const [name, department] of Object.entries(members)) {
    const p = await ctx.member(owner, { name: `${name} Member` });
    const [record] = await ctx.sql<{ id: string }>(
      `select id from core.staff_records where person_id = $1`,
      p.id,
    );
    const placed = await ctx.call('PATCH', `/api/core/staff/${record!.id}`, owner, {
      departmentId: places[department],
    });
    expect(placed.statusCode).toBe(200);
    people[name] = p;
  }
  return { owner, places, people };
}

const write = (who: Persona, assignment: unknown, title = 'Hand hygiene') =>
  ctx.call('POST', '/api/core/policies', who, {
    title,
    body: '<p>Wash your hands.</p><script>alert(1)</script>',
    assignment,
  });
const titles = async (who: Persona, query = '') =>
  (await ctx.call('GET', `/api/core/policies${query}`, who))
    .json()
    .data.map((p: { title: string }) => p.title);
const notices = (policyId: string, kind: string) =>
  ctx.sql<{ user_id: string }>(
    `select payload->'data'->>'userId' as user_id from core.outbox
     where type = 'core.notification.requested.v1' and payload->'data'->>'kind' = $1
       and payload->'data'->>'link' like '%' || $2 order by 1`,
    kind,
    policyId,
  );
/** Outbox rows about the policy: its notices, events and audit records. */
const mentions = async (policyId: string) =>
  (
    await ctx.sql<{ n: number }>(
      `select count(*)::int as n from core.outbox where payload::text like '%' || $1 || '%'`,
      policyId,
    )
  )[0]!.n;
const count = async (table: string) =>
  (await ctx.sql<{ n: number }>(`select count(*)::int as n from core.${table}`))[0]!.n;

it('publishes a policy to one department only, sanitised, with its notices, event and audit record', async () => {
  const { owner, places, people } = await setUp({ Amani: 'Maternity', Baraka: 'Theatre' });
  const made = await write(owner, { everyone: false, departmentIds: [places.Maternity] });
  expect(made.statusCode).toBe(201);
  const policy = made.json().data;
  expect(policy).toMatchObject({
    title: 'Hand hygiene',
    version: 1,
    assignment: { everyone: false, roles: [], departmentIds: [places.Maternity], locationIds: [] },
    completion: { acknowledged: 0, assigned: 1 },
  });

  expect(await titles(people.Amani!)).toEqual(['Hand hygiene']);
  expect(await titles(people.Baraka!)).toEqual([]);
  expect((await ctx.call('GET', `/api/core/policies/${policy.id}`, people.Baraka!)).statusCode).toBe(404);
  const read = await ctx.call('GET', `/api/core/policies/${policy.id}`, people.Amani!);
  expect(read.json().data).toMatchObject({
    body: '<p>Wash your hands.</p>',
    assignedToMe: true,
    acknowledgedAt: null,
    completion: null,
    people: null,
  });

  expect((await notices(policy.id, 'core.policy-published')).map((n) => n.user_id)).toEqual([
    people.Amani!.id,
  ]);
  const events = await ctx.sql<{ type: string }>(
    `select type from core.outbox where payload->'data'->>'policyId' = $1 or payload->'data'->'target'->>'id' = $1 order by seq`,
    policy.id,
  );
  expect(events.map((e) => e.type)).toEqual(['core.policy.published.v1', 'core.admin-action.recorded.v1']);
});

it('records who acknowledged which version when, once; a new version asks everyone again', async () => {
  const { owner, places, people } = await setUp({ Chausiku: 'Maternity', Daudi: 'Theatre' });
  const policy = (await write(owner, { everyone: false, departmentIds: [places.Maternity] })).json().data;
  const ack = (who: Persona, version: number) =>
    ctx.call('POST', `/api/core/policies/${policy.id}/acknowledge`, who, { version });

  const first = await ack(people.Chausiku!, 1);
  expect(first.statusCode).toBe(200);
  expect(first.json().data.acknowledgedAt).toBe(ctx.clock.at.toISOString());
  ctx.clock.set('2026-02-01');
  const again = await ack(people.Chausiku!, 1);
  expect(again.json().data.acknowledgedAt).toBe(first.json().data.acknowledgedAt);
  expect(
    await ctx.sql(
      `select version, person_id from core.policy_acknowledgements where policy_id = $1`,
      policy.id,
    ),
  ).toEqual([{ version: 1, person_id: people.Chausiku!.id }]);
  expect((await ack(people.Daudi!, 1)).statusCode).toBe(404);
  expect((await ack(people.Chausiku!, 2)).json()).toMatchObject({ code: 'core.policy_version_outdated' });
  const seen = await ctx.call('GET', `/api/core/policies/${policy.id}?status=acknowledged`, owner);
  expect(seen.json().data.completion).toEqual({ acknowledged: 1, assigned: 1 });
  expect(seen.json().data.people).toEqual([
    expect.objectContaining({ name: 'Chausiku Member', acknowledgedAt: first.json().data.acknowledgedAt }),
  ]);

  const v2 = await ctx.call('POST', `/api/core/policies/${policy.id}/versions`, owner, {
    body: '<p>Wash your hands for 20 seconds.</p>',
  });
  expect(v2.statusCode).toBe(201);
  expect(v2.json().data).toMatchObject({ version: 2, completion: { acknowledged: 0, assigned: 1 } });
  const mine = await ctx.call('GET', '/api/core/policies?mine=true', people.Chausiku!);
  expect(mine.json().data).toEqual([expect.objectContaining({ version: 2, acknowledgedAt: null })]);
  expect((await ack(people.Chausiku!, 1)).statusCode).toBe(409);
  expect((await ack(people.Chausiku!, 2)).statusCode).toBe(200);
  const pending = await ctx.call('GET', `/api/core/policies/${policy.id}?status=pending`, owner);
  expect(pending.json()).toMatchObject({ data: { people: [] }, pageInfo: { total: 0 } });
  expect((await notices(policy.id, 'core.policy-published')).map((n) => n.user_id)).toEqual([
    people.Chausiku!.id,
    people.Chausiku!.id,
  ]);
});

it('reminds only those who have not acknowledged; a manager follows only their departments', async () => {
  const { owner, places, people } = await setUp({
    Esther: 'Maternity',
    Fatuma: 'Maternity',
    Gabriel: 'Theatre',
  });
  const manager = await ctx.member(owner, { name: 'Hassan Manager' });
  const [record] = await ctx.sql<{ id: string }>(
    `select id from core.staff_records where person_id = $1`,
    manager.id,
  );
  expect(
    (
      await ctx.call('PUT', `/api/core/staff/${record!.id}/role`, owner, {
        role: 'manager',
        departmentIds: [places.Theatre],
      })
    ).statusCode,
  ).toBe(200);
  const policy = (await write(owner, { everyone: true })).json().data;
  expect(policy.completion).toEqual({ acknowledged: 0, assigned: 4 });
  await ctx.call('POST', `/api/core/policies/${policy.id}/acknowledge`, people.Esther!, { version: 1 });

  const reminded = await ctx.call('POST', `/api/core/policies/${policy.id}/remind`, owner);
  expect(reminded.statusCode).toBe(200);
  expect(reminded.json().data).toEqual({ reminded: 3 });
  expect((await notices(policy.id, 'core.policy-reminder')).map((n) => n.user_id).sort()).toEqual(
    [people.Fatuma!.id, people.Gabriel!.id, manager.id].sort(),
  );

  // The manager: Theatre and themselves; no reminders, no writing.
  const followed = await ctx.call('GET', `/api/core/policies/${policy.id}`, manager);
  expect(followed.json().data.completion).toEqual({ acknowledged: 0, assigned: 2 });
  expect(followed.json().data.people.map((p: { name: string }) => p.name)).toEqual([
    'Gabriel Member',
    'Hassan Manager',
  ]);
  expect((await ctx.call('GET', '/api/core/policies', manager)).json().data[0].completion).toEqual({
    acknowledged: 0,
    assigned: 2,
  });
  expect((await ctx.call('POST', `/api/core/policies/${policy.id}/remind`, manager)).statusCode).toBe(403);
  expect((await notices(policy.id, 'core.policy-reminder')).length).toBe(3);
});

it('refuses staff, managers, another organisation and bad input, changing nothing', async () => {
  const { owner, places, people } = await setUp({ Imani: 'Maternity' });
  const policy = (await write(owner, { everyone: false, roles: ['staff'] })).json().data;
  const stranger = await ctx.clinic();
  const strangerDept = (
    await ctx.call('POST', '/api/core/departments', stranger, { name: 'Maternity' })
  ).json().data.id;
  const before = {
    policies: await count('policies'),
    versions: await count('policy_versions'),
    acks: await count('policy_acknowledgements'),
    outbox: await mentions(policy.id),
  };

  expect((await write(people.Imani!, { everyone: true })).statusCode).toBe(403);
  expect((await write(ctx.persona('user'), { everyone: true })).statusCode).toBe(403);
  expect(
    (
      await ctx.call('POST', '/api/core/policies', undefined, {
        title: 'x',
        body: 'x',
        assignment: { everyone: true },
      })
    ).statusCode,
  ).toBe(401);
  const v = (who: Persona) =>
    ctx.call('POST', `/api/core/policies/${policy.id}/versions`, who, { body: '<p>Changed</p>' });
  expect((await v(people.Imani!)).statusCode).toBe(403);
  expect((await v(stranger)).statusCode).toBe(404);
  expect((await ctx.call('GET', `/api/core/policies/${policy.id}`, stranger)).statusCode).toBe(404);
  expect((await ctx.call('POST', `/api/core/policies/${policy.id}/remind`, stranger)).statusCode).toBe(404);
  expect((await ctx.call('POST', `/api/core/policies/${policy.id}/remind`, people.Imani!)).statusCode).toBe(
    403,
  );
  expect(
    (await ctx.call('POST', `/api/core/policies/${policy.id}/acknowledge`, stranger, { version: 1 }))
      .statusCode,
  ).toBe(404);
  expect(await titles(stranger)).toEqual([]);

  expect((await write(owner, { everyone: false })).json()).toMatchObject({
    code: 'core.policy_assignment_empty',
  });
  expect((await write(owner, { everyone: false, departmentIds: [strangerDept] })).statusCode).toBe(404);
  expect((await write(owner, { everyone: false, roles: ['owner'] })).statusCode).toBe(400);
  expect(
    (
      await ctx.call('POST', '/api/core/policies', owner, {
        title: 'Only a script',
        body: '<script>alert(1)</script>',
        assignment: { everyone: true },
      })
    ).statusCode,
  ).toBe(400);
  for (const body of [{}, { title: ' ', body: 'x', assignment: { everyone: true } }, { salary: 1 }])
    expect((await ctx.call('POST', '/api/core/policies', owner, body)).statusCode).toBe(400);
  expect(
    (await ctx.call('POST', `/api/core/policies/${policy.id}/acknowledge`, people.Imani!, {})).statusCode,
  ).toBe(400);
  expect((await ctx.call('GET', '/api/core/policies/not-a-uuid', owner)).statusCode).toBe(400);

  expect({
    policies: await count('policies'),
    versions: await count('policy_versions'),
    acks: await count('policy_acknowledgements'),
    outbox: await mentions(policy.id),
  }).toEqual(before);
  expect(places.Maternity).toBeDefined();
});

it('publishes a PDF as a new version: opened before acknowledged, checked by content, HR’s alone', async () => {
  const { owner, people } = await setUp({ Amina: 'Maternity', Baraka: 'Theatre' });
  const made = await write(owner, { everyone: true });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as string;
  expect(made.json().data).toMatchObject({ version: 1, file: null });
  const upload = (who: Persona, bytes: Buffer, name = 'Hand hygiene 2026.pdf') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/core/policies/${id}/file?name=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/pdf' },
      payload: bytes,
    });
  const open = (who: Persona) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/core/policies/${id}/file`,
      headers: { authorization: `Bearer ${who.token}` },
    });
  const acknowledge = (who: Persona, version: number) =>
    ctx.call('POST', `/api/core/policies/${id}/acknowledge`, who, { version });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  // Refused, nothing stored and no new version: a renamed web page, a photo, too large, staff, another clinic.
  const before = await count('policy_versions');
  const html = await upload(owner, Buffer.from('<html><script>x()</script></html>'));
  expect([html.statusCode, html.json().code]).toEqual([415, 'core.compliance_file_type']);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(8)]);
  const photo = await upload(owner, png);
  expect([photo.statusCode, photo.json().code]).toEqual([415, 'core.policy_file_type']);
  const large = await upload(owner, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]));
  expect([large.statusCode, large.json().message]).toEqual([413, 'The file must be at most 5 MB.']);
  expect((await upload(people.Amina!, pdf)).statusCode).toBe(403);
  const stranger = await ctx.clinic();
  expect((await upload(stranger, pdf)).statusCode).toBe(404);
  expect(await count('policy_versions')).toBe(before);
  expect(await count('policy_files')).toBe(0);

  // Amina acknowledged the text; the PDF is version 2, asked of everyone again.
  expect((await acknowledge(people.Amina!, 1)).statusCode).toBe(200);
  const published = await upload(owner, pdf);
  expect(published.statusCode).toBe(200);
  expect(published.json().data).toMatchObject({
    version: 2,
    file: { name: 'Hand hygiene 2026.pdf', contentType: 'application/pdf', size: pdf.length },
    completion: { acknowledged: 0 },
  });
  // Version 1's notice and version 2's, to each of the two.
  expect(await notices(id, 'core.policy-published')).toHaveLength(4);

  // Not opened yet: acknowledging is refused (409), nothing recorded.
  const unread = await acknowledge(people.Amina!, 2);
  expect([unread.statusCode, unread.json().code]).toEqual([409, 'core.policy_unread']);
  expect((await ctx.call('GET', `/api/core/policies/${id}`, people.Amina!)).json().data).toMatchObject({
    read: false,
    acknowledgedAt: null,
  });
  const file = await open(people.Amina!);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.headers['content-disposition']).toBe('attachment; filename="Hand hygiene 2026.pdf"');
  expect(file.rawPayload.equals(pdf)).toBe(true);
  expect((await ctx.call('GET', `/api/core/policies/${id}`, people.Amina!)).json().data.read).toBe(true);
  expect((await acknowledge(people.Amina!, 2)).statusCode).toBe(200);
  // Baraka has not opened it; another clinic cannot.
  expect((await acknowledge(people.Baraka!, 2)).json().code).toBe('core.policy_unread');
  expect((await open(stranger)).statusCode).toBe(404);
  const tracked = await ctx.call('GET', `/api/core/policies/${id}`, owner);
  expect(tracked.json().data.completion).toEqual({ acknowledged: 1, assigned: 2 });
});
