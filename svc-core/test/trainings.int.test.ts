import { randomUUID } from 'node:crypto';
import { EventsEvents, type CheckinRecordedData } from '@platform/svc-events/contract';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually } from '@platform/testing';
import { startCore, sweepEachDayOnTwoInstances, type CoreContext, type Persona } from './helpers';

/**
 * Trainings: each organisation's required trainings, members' completions, their expiry alerts (the
 * credentials' rows and sweep) and the dashboard's figures, against real Postgres and NATS on the test clock.
 */
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

type Type = { id: string; name: string; validityMonths: number | null };

const alertsOf = async (recordId: string) =>
  (
    await ctx.sql<{ milestone: string }>(
      `select milestone from core.expiry_alerts where kind = 'training' and subject_id = $1
       order by sent_at, milestone`,
      recordId,
    )
  ).map((r) => r.milestone);

/** The training notices to a person, oldest first: [kind, English title, link, e-mail, SMS]. */
const noticesTo = async (userId: string) =>
  ctx.sql<{ kind: string; title: string; link: string; email: string; sms: boolean }>(
    `select payload->'data'->>'kind' as kind, payload->'data'->'title'->>'en' as title,
       payload->'data'->>'link' as link, payload->'data'->>'email' as email,
       coalesce((payload->'data'->>'sms')::boolean, false) as sms from core.outbox
     where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
       and payload->'data'->>'kind' like 'core.training-%' order by seq`,
    userId,
  );

const typesOf = async (who: Persona): Promise<Type[]> =>
  (await ctx.call('GET', '/api/core/trainings/types', who)).json().data;
const typeNamed = async (who: Persona, prefix: string) =>
  (await typesOf(who)).find((t) => t.name.startsWith(prefix))!;

const staffIdOf = async (clinic: Persona, person: Persona) =>
  (await ctx.call('GET', '/api/core/staff', clinic))
    .json()
    .data.find((s: { personId: string }) => s.personId === person.id).id as string;

const addRecord = (who: Persona, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/core/trainings', who, body);

const statusesOf = async (who: Persona) =>
  Object.fromEntries(
    (await ctx.call('GET', '/api/core/trainings/me', who))
      .json()
      .data.map((t: { name: string; status: string }) => [t.name, t.status]),
  );

/** A clinic with an HR admin and a nurse. */
async function clinicWithHr() {
  const clinic = await ctx.clinic();
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const hrId = await staffIdOf(clinic, hr);
  expect(
    (await ctx.call('PUT', `/api/core/staff/${hrId}/role`, clinic, { role: 'hr-admin' })).statusCode,
  ).toBe(200);
  return { clinic, hr, nurse, nurseId: await staffIdOf(clinic, nurse) };
}

it('starts each organisation with BLS, infection prevention and fire safety, which HR may change', async () => {
  const { clinic, hr, nurse } = await clinicWithHr();
  const types = await typesOf(nurse);
  expect(types.map(({ name, validityMonths }) => ({ name, validityMonths }))).toEqual([
    { name: 'Basic Life Support (BLS)', validityMonths: 24 },
    { name: 'Fire safety', validityMonths: 12 },
    { name: 'Infection prevention and control', validityMonths: 12 },
  ]);
  expect(types[0]).toMatchObject({ everyone: false, professions: ['Doctor', 'Nurse', 'Clinical Officer'] });
  // Asked again, by another member: seeded once.
  expect(await typesOf(clinic)).toHaveLength(3);

  const fire = types.find((t) => t.name === 'Fire safety')!;
  const changed = await ctx.call('PATCH', `/api/core/trainings/types/${fire.id}`, hr, {
    validityMonths: 36,
    everyone: false,
    roles: ['hr-admin', 'manager'],
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.json().data).toMatchObject({
    name: 'Fire safety',
    validityMonths: 36,
    roles: ['hr-admin', 'manager'],
  });
  const added = await ctx.call('POST', '/api/core/trainings/types', clinic, {
    name: 'Hand hygiene',
    validityMonths: null,
    everyone: true,
  });
  expect(added.statusCode).toBe(201);
  expect(added.json().data).toMatchObject({ validityMonths: null, professions: [], roles: [] });
  const names = (await typesOf(clinic)).map((t) => t.name);
  expect(names).toEqual([
    'Basic Life Support (BLS)',
    'Fire safety',
    'Hand hygiene',
    'Infection prevention and control',
  ]);
  // The nurse no longer needs fire safety; the HR admin does, and not BLS.
  expect(Object.keys(await statusesOf(nurse))).toEqual([
    'Basic Life Support (BLS)',
    'Hand hygiene',
    'Infection prevention and control',
  ]);
  expect(Object.keys(await statusesOf(hr))).toEqual([
    'Fire safety',
    'Hand hygiene',
    'Infection prevention and control',
  ]);
});

it('shows one’s required trainings as valid, expiring, expired or missing', async () => {
  ctx.clock.set('2026-03-01');
  const { nurse } = await clinicWithHr();
  const bls = await typeNamed(nurse, 'Basic Life Support');
  const ipc = await typeNamed(nurse, 'Infection prevention');
  const fire = await typeNamed(nurse, 'Fire safety');
  expect(await statusesOf(nurse)).toEqual({
    'Basic Life Support (BLS)': 'missing',
    'Fire safety': 'missing',
    'Infection prevention and control': 'missing',
  });
  // Recorded by the nurse herself (no staffId): unverified until HR checks the certificate.
  const own = await addRecord(nurse, {
    typeId: bls.id,
    completedOn: '2025-11-20',
    certificateRef: 'RC-2025/118',
  });
  expect(own.statusCode).toBe(201);
  expect(own.json().data).toMatchObject({
    expiresOn: '2027-11-20',
    status: 'valid',
    source: 'manual',
    verified: false,
    certificateRef: 'RC-2025/118',
    personName: 'Amina Otieno',
  });
  expect((await addRecord(nurse, { typeId: ipc.id, completedOn: '2025-04-15' })).statusCode).toBe(201);
  expect((await addRecord(nurse, { typeId: fire.id, completedOn: '2025-02-10' })).statusCode).toBe(201);
  const mine = (await ctx.call('GET', '/api/core/trainings/me', nurse)).json().data;
  expect(mine).toEqual([
    {
      typeId: bls.id,
      name: 'Basic Life Support (BLS)',
      validityMonths: 24,
      status: 'valid',
      completedOn: '2025-11-20',
      expiresOn: '2027-11-20',
    },
    expect.objectContaining({ name: 'Fire safety', status: 'expired', expiresOn: '2026-02-10' }),
    expect.objectContaining({
      name: 'Infection prevention and control',
      status: 'expiring',
      expiresOn: '2026-04-15',
    }),
  ]);
  // The owner has no staff record of their own.
  const clinic = await ctx.clinic();
  expect((await ctx.call('GET', '/api/core/trainings/me', clinic)).statusCode).toBe(404);
});

it('alerts the member and HR at 90, 60 and 30 days and on the day, each once across two instances and a restart', async () => {
  ctx.clock.set('2026-01-10');
  const { clinic, hr, nurse, nurseId } = await clinicWithHr();
  const bystander = await ctx.member(clinic);
  const bls = await typeNamed(clinic, 'Basic Life Support');
  const res = await addRecord(hr, { staffId: nurseId, typeId: bls.id, completedOn: '2024-06-30' });
  expect(res.statusCode).toBe(201);
  expect(res.json().data).toMatchObject({ expiresOn: '2026-06-30', verified: true, status: 'valid' });
  const id = res.json().data.id as string;

  await sweepEachDayOnTwoInstances(ctx, () => alertsOf(id));

  const kinds = ['days-90', 'days-60', 'days-30', 'expires-today', 'expired'].map(
    (m) => `core.training-${m}`,
  );
  const toNurse = await noticesTo(nurse.id);
  expect(toNurse.map((n) => n.kind)).toEqual(kinds);
  expect(toNurse[2]).toEqual({
    kind: 'core.training-days-30',
    title: 'Your Basic Life Support (BLS) training expires in 30 days',
    link: '/hr/me',
    email: 'now',
    sms: true, // the holder's phone too, where the platform sends SMS
  });
  for (const who of [clinic, hr]) {
    const notices = await noticesTo(who.id);
    expect(notices.map((n) => n.kind)).toEqual(kinds);
    expect(notices[4]).toEqual({
      kind: 'core.training-expired',
      title: "Amina Otieno's Basic Life Support (BLS) training has expired",
      link: '/hr/trainings',
      email: 'now',
      sms: false, // HR reads it in the inbox
    });
  }
  expect(await noticesTo(bystander.id)).toEqual([]);
});

it('a newer completion renews the older one: its remaining alerts stop and the new one’s begin in their time', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, nurse, nurseId } = await clinicWithHr();
  const ipc = await typeNamed(clinic, 'Infection prevention');
  const first = await addRecord(clinic, { staffId: nurseId, typeId: ipc.id, completedOn: '2025-04-15' });
  const firstId = first.json().data.id as string;
  expect(await alertsOf(firstId)).toEqual(['days-60']); // 45 days before: at once, not at the next sweep

  ctx.clock.set('2026-03-20');
  await ctx.app.sweep();
  expect(await alertsOf(firstId)).toEqual(['days-60', 'days-30']);

  const renewal = await addRecord(nurse, { typeId: ipc.id, completedOn: '2026-03-18' });
  expect(renewal.statusCode).toBe(201);
  const renewalId = renewal.json().data.id as string;
  for (const day of ['2026-04-15', '2026-04-16', '2026-05-01']) {
    ctx.clock.set(day);
    await ctx.app.sweep();
  }
  expect(await alertsOf(firstId)).toEqual(['days-60', 'days-30']);
  expect(await alertsOf(renewalId)).toEqual([]);
  ctx.clock.set('2026-12-18');
  await ctx.app.sweep();
  expect(await alertsOf(renewalId)).toEqual(['days-90']);

  // An older certificate found later is recorded as already renewed: it alerts nothing.
  const older = await addRecord(clinic, { staffId: nurseId, typeId: ipc.id, completedOn: '2024-01-05' });
  expect(older.json().data).toMatchObject({ renewed: true, status: 'expired' });
  await ctx.app.sweep();
  expect(await alertsOf(older.json().data.id)).toEqual([]);

  const list = await ctx.call('GET', `/api/core/trainings?staffId=${nurseId}&typeId=${ipc.id}`, clinic);
  expect(
    list.json().data.map((r: { completedOn: string; renewed: boolean }) => [r.completedOn, r.renewed]),
  ).toEqual([
    ['2026-03-18', false],
    ['2025-04-15', true],
    ['2024-01-05', true],
  ]);
  expect((await statusesOf(nurse))['Infection prevention and control']).toBe('expiring');
});

it('lists completions within one’s scope, and shows the trainings’ completion on the dashboard', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, hr, nurse, nurseId } = await clinicWithHr();
  const doctor = await ctx.member(clinic, { name: 'Dr Baraka Mwita', designation: 'Doctor' });
  const manager = await ctx.member(clinic, { name: 'Mwangi Kamau' });
  const department = await ctx.call('POST', '/api/core/departments', clinic, { name: 'Wards' });
  const ward = department.json().data.id as string;
  const managerId = await staffIdOf(clinic, manager);
  expect(
    (
      await ctx.call('PUT', `/api/core/staff/${managerId}/role`, clinic, {
        role: 'manager',
        departmentIds: [ward],
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await ctx.call('PATCH', `/api/core/staff/${nurseId}`, clinic, { departmentId: ward })).statusCode,
  ).toBe(200);

  const empty = (await ctx.call('GET', '/api/core/dashboard', clinic)).json().data.trainings;
  // Four members (HR admin, nurse, doctor, manager; the owner has no record) need infection prevention and
  // fire safety; the nurse and the doctor need BLS too.
  expect(empty).toEqual({
    required: 10,
    valid: 0,
    expiring: { within30: 0, within60: 0, within90: 0 },
    expired: 0,
    missing: 10,
  });

  const bls = await typeNamed(clinic, 'Basic Life Support');
  const ipc = await typeNamed(clinic, 'Infection prevention');
  const fire = await typeNamed(clinic, 'Fire safety');
  const doctorId = await staffIdOf(clinic, doctor);
  for (const [staffId, typeId, completedOn] of [
    [nurseId, bls.id, '2025-01-10'], // valid until 2027
    [nurseId, ipc.id, '2025-03-20'], // expires in 19 days
    [doctorId, ipc.id, '2025-04-20'], // in 50 days
    [doctorId, fire.id, '2025-05-20'], // in 80 days
    [await staffIdOf(clinic, hr), fire.id, '2025-01-05'], // expired
  ] as const)
    expect((await addRecord(hr, { staffId, typeId, completedOn })).statusCode).toBe(201);
  expect((await ctx.call('GET', '/api/core/dashboard', clinic)).json().data.trainings).toEqual({
    required: 10,
    valid: 4,
    expiring: { within30: 1, within60: 2, within90: 3 },
    expired: 1,
    missing: 5,
  });
  // The manager counts and lists their ward (the nurse) and themselves.
  expect((await ctx.call('GET', '/api/core/dashboard', manager)).json().data.trainings).toEqual({
    required: 5,
    valid: 2,
    expiring: { within30: 1, within60: 1, within90: 1 },
    expired: 0,
    missing: 3,
  });
  const theirs = await ctx.call('GET', '/api/core/trainings', manager);
  expect(theirs.json().data.map((r: { personName: string }) => r.personName)).toEqual([
    'Amina Otieno',
    'Amina Otieno',
  ]);
  // Staff read their own only, whatever they ask.
  const doctorsOwn = await ctx.call('GET', `/api/core/trainings?staffId=${nurseId}`, doctor);
  expect(doctorsOwn.json().data).toEqual([]);
  expect((await ctx.call('GET', '/api/core/trainings', doctor)).json().pageInfo.total).toBe(2);
  const soon = await ctx.call('GET', '/api/core/trainings?expiringWithin=60&limit=1', hr);
  expect(soon.json().data[0]).toMatchObject({ personName: 'Amina Otieno', expiresOn: '2026-03-20' });
  expect(soon.json().pageInfo).toEqual({ page: 1, limit: 1, total: 2 });
  expect((await ctx.call('GET', '/api/core/dashboard', nurse)).statusCode).toBe(403);
});

it('refuses others’ writes, bad input and another organisation’s ids, changing nothing', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, nurse, nurseId } = await clinicWithHr();
  const colleague = await ctx.member(clinic, { designation: 'Nurse' });
  const colleagueId = await staffIdOf(clinic, colleague);
  const bls = await typeNamed(clinic, 'Basic Life Support');
  const manager = await ctx.member(clinic);
  await ctx.call('PUT', `/api/core/staff/${await staffIdOf(clinic, manager)}/role`, clinic, {
    role: 'manager',
  });
  const counts = async () =>
    (
      await ctx.sql<{ records: number; types: number; mine: string }>(
        `select (select count(*)::int from core.training_records) as records,
           (select count(*)::int from core.training_types) as types,
           (select string_agg(name || validity_months, ',' order by name) from core.training_types where org_id = $1) as mine`,
        clinic.orgId,
      )
    )[0];
  const before = await counts();

  for (const who of [nurse, manager]) {
    expect(
      (
        await ctx.call('POST', '/api/core/trainings/types', who, {
          name: 'X-ray safety',
          validityMonths: 12,
          everyone: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('PATCH', `/api/core/trainings/types/${bls.id}`, who, { validityMonths: 120 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await addRecord(who, { staffId: colleagueId, typeId: bls.id, completedOn: '2026-01-01' })).statusCode,
    ).toBe(403);
  }

  const bad = [
    {},
    { typeId: bls.id, completedOn: '2026-02-30' },
    { typeId: bls.id, completedOn: '01/02/2026' },
    { typeId: bls.id, completedOn: '2026-03-02' }, // tomorrow
    { typeId: 'not-a-uuid', completedOn: '2026-01-01' },
    { typeId: bls.id, completedOn: '2026-01-01', certificateRef: '' },
    { typeId: bls.id, completedOn: '2026-01-01', source: 'events' },
  ];
  for (const body of bad) expect((await addRecord(nurse, body)).statusCode).toBe(400);
  expect((await addRecord(nurse, bad[3]!)).json().code).toBe('core.training_in_future');
  for (const body of [
    {},
    { name: 'A' },
    { validityMonths: 0 },
    { validityMonths: 1.5 },
    { roles: ['owner', 'owner'] },
    { professions: ['Astronaut'] },
  ])
    expect((await ctx.call('PATCH', `/api/core/trainings/types/${bls.id}`, clinic, body)).statusCode).toBe(
      400,
    );
  const duplicate = await ctx.call('POST', '/api/core/trainings/types', clinic, {
    name: 'fire SAFETY',
    validityMonths: 12,
    everyone: true,
  });
  expect([duplicate.statusCode, duplicate.json().code]).toEqual([409, 'core.training_type_exists']);

  // Another clinic's HR: the member, the training and the records are a 404 or nothing.
  const stranger = await ctx.clinic();
  const theirStaff = await addRecord(stranger, {
    staffId: nurseId,
    typeId: bls.id,
    completedOn: '2026-01-01',
  });
  expect([theirStaff.statusCode, theirStaff.json().code]).toEqual([404, 'core.staff_not_found']);
  const theirType = await ctx.call('PATCH', `/api/core/trainings/types/${bls.id}`, stranger, {
    validityMonths: 1,
  });
  expect([theirType.statusCode, theirType.json().code]).toEqual([404, 'core.training_type_not_found']);
  const strangerMember = await ctx.member(stranger);
  const foreignType = await addRecord(stranger, {
    staffId: await staffIdOf(stranger, strangerMember),
    typeId: bls.id,
    completedOn: '2026-01-01',
  });
  expect([foreignType.statusCode, foreignType.json().code]).toEqual([404, 'core.training_type_not_found']);

  expect(await counts()).toEqual({ ...before, types: before!.types + 3 }); // the stranger's defaults
  expect((await addRecord(nurse, { typeId: bls.id, completedOn: '2026-01-01' })).statusCode).toBe(201);
  const again = await addRecord(clinic, { staffId: nurseId, typeId: bls.id, completedOn: '2026-01-01' });
  expect([again.statusCode, again.json().code]).toEqual([409, 'core.training_exists']);
  expect((await ctx.call('GET', `/api/core/trainings?staffId=${nurseId}`, stranger)).json().data).toEqual([]);
  expect((await ctx.call('GET', '/api/core/trainings')).statusCode).toBe(401);
});

it('records the trainings an Events check-in’s tags name, and the CPD points on the person’s record, once', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, nurse, nurseId } = await clinicWithHr();
  await typesOf(clinic);
  const events = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-events' });
  await events.ensureStream('events');
  const checkin = (over: Partial<CheckinRecordedData>): CheckinRecordedData => ({
    registrationId: randomUUID(),
    eventId: randomUUID(),
    userId: nurse.id,
    checkedInAt: '2026-02-14T07:30:00.000Z',
    cpdPoints: 3,
    eventTitle: 'Resuscitation update',
    eventDate: '2026-02-14',
    tags: ['CPD', ' bls '],
    ...over,
  });
  const recordsOf = async () =>
    (await ctx.call('GET', `/api/core/trainings?staffId=${nurseId}`, clinic)).json().data as {
      typeName: string;
      source: string;
      completedOn: string;
    }[];
  try {
    const first = makeEnvelope(EventsEvents.checkinRecorded, checkin({}));
    await events.publish(first);
    const [bls] = await eventually(async () => {
      const found = await recordsOf();
      return found.length ? found : undefined;
    });
    expect(bls).toMatchObject({
      typeName: 'Basic Life Support (BLS)',
      source: 'events',
      completedOn: '2026-02-14',
      expiresOn: '2028-02-14',
      verified: true,
      eventId: first.data.eventId,
      certificateRef: null,
    });
    // Delivered again, or published again for the same registration: nothing more.
    await events.publish(first);
    await events.publish(makeEnvelope(EventsEvents.checkinRecorded, first.data));
    // Another event: a tag naming infection prevention in other words' case and spacing counts; "Fire" names
    // no training by itself.
    await events.publish(
      makeEnvelope(
        EventsEvents.checkinRecorded,
        checkin({
          cpdPoints: 2,
          eventDate: '2026-02-20',
          tags: ['infection  prevention and CONTROL', 'Fire'],
        }),
      ),
    );
    await eventually(async () => ((await recordsOf()).length >= 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500)); // time for any redelivery to (wrongly) add a third
    expect((await recordsOf()).map((r) => [r.typeName, r.completedOn])).toEqual([
      ['Infection prevention and control', '2026-02-20'],
      ['Basic Life Support (BLS)', '2026-02-14'],
    ]);
    expect((await statusesOf(nurse))['Fire safety']).toBe('missing');
    const me = await ctx.call('GET', '/api/core/staff/me', nurse);
    expect(me.json().data.cpdPoints).toBe(5);
    expect((await ctx.call('GET', `/api/core/staff/${nurseId}`, clinic)).json().data.cpdPoints).toBe(5);
  } finally {
    await events.close();
  }
});

it('lets HR mark a completion a member recorded themselves as checked, once; nobody else', async () => {
  ctx.clock.set('2026-03-01');
  const { clinic, hr, nurse } = await clinicWithHr();
  const bls = await typeNamed(nurse, 'Basic Life Support');
  const own = await addRecord(nurse, { typeId: bls.id, completedOn: '2026-02-01', certificateRef: 'RC/77' });
  const id = own.json().data.id as string;
  expect(own.json().data.verified).toBe(false);
  const verify = (who: Persona) => ctx.call('POST', `/api/core/trainings/${id}/verify`, who);

  const manager = await ctx.member(clinic);
  await ctx.call('PUT', `/api/core/staff/${await staffIdOf(clinic, manager)}/role`, clinic, {
    role: 'manager',
  });
  for (const who of [nurse, manager]) expect((await verify(who)).statusCode).toBe(403);
  const stranger = await ctx.clinic();
  const theirs = await verify(stranger);
  expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'core.training_not_found']);
  const [before] = await ctx.sql<{ verified: boolean }>(
    `select verified from core.training_records where id = $1`,
    id,
  );
  expect(before).toEqual({ verified: false });

  const checked = await verify(hr);
  expect(checked.statusCode).toBe(200);
  expect(checked.json().data).toMatchObject({ id, verified: true, certificateRef: 'RC/77' });
  expect((await verify(clinic)).json().data.verified).toBe(true);
  const audit = await ctx.sql<{ action: string }>(
    `select payload->'data'->>'action' as action from core.outbox
     where type = 'core.admin-action.recorded.v1' and payload->'data'->'target'->>'id' = $1`,
    id,
  );
  expect(audit).toEqual([{ action: 'training.verify' }]);
});
