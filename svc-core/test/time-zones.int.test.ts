import { startCore, staffIdOf, type CoreContext, type Persona } from './helpers';

/**
 * "Today" is each organisation's, in its time zone, against real Postgres and NATS on the test clock: what
 * expires or has expired, and the expiry sweep's alerts, fall on the organisation's own day boundary (Kiribati's
 * Line Islands, UTC+14, a day ahead of Nairobi; Los Angeles, UTC−7 in June, behind it), each alert once.
 */
let ctx: CoreContext;
let nck: string;
let other: Awaited<ReturnType<CoreContext['secondInstance']>> | undefined;
beforeAll(async () => {
  ctx = await startCore();
  const councils = await ctx.call('GET', '/api/core/councils?country=KE', ctx.persona('user'));
  nck = councils.json().data.find((c: { code: string }) => c.code === 'ke-nck').id;
});
afterAll(async () => ctx?.close());

const KIRITIMATI = 'Pacific/Kiritimati';
const LOS_ANGELES = 'America/Los_Angeles';
/** The instants the tests stand at (UTC), and the day each is in Kiritimati, Nairobi and Los Angeles. */
const SAVED = '2026-06-20T06:00:00Z'; // 06-20, 06-20, 06-19
const KIRITIMATI_BEFORE_MIDNIGHT = '2026-06-29T09:00:00Z'; // 06-29 23:00, 06-29, 06-29
const KIRITIMATI_AFTER_MIDNIGHT = '2026-06-29T10:30:00Z'; // 06-30 00:30, 06-29, 06-29
const NAIROBI_AFTER_MIDNIGHT = '2026-06-29T21:30:00Z'; // 06-30, 06-30 00:30, 06-29
const LOS_ANGELES_BEFORE_MIDNIGHT = '2026-06-30T06:30:00Z'; // 06-30, 06-30, 06-29 23:30
const LOS_ANGELES_AFTER_MIDNIGHT = '2026-06-30T07:30:00Z'; // 06-30, 06-30, 06-30 00:30
const KIRITIMATI_NEXT_DAY = '2026-06-30T10:30:00Z'; // 07-01 00:30, 06-30, 06-30
const EXPIRES = '2026-06-30';

const at = (instant: string) => {
  ctx.clock.at = new Date(instant);
};

/** The sweep three times at once on two instances, as the scheduled job may: each alert once. */
async function sweep() {
  other ??= await ctx.secondInstance();
  await Promise.all([ctx.app.sweep(), other.sweep(), ctx.app.sweep()]);
}

const alertsOf = async (kind: string, subjectId: string) =>
  (
    await ctx.sql<{ milestone: string }>(
      `select milestone from core.expiry_alerts where kind = $1 and subject_id = $2 order by sent_at, milestone`,
      kind,
      subjectId,
    )
  ).map((r) => r.milestone);

const noticeKindsTo = async (userId: string, like: string) =>
  (
    await ctx.sql<{ kind: string }>(
      `select payload->'data'->>'kind' as kind from core.outbox
        where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
          and payload->'data'->>'kind' like $2 order by seq`,
      userId,
      like,
    )
  ).map((r) => r.kind);

/** A clinic whose HR set its time zone (none: East Africa Time, as every organisation starts). */
async function clinicIn(timeZone?: string): Promise<Persona> {
  const clinic = await ctx.clinic();
  if (timeZone) {
    const res = await ctx.call('PATCH', '/api/core/organisation', clinic, { timeZone });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.timeZone).toBe(timeZone);
  }
  return clinic;
}

it("a document expires, and is alerted, on its organisation's day: Kiribati first, then Nairobi, then Los Angeles", async () => {
  at(SAVED);
  const clinics = {
    kiritimati: await clinicIn(KIRITIMATI),
    nairobi: await clinicIn(),
    losAngeles: await clinicIn(LOS_ANGELES),
  };
  const ids = {} as Record<keyof typeof clinics, string>;
  for (const [name, clinic] of Object.entries(clinics) as [keyof typeof clinics, Persona][]) {
    const res = await ctx.call('POST', '/api/core/compliance', clinic, {
      typeCode: 'ke-fire-safety',
      number: `FS/${name}`,
      expiresOn: EXPIRES,
    });
    expect(res.statusCode).toBe(201);
    ids[name] = res.json().data.id;
  }
  // Saved 10 or 11 days before: the 30-day window's alert at once, in each organisation.
  const sent = async () => ({
    kiritimati: await alertsOf('compliance-document', ids.kiritimati),
    nairobi: await alertsOf('compliance-document', ids.nairobi),
    losAngeles: await alertsOf('compliance-document', ids.losAngeles),
  });
  expect(await sent()).toEqual({ kiritimati: ['days-30'], nairobi: ['days-30'], losAngeles: ['days-30'] });
  const documentOf = async (clinic: Persona) =>
    (await ctx.call('GET', '/api/core/compliance', clinic)).json().data[0] as {
      status: string;
      daysLeft: number;
    };

  at(KIRITIMATI_BEFORE_MIDNIGHT);
  await sweep();
  expect(await sent()).toEqual({ kiritimati: ['days-30'], nairobi: ['days-30'], losAngeles: ['days-30'] });
  expect(await documentOf(clinics.kiritimati)).toMatchObject({ status: 'expiring', daysLeft: 1 });

  // Midnight in Kiritimati: its document expires today there, while Nairobi's has a day left.
  at(KIRITIMATI_AFTER_MIDNIGHT);
  expect(await documentOf(clinics.kiritimati)).toMatchObject({ status: 'expiring', daysLeft: 0 });
  expect(await documentOf(clinics.nairobi)).toMatchObject({ status: 'expiring', daysLeft: 1 });
  await sweep();
  await sweep();
  expect(await sent()).toEqual({
    kiritimati: ['days-30', 'expires-today'],
    nairobi: ['days-30'],
    losAngeles: ['days-30'],
  });

  at(NAIROBI_AFTER_MIDNIGHT);
  await sweep();
  expect(await sent()).toEqual({
    kiritimati: ['days-30', 'expires-today'],
    nairobi: ['days-30', 'expires-today'],
    losAngeles: ['days-30'],
  });

  at(LOS_ANGELES_BEFORE_MIDNIGHT);
  await sweep();
  expect((await sent()).losAngeles).toEqual(['days-30']);
  expect(await documentOf(clinics.losAngeles)).toMatchObject({ daysLeft: 1 });
  at(LOS_ANGELES_AFTER_MIDNIGHT);
  await sweep();
  expect((await sent()).losAngeles).toEqual(['days-30', 'expires-today']);

  // The day after in Kiritimati: expired there, still its last day in Nairobi and Los Angeles.
  at(KIRITIMATI_NEXT_DAY);
  expect(await documentOf(clinics.kiritimati)).toMatchObject({ status: 'expired', daysLeft: -1 });
  expect(await documentOf(clinics.nairobi)).toMatchObject({ status: 'expiring', daysLeft: 0 });
  expect(await documentOf(clinics.losAngeles)).toMatchObject({ status: 'expiring', daysLeft: 0 });
  const summary = (await ctx.call('GET', '/api/core/dashboard', clinics.kiritimati)).json().data.compliance;
  expect(summary).toMatchObject({ expired: 1, expiring: { within30: 0 } });
  await sweep();
  expect(await sent()).toEqual({
    kiritimati: ['days-30', 'expires-today', 'expired'],
    nairobi: ['days-30', 'expires-today'],
    losAngeles: ['days-30', 'expires-today'],
  });
  // A restarted instance sends nothing again; each owner heard each of their alerts once.
  expect((await (await ctx.secondInstance()).sweep()).sent).toBe(0);
  expect(await noticeKindsTo(clinics.kiritimati.id, 'core.compliance-%')).toEqual([
    'core.compliance-days-30',
    'core.compliance-expires-today',
    'core.compliance-expired',
  ]);
  expect(await noticeKindsTo(clinics.losAngeles.id, 'core.compliance-%')).toEqual([
    'core.compliance-days-30',
    'core.compliance-expires-today',
  ]);
});

it("a training's status, its alerts and what counts as the future follow the organisation's day", async () => {
  at(SAVED);
  const kiritimati = await clinicIn(KIRITIMATI);
  const nairobi = await clinicIn();
  const ipcOf = async (clinic: Persona) => {
    const types = (await ctx.call('GET', '/api/core/trainings/types', clinic)).json().data as {
      id: string;
      name: string;
    }[];
    return types.find((t) => t.name.startsWith('Infection'))!.id;
  };
  const nurses = { kiritimati: await ctx.member(kiritimati), nairobi: await ctx.member(nairobi) };
  const records = {} as Record<'kiritimati' | 'nairobi', string>;
  for (const [name, clinic] of [
    ['kiritimati', kiritimati],
    ['nairobi', nairobi],
  ] as const) {
    const res = await ctx.call('POST', '/api/core/trainings', clinic, {
      staffId: await staffIdOf(ctx, clinic, nurses[name]),
      typeId: await ipcOf(clinic),
      completedOn: '2025-06-30', // 12 months' validity: expires 2026-06-30
    });
    expect(res.statusCode).toBe(201);
    records[name] = res.json().data.id;
  }
  const ipcStatus = async (nurse: Persona) =>
    (
      (await ctx.call('GET', '/api/core/trainings/me', nurse)).json().data as {
        name: string;
        status: string;
      }[]
    ).find((t) => t.name.startsWith('Infection'))!.status;

  at(KIRITIMATI_NEXT_DAY);
  expect(await ipcStatus(nurses.kiritimati)).toBe('expired');
  expect(await ipcStatus(nurses.nairobi)).toBe('expiring');
  await sweep();
  expect(await alertsOf('training', records.kiritimati)).toEqual(['days-30', 'expired']);
  expect(await alertsOf('training', records.nairobi)).toEqual(['days-30', 'expires-today']);
  expect(await noticeKindsTo(nurses.kiritimati.id, 'core.training-%')).toEqual([
    'core.training-days-30',
    'core.training-expired',
  ]);

  // 1 July is today in Kiritimati, so a completion on it is no future one there; in Nairobi it is.
  const complete = async (clinic: Persona) =>
    ctx.call('POST', '/api/core/trainings', clinic, {
      typeId: await ipcOf(clinic),
      completedOn: '2026-07-01',
    });
  expect((await complete(nurses.kiritimati)).statusCode).toBe(201);
  const refused = await complete(nurses.nairobi);
  expect([refused.statusCode, refused.json().code]).toEqual([400, 'core.training_in_future']);
});

it("a licence expires on its holder's organisation's day: status, clearance and alert", async () => {
  at(SAVED);
  const kiritimati = await clinicIn(KIRITIMATI);
  const nairobi = await clinicIn();
  const nurses = {
    kiritimati: await ctx.member(kiritimati, { designation: 'Nurse' }),
    nairobi: await ctx.member(nairobi, { designation: 'Nurse' }),
  };
  const licences = {} as Record<'kiritimati' | 'nairobi', string>;
  for (const name of ['kiritimati', 'nairobi'] as const) {
    const res = await ctx.call('POST', '/api/core/credentials', nurses[name], {
      councilId: nck,
      number: `NCK/${name}`,
      expiresOn: EXPIRES,
    });
    expect(res.statusCode).toBe(201);
    licences[name] = res.json().data.id;
  }
  const statusIn = async (clinic: Persona) =>
    (await ctx.call('GET', '/api/core/credentials', clinic)).json().data[0].status as string;
  const clearedIn = async (clinic: Persona) =>
    (await ctx.call('GET', '/api/core/staff', clinic))
      .json()
      .data.find((s: { profession: string }) => s.profession === 'Nurse').clearance.cleared as boolean;

  at(KIRITIMATI_NEXT_DAY);
  expect(await statusIn(kiritimati)).toBe('expired');
  expect(await statusIn(nairobi)).toBe('unverified');
  await sweep();
  expect(await alertsOf('credential', licences.kiritimati)).toEqual(['days-30', 'expired']);
  expect(await alertsOf('credential', licences.nairobi)).toEqual(['days-30', 'expires-today']);
  // The expired alert took the Kiritimati nurse's clearance away on their organisation's day.
  expect(await clearedIn(kiritimati)).toBe(false);
  expect(await clearedIn(nairobi)).toBe(true);
  expect(await noticeKindsTo(nurses.kiritimati.id, 'core.licence-%')).toEqual([
    'core.licence-days-30',
    'core.licence-expired',
  ]);
  expect((await (await ctx.secondInstance()).sweep()).sent).toBe(0);
});

it("a workflow's tasks are due counted from the organisation's day", async () => {
  at(KIRITIMATI_AFTER_MIDNIGHT); // 30 June in Kiritimati, 29 June in Nairobi
  const clinic = await clinicIn(KIRITIMATI);
  const made = await ctx.call('POST', '/api/core/workflows', clinic, {
    name: 'Welcome',
    trigger: 'person-joined',
    actions: [{ kind: 'checklist', assignee: 'hr', tasks: [{ title: 'Issue a badge', dueInDays: 1 }] }],
  });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as string;
  expect((await ctx.call('PATCH', `/api/core/workflows/${id}`, clinic, { active: true })).statusCode).toBe(
    200,
  );
  await ctx.member(clinic, { name: 'Tiare Teuea' });
  for (;;) {
    const tasks = await ctx.sql<{ due_on: string }>(
      `select due_on::text from core.workflow_tasks where org_id = $1`,
      clinic.orgId,
    );
    if (tasks.length > 0) {
      expect(tasks).toEqual([{ due_on: '2026-07-01' }]);
      break;
    }
    await ctx.app.sweepWorkflows();
  }
});
