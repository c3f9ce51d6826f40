import {
  billingConsumerReady,
  entitlementsWith,
  eventually,
  fakeBilling,
  type FakeBilling,
} from '@platform/testing';
import {
  lastContractCode,
  staffIdOf as staffIdOfIn,
  startCore,
  type CoreContext,
  type Persona,
} from './helpers';

/**
 * HR workflows against real Postgres and NATS on the test clock: the ready onboarding checklist, each trigger
 * firing exactly once per occurrence (sweeps at once on two instances, again after a restart), conditions
 * filtering, each action's effect (tasks the assignee completes, notices, a policy to acknowledge, a contract
 * sent to sign), the plan's limit of active workflows, and every refusal with nothing changed.
 */
jest.setTimeout(180_000);
let ctx: CoreContext;
let billing: FakeBilling;
beforeAll(async () => {
  ctx = await startCore();
  billing = await fakeBilling(ctx.natsUrl, ctx.prefix);
  ctx.clock.set('2026-03-02');
});
afterAll(async () => {
  await billing?.close();
  await ctx?.close();
});

const W = '/api/core/workflows';
const staffIdOf = (clinic: Persona, person: Persona) => staffIdOfIn(ctx, clinic, person);
const runsOf = async (workflowId: string) =>
  ctx.sql<{
    subject_id: string;
    occurrence: string;
    results: { kind: string; status: string; code?: string; params?: object; detail: string }[];
  }>(
    `select subject_id, occurrence, results from core.workflow_runs where workflow_id = $1 order by ran_at, id`,
    workflowId,
  );
const noticesTo = async (userId: string, kind: string) =>
  (
    await ctx.sql<{ title: string }>(
      `select payload->'data'->'title'->>'en' as title from core.outbox
        where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
          and payload->'data'->>'kind' = $2 order by seq`,
      userId,
      kind,
    )
  ).map((r) => r.title);
const workflowRows = async (orgId: string) =>
  ctx.sql<{ name: string; active: boolean; trigger: string }>(
    `select name, active, trigger from core.workflows where org_id = $1 order by created_at, id`,
    orgId,
  );
const audited = async (orgId: string) =>
  (
    await ctx.sql<{ action: string }>(
      `select o.payload->'data'->>'action' as action from core.outbox o
        join core.workflows w on w.id::text = o.payload->'data'->'target'->>'id'
        where o.type = 'core.admin-action.recorded.v1' and w.org_id = $1 order by o.seq`,
      orgId,
    )
  ).map((r) => r.action);

/**
 * Sweeps three times at once on two instances, then on a third, started after the first sweeps had run (a
 * restart: nothing of a run is kept in memory). The instances are made once for the file (each holds a pool).
 */
let others: Awaited<ReturnType<CoreContext['secondInstance']>>[] | undefined;
async function sweepEverywhere() {
  others ??= [await ctx.secondInstance()];
  const [other] = others;
  // Until one of them had the lock (a sweep an event started may hold it): then all before it is done.
  while (
    (await Promise.all([ctx.app.sweepWorkflows(), other!.sweepWorkflows(), ctx.app.sweepWorkflows()])).every(
      (r) => r.skipped,
    )
  )
    await new Promise((r) => setTimeout(r, 50));
  if (others.length === 1) others.push(await ctx.secondInstance());
  while ((await others[1]!.sweepWorkflows()).skipped) await new Promise((r) => setTimeout(r, 50));
}

/** A clinic with an HR admin, a ward with its manager and a nurse, and a laboratory with a technician. */
async function clinic() {
  const owner = await ctx.clinic({ name: 'Kliniki ya Pwani' });
  const hr = await ctx.member(owner, { name: 'Halima Yusuf' });
  const manager = await ctx.member(owner, { name: 'Grace Wanjiru' });
  const nurse = await ctx.member(owner, { name: 'Amina Otieno', designation: 'Nurse' });
  const tech = await ctx.member(owner, { name: 'Brian Kiprop', designation: 'Nurse' });
  const department = async (name: string) =>
    (await ctx.call('POST', '/api/core/departments', owner, { name })).json().data.id as string;
  const wardId = await department('Maternity ward');
  const labId = await department('Laboratory');
  const put = async (who: Persona, body: Record<string, unknown>) =>
    expect(
      (await ctx.call('PUT', `/api/core/staff/${await staffIdOf(owner, who)}/role`, owner, body)).statusCode,
    ).toBe(200);
  await put(hr, { role: 'hr-admin' });
  await put(manager, { role: 'manager', departmentIds: [wardId] });
  const place = async (who: Persona, departmentId: string) => {
    const id = await staffIdOf(owner, who);
    const res = await ctx.call('PATCH', `/api/core/staff/${id}`, hr, {
      departmentId,
      startDate: '2020-01-06',
    });
    expect(res.statusCode).toBe(200);
    return id;
  };
  const nurseId = await place(nurse, wardId);
  const techId = await place(tech, labId);
  return { owner, hr, manager, nurse, tech, wardId, labId, nurseId, techId, place };
}

const make = async (who: Persona, body: Record<string, unknown>) => {
  const res = await ctx.call('POST', W, who, body);
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
};
const turnOn = (who: Persona, id: string) => ctx.call('PATCH', `${W}/${id}`, who, { active: true });

it('the onboarding checklist ships ready and off; turned on, a person joining fires it once: tasks HR and their manager complete', async () => {
  const c = await clinic();
  const list = await ctx.call('GET', W, c.hr);
  expect(list.statusCode).toBe(200);
  const onboarding = list.json().data.find((w: { preset: string | null }) => w.preset === 'onboarding');
  expect(onboarding).toMatchObject({ trigger: 'person-joined', active: false, activatedAt: null });
  expect(list.json()).toMatchObject({ limit: null, active: 0 });
  // Listing again adds no second one.
  expect((await ctx.call('GET', W, c.owner)).json().pageInfo.total).toBe(1);

  // Off: someone joining fires nothing.
  const early = await ctx.member(c.owner, { name: 'Esther Early', designation: 'Nurse' });
  await sweepEverywhere();
  expect(await runsOf(onboarding.id)).toEqual([]);

  expect((await turnOn(c.hr, onboarding.id)).json().data).toMatchObject({ active: true });
  const joiner = await ctx.member(c.owner, { name: 'Faith Mutua', designation: 'Nurse' });
  const joinerId = await c.place(joiner, c.wardId);
  await sweepEverywhere();
  await sweepEverywhere();
  const runs = await runsOf(onboarding.id);
  // Once, for the one who joined after it was turned on (not the early one, not those there before).
  expect(runs).toEqual([
    {
      subject_id: joinerId,
      occurrence: '',
      results: [
        {
          kind: 'checklist',
          status: 'ok',
          code: 'tasks-assigned',
          params: { tasks: 3, people: 2 },
          detail: '3 tasks each for 2 people',
        },
        {
          kind: 'checklist',
          status: 'ok',
          code: 'tasks-assigned',
          params: { tasks: 3, people: 1 },
          detail: '3 tasks each for 1 person',
        },
        {
          kind: 'notify',
          status: 'ok',
          code: 'notified',
          params: { people: 1 },
          detail: 'notified 1 person',
        },
      ],
    },
  ]);
  expect((await runsOf(onboarding.id)).some((r) => r.subject_id === (early.id as string))).toBe(false);

  // The run's log, for HR.
  const log = await ctx.call('GET', `${W}/${onboarding.id}/runs`, c.hr);
  expect(log.json()).toMatchObject({
    data: [{ staffId: joinerId, staffName: 'Faith Mutua', trigger: 'person-joined' }],
    pageInfo: { total: 1 },
  });

  // The manager's tasks, about the joiner; HR's (the owner and the HR admin) theirs.
  const mine = await ctx.call('GET', `${W}/tasks/mine?done=false`, c.manager);
  expect(mine.json().data.map((t: { title: string }) => t.title)).toEqual([
    'Welcome them and tour the ward',
    'Introduce the infection prevention and fire safety drills',
    'Put them on the next roster',
  ]);
  expect(mine.json().data[0]).toMatchObject({ staffName: 'Faith Mutua', dueOn: '2026-03-03', doneAt: null });
  expect((await ctx.call('GET', `${W}/tasks/mine`, c.hr)).json().pageInfo.total).toBe(3);
  expect((await ctx.call('GET', `${W}/tasks/mine`, c.owner)).json().pageInfo.total).toBe(3);
  expect((await ctx.call('GET', `${W}/tasks/mine`, c.nurse)).json().pageInfo.total).toBe(0);
  expect(await noticesTo(c.manager.id, 'core.workflow-tasks')).toEqual([
    'Onboarding checklist: 3 tasks for you about Faith Mutua',
  ]);
  expect(await noticesTo(c.manager.id, 'core.workflow-notice')).toEqual([
    'Onboarding checklist: Faith Mutua joined',
  ]);

  // The assignee completes their own; anyone else's is a 404 with nothing changed.
  const task = mine.json().data[0].id as string;
  expect((await ctx.call('POST', `${W}/tasks/${task}/done`, c.nurse)).statusCode).toBe(404);
  expect((await ctx.call('POST', `${W}/tasks/${task}/done`, c.hr)).statusCode).toBe(404);
  expect(
    (
      await ctx.sql<{ done_at: Date | null }>(`select done_at from core.workflow_tasks where id = $1`, task)
    )[0]!.done_at,
  ).toBeNull();
  const done = await ctx.call('POST', `${W}/tasks/${task}/done`, c.manager);
  expect(done.statusCode).toBe(200);
  expect(done.json().data.doneAt).toBe('2026-03-02T06:00:00.000Z');
  ctx.clock.set('2026-03-03');
  // Again: no change (the first time stands).
  expect((await ctx.call('POST', `${W}/tasks/${task}/done`, c.manager)).json().data.doneAt).toBe(
    '2026-03-02T06:00:00.000Z',
  );
  ctx.clock.set('2026-03-02');
  expect((await ctx.call('GET', `${W}/tasks/mine?done=true`, c.manager)).json().pageInfo.total).toBe(1);
  const events = await ctx.sql<{ type: string }>(
    `select type from core.outbox where type like 'core.workflow.%' and payload->'data'->>'workflowId' = $1
      or (type = 'core.workflow.task-done.v1' and payload->'data'->>'taskId' = $2) order by seq`,
    onboarding.id,
    task,
  );
  expect(events.map((e) => e.type)).toEqual([
    'core.workflow.changed.v1',
    'core.workflow.ran.v1',
    'core.workflow.task-done.v1',
  ]);
  expect(await audited(c.owner.orgId!)).toEqual(['workflow.activate']);
});

it('conditions filter; leave approved, a contract signed and the dated triggers each fire once per occurrence', async () => {
  ctx.clock.set('2026-03-02');
  const c = await clinic();
  // Leave approved, for the ward's nurses only: HR is told.
  const leaveWf = await make(c.hr, {
    name: 'Ward leave',
    trigger: 'leave-approved',
    conditions: { departmentIds: [c.wardId], professions: ['Nurse'] },
    actions: [{ kind: 'notify', to: 'hr' }],
  });
  const policy = await ctx.call('POST', '/api/core/policies', c.hr, {
    title: 'Code of conduct',
    body: '<p>Be kind.</p>',
    assignment: { everyone: true },
  });
  const policyId = policy.json().data.id as string;
  const template = await ctx.call('POST', '/api/core/contract-templates', c.hr, {
    name: 'Clinical officer',
    body: 'Contract between {{organisation}} and {{name}}: {{salary}}, probation {{probation}}.',
  });
  const templateId = template.json().data.id as string;
  const signedWf = await make(c.hr, {
    name: 'Signed',
    trigger: 'contract-signed',
    actions: [{ kind: 'policy', policyId }],
  });
  const probationWf = await make(c.hr, {
    name: 'Probation review',
    trigger: 'probation-ending',
    actions: [
      { kind: 'checklist', assignee: 'manager', tasks: [{ title: 'Probation review', dueInDays: 10 }] },
    ],
  });
  const licenceWf = await make(c.hr, {
    name: 'Licence renewal',
    trigger: 'credential-expiring',
    actions: [
      { kind: 'notify', to: 'person' },
      { kind: 'checklist', assignee: 'person', tasks: [{ title: 'Renew your licence', dueInDays: 7 }] },
    ],
  });
  const contractWf = await make(c.hr, {
    name: 'Clinical officers’ contract',
    trigger: 'person-joined',
    conditions: { professions: ['Clinical Officer'] },
    actions: [
      {
        kind: 'contract',
        templateId,
        salary: { amount: 120000, currency: 'KES', period: 'month' },
        probationMonths: 6,
      },
      { kind: 'checklist', assignee: 'person', tasks: [{ title: 'Sign your contract', dueInDays: 3 }] },
    ],
  });
  for (const id of [leaveWf, signedWf, probationWf, licenceWf, contractWf])
    expect((await turnOn(c.hr, id)).statusCode).toBe(200);

  // Leave: the ward nurse's approved request fires; the lab's does not (department); a declined one neither.
  const types = (await ctx.call('GET', '/api/core/leave/types', c.nurse)).json().data as {
    id: string;
    code: string;
  }[];
  const annual = types.find((t) => t.code === 'annual')!.id;
  const ask = async (who: Persona, from: string, to: string) => {
    const res = await ctx.call('POST', '/api/core/leave/requests', who, { typeId: annual, from, to });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const nurseLeave = await ask(c.nurse, '2026-03-09', '2026-03-10');
  const techLeave = await ask(c.tech, '2026-03-09', '2026-03-10');
  const declined = await ask(c.nurse, '2026-03-16', '2026-03-16');
  const decide = (id: string, status: string) =>
    ctx.call('PATCH', `/api/core/leave/requests/${id}`, c.hr, { status, reason: 'Busy week' });
  expect((await decide(nurseLeave, 'approved')).statusCode).toBe(200);
  expect((await decide(techLeave, 'approved')).statusCode).toBe(200);
  expect((await decide(declined, 'declined')).statusCode).toBe(200);
  await sweepEverywhere();
  expect((await runsOf(leaveWf)).map((r) => r.subject_id)).toEqual([nurseLeave]);
  expect(await noticesTo(c.hr.id, 'core.workflow-notice')).toEqual([
    "Ward leave: Amina Otieno's leave was approved",
  ]);

  // A contract signed by both parties fires once; its probation (3 months from 2026-01-01) ends 2026-04-01.
  const contract = await ctx.call('POST', '/api/core/contracts', c.hr, {
    templateId,
    staffId: c.nurseId,
    salary: { amount: 85000, currency: 'KES', period: 'month' },
    probationMonths: 3,
    startDate: '2026-01-01',
  });
  const contractId = contract.json().data.id as string;
  expect((await ctx.call('POST', `/api/core/contracts/${contractId}/send`, c.hr)).statusCode).toBe(200);
  for (const who of [c.nurse, c.hr]) {
    expect((await ctx.call('POST', `/api/core/contracts/${contractId}/code`, who)).statusCode).toBeLessThan(
      300,
    );
    const code = await lastContractCode(ctx, who, contractId);
    expect(
      (await ctx.call('POST', `/api/core/contracts/${contractId}/sign`, who, { code })).statusCode,
    ).toBeLessThan(300);
  }
  await sweepEverywhere();
  expect(await runsOf(signedWf)).toMatchObject([
    {
      subject_id: contractId,
      results: [
        {
          kind: 'policy',
          status: 'ok',
          code: 'policy-sent',
          params: { title: 'Code of conduct' },
          detail: 'asked to acknowledge “Code of conduct”',
        },
      ],
    },
  ]);
  expect(await noticesTo(c.nurse.id, 'core.policy-published')).toHaveLength(2);
  expect(await runsOf(probationWf)).toEqual([]);

  // The nurse's licence expires 2026-04-30: its 30-day window opens on 2026-03-31.
  const councils = (await ctx.call('GET', '/api/core/councils?country=KE&limit=50', c.hr)).json().data as {
    id: string;
    abbreviation: string;
  }[];
  const credential = await ctx.call('POST', '/api/core/credentials', c.hr, {
    personId: c.nurse.id,
    councilId: councils.find((k) => k.abbreviation === 'NCK')!.id,
    number: `NCK-${Date.now()}`,
    expiresOn: '2026-04-30',
  });
  expect(credential.statusCode).toBe(201);
  const credentialId = credential.json().data.id as string;

  ctx.clock.set('2026-03-17');
  await sweepEverywhere();
  expect(await runsOf(probationWf)).toEqual([]);
  ctx.clock.set('2026-03-18');
  await sweepEverywhere();
  ctx.clock.set('2026-03-19');
  await sweepEverywhere();
  expect(await runsOf(probationWf)).toEqual([
    {
      subject_id: contractId,
      occurrence: '2026-04-01',
      results: [
        {
          kind: 'checklist',
          status: 'ok',
          code: 'tasks-assigned',
          params: { tasks: 1, people: 1 },
          detail: '1 task each for 1 person',
        },
      ],
    },
  ]);
  expect(await runsOf(licenceWf)).toEqual([]);
  ctx.clock.set('2026-03-31');
  await sweepEverywhere();
  ctx.clock.set('2026-04-10');
  await sweepEverywhere();
  expect(await runsOf(licenceWf)).toEqual([
    {
      subject_id: credentialId,
      occurrence: '2026-04-30',
      results: [
        {
          kind: 'notify',
          status: 'ok',
          code: 'notified',
          params: { people: 1 },
          detail: 'notified 1 person',
        },
        {
          kind: 'checklist',
          status: 'ok',
          code: 'tasks-assigned',
          params: { tasks: 1, people: 1 },
          detail: '1 task each for 1 person',
        },
      ],
    },
  ]);
  expect(await noticesTo(c.nurse.id, 'core.workflow-notice')).toEqual([
    "Licence renewal: Amina Otieno's licence expires within 30 days",
  ]);

  // A clinical officer joining gets the contract sent to sign; a nurse joining does not (profession).
  const co = await ctx.member(c.owner, { name: 'Daniel Ouma', designation: 'Clinical Officer' });
  await ctx.member(c.owner, { name: 'Joy Akinyi', designation: 'Nurse' });
  await sweepEverywhere();
  const coRuns = await runsOf(contractWf);
  expect(coRuns).toHaveLength(1);
  expect(coRuns[0]!.subject_id).toBe(await staffIdOf(c.owner, co));
  const theirs = await ctx.call('GET', '/api/core/contracts?mine=true', co);
  expect(theirs.json().data).toMatchObject([{ status: 'sent' }]);
  const sentId = theirs.json().data[0].id as string;
  expect(coRuns[0]!.results[0]).toEqual({
    kind: 'contract',
    status: 'ok',
    code: 'contract-sent',
    params: { contractId: sentId },
    detail: `contract ${sentId} sent to sign`,
  });
  expect((await ctx.call('GET', `${W}/tasks/mine`, co)).json().data).toMatchObject([
    { title: 'Sign your contract', staffName: 'Daniel Ouma' },
  ]);
});

it('a contract action is made with its run: a crash before it commits leaves nothing, and the next sweep on either instance makes one contract', async () => {
  const c = await clinic();
  const template = await ctx.call('POST', '/api/core/contract-templates', c.hr, {
    name: 'Nurse',
    body: 'Contract between {{organisation}} and {{name}}: {{salary}}, probation {{probation}}.',
  });
  const id = await make(c.hr, {
    name: 'Nurses’ contract',
    trigger: 'person-joined',
    conditions: { professions: ['Nurse'] },
    actions: [
      {
        kind: 'contract',
        templateId: template.json().data.id,
        salary: { amount: 90000, currency: 'KES', period: 'month' },
        probationMonths: 3,
      },
      { kind: 'notify', to: 'hr' },
    ],
  });
  expect((await turnOn(c.hr, id)).statusCode).toBe(200);
  // The crash: while the switch is on, every commit that made one of the clinic's contracts fails (a deferred
  // trigger, checked at commit: after the contract was made and sent), as if the process died right there.
  await ctx.sql(`create table if not exists core.test_crash_switch (org_id uuid primary key)`);
  await ctx.sql(`create sequence if not exists core.test_crashes`);
  await ctx.sql(`create or replace function core.test_crash() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from core.test_crash_switch where org_id = new.org_id) then
        perform nextval('core.test_crashes');
        raise exception 'simulated crash before the contract commits';
      end if;
      return null;
    end $$`);
  await ctx.sql(`drop trigger if exists test_crash on core.contracts`);
  await ctx.sql(`create constraint trigger test_crash after insert on core.contracts
    deferrable initially deferred for each row execute function core.test_crash()`);
  await ctx.sql(`insert into core.test_crash_switch values ($1)`, c.owner.orgId);
  const crashes = async () =>
    Number(
      (
        await ctx.sql<{ n: string }>(
          `select (case when is_called then last_value else 0 end)::text as n from core.test_crashes`,
        )
      )[0]!.n,
    );
  const before = await crashes();
  try {
    const joiner = await ctx.member(c.owner, { name: 'Rehema Njeri', designation: 'Nurse' });
    const joinerId = await staffIdOf(c.owner, joiner);
    const contractsOf = () =>
      ctx.sql<{ id: string; status: string }>(
        `select id, status from core.contracts where staff_record_id = $1`,
        joinerId,
      );
    const toSign = () =>
      ctx.sql(
        `select 1 from core.outbox where type = 'core.notification.requested.v1'
          and payload->'data'->>'userId' = $1 and payload->'data'->>'kind' = 'core.contract-to-sign'`,
        joiner.id,
      );
    await sweepEverywhere();
    expect(await crashes()).toBeGreaterThan(before);
    // Nothing of the run stands: no run, no contract, no notice, no audit; the occurrence is still unclaimed.
    expect(await runsOf(id)).toEqual([]);
    expect(await contractsOf()).toEqual([]);
    expect(await toSign()).toEqual([]);

    // Restarted (the switch off): the sweeps at once on two instances, and a third's, make it once.
    await ctx.sql(`delete from core.test_crash_switch where org_id = $1`, c.owner.orgId);
    await sweepEverywhere();
    await sweepEverywhere();
    const made = await contractsOf();
    expect(made).toEqual([{ id: made[0]!.id, status: 'sent' }]);
    expect(await runsOf(id)).toEqual([
      {
        subject_id: joinerId,
        occurrence: '',
        results: [
          {
            kind: 'contract',
            status: 'ok',
            code: 'contract-sent',
            params: { contractId: made[0]!.id },
            detail: `contract ${made[0]!.id} sent to sign`,
          },
          {
            kind: 'notify',
            status: 'ok',
            code: 'notified',
            params: { people: 2 },
            detail: 'notified 2 people',
          },
        ],
      },
    ]);
    expect(await toSign()).toHaveLength(1);
    const theirs = await ctx.call('GET', '/api/core/contracts?mine=true', joiner);
    expect(theirs.json().data).toMatchObject([
      { id: made[0]!.id, status: 'sent', personName: 'Rehema Njeri' },
    ]);
  } finally {
    await ctx.sql(`delete from core.test_crash_switch where org_id = $1`, c.owner.orgId);
  }

  // Someone imported before they have an account cannot be sent one: the draft is kept for HR, logged why.
  const imported = await ctx.send(
    'POST',
    '/api/core/staff/import',
    c.owner,
    'email,name,profession\nwanjiku@staff.example,Wanjiku Kamau,Nurse',
  );
  expect(imported.statusCode).toBe(200);
  await sweepEverywhere();
  const [draft] = await ctx.sql<{ id: string; status: string; staff_record_id: string }>(
    `select c.id, c.status, c.staff_record_id from core.contracts c join core.staff_records s on s.id = c.staff_record_id
      where s.name = 'Wanjiku Kamau' and s.org_id = $1`,
    c.owner.orgId,
  );
  expect(draft).toMatchObject({ status: 'draft' });
  const runs = await runsOf(id);
  expect(runs).toHaveLength(2);
  expect(runs.find((r) => r.subject_id === draft!.staff_record_id)!.results[0]).toEqual({
    kind: 'contract',
    status: 'failed',
    code: 'contract-no-account',
    params: { contractId: draft!.id },
    detail: 'This person has no account yet: they sign once they join.',
  });
});

it('a failing action is logged with why, and the others still act', async () => {
  const c = await clinic();
  // The lab has no manager: the checklist for the manager fails, HR is still told.
  const id = await make(c.hr, {
    name: 'Lab leave',
    trigger: 'leave-approved',
    conditions: { departmentIds: [c.labId] },
    actions: [
      { kind: 'checklist', assignee: 'manager', tasks: [{ title: 'Cover the shifts', dueInDays: 1 }] },
      { kind: 'notify', to: 'hr' },
    ],
  });
  expect((await turnOn(c.hr, id)).statusCode).toBe(200);
  const types = (await ctx.call('GET', '/api/core/leave/types', c.tech)).json().data as {
    id: string;
    code: string;
  }[];
  const req = await ctx.call('POST', '/api/core/leave/requests', c.tech, {
    typeId: types.find((t) => t.code === 'annual')!.id,
    from: '2026-05-04',
    to: '2026-05-05',
  });
  expect(
    (await ctx.call('PATCH', `/api/core/leave/requests/${req.json().data.id}`, c.hr, { status: 'approved' }))
      .statusCode,
  ).toBe(200);
  await sweepEverywhere();
  expect((await runsOf(id))[0]!.results).toEqual([
    {
      kind: 'checklist',
      status: 'failed',
      code: 'nobody-in-role',
      params: { role: 'manager' },
      detail: 'Nobody holds the role “manager” for this person.',
    },
    { kind: 'notify', status: 'ok', code: 'notified', params: { people: 2 }, detail: 'notified 2 people' },
  ]);
});

it('the plan limits active workflows (2, 5, unlimited): past it a 402 with nothing changed', async () => {
  const c = await clinic();
  const probe = await ctx.clinic();
  await billingConsumerReady(billing, probe.orgId!, () => ctx.call('GET', W, probe));
  await billing.announce(c.owner.orgId!, 1, 'active', entitlementsWith(['core'], { workflows: 2 }));
  await eventually(
    async () => ((await ctx.call('GET', W, c.hr)).json().limit === 2 ? true : undefined),
    5_000,
  );
  const body = (name: string) => ({
    name,
    trigger: 'leave-approved',
    actions: [{ kind: 'notify', to: 'hr' }],
  });
  const a = await make(c.hr, body('A'));
  const b = await make(c.hr, body('B'));
  const third = await make(c.hr, body('C'));
  expect((await turnOn(c.hr, a)).statusCode).toBe(200);
  expect((await turnOn(c.hr, b)).statusCode).toBe(200);
  const before = await workflowRows(c.owner.orgId!);
  const auditBefore = await audited(c.owner.orgId!);
  const refused = await turnOn(c.hr, third);
  expect([refused.statusCode, refused.json().code]).toEqual([402, 'billing.limit_reached']);
  expect(refused.json().message).toBe('Your plan allows up to 2 workflow automations.');
  // Even with an edit alongside: nothing changed.
  expect((await ctx.call('PATCH', `${W}/${third}`, c.hr, { name: 'Renamed', active: true })).statusCode).toBe(
    402,
  );
  expect(await workflowRows(c.owner.orgId!)).toEqual(before);
  expect(await audited(c.owner.orgId!)).toEqual(auditBefore);
  // Edits of an active one, and turning one off then another on, are within it.
  expect((await ctx.call('PATCH', `${W}/${a}`, c.hr, { name: 'A, renamed' })).statusCode).toBe(200);
  expect((await ctx.call('PATCH', `${W}/${a}`, c.hr, { active: false })).statusCode).toBe(200);
  expect((await turnOn(c.hr, third)).statusCode).toBe(200);
  // Professional: 5.
  await billing.announce(c.owner.orgId!, 2, 'active', entitlementsWith(['core'], { workflows: 5 }));
  await eventually(
    async () => ((await ctx.call('GET', W, c.hr)).json().limit === 5 ? true : undefined),
    5_000,
  );
  expect((await turnOn(c.hr, a)).statusCode).toBe(200);
  expect((await ctx.call('GET', W, c.hr)).json()).toMatchObject({ limit: 5, active: 3 });
});

it('only HR manages workflows; bad input and another organisation’s ids change nothing', async () => {
  const c = await clinic();
  const other = await clinic();
  const good = { name: 'Joiners', trigger: 'person-joined', actions: [{ kind: 'notify', to: 'hr' }] };
  const id = await make(c.hr, good);
  const before = await workflowRows(c.owner.orgId!);
  const auditBefore = await audited(c.owner.orgId!);

  for (const who of [c.manager, c.nurse]) {
    expect((await ctx.call('POST', W, who, good)).statusCode).toBe(403);
    expect((await ctx.call('GET', W, who)).statusCode).toBe(403);
    expect((await ctx.call('PATCH', `${W}/${id}`, who, { active: true })).statusCode).toBe(403);
    expect((await ctx.call('GET', `${W}/${id}/runs`, who)).statusCode).toBe(403);
  }
  for (const bad of [
    { ...good, trigger: 'birthday' },
    { ...good, actions: [] },
    { ...good, actions: [{ kind: 'notify', to: 'everyone' }] },
    { ...good, actions: [{ kind: 'checklist', assignee: 'hr', tasks: [{ title: 'x\ny', dueInDays: 1 }] }] },
    { ...good, actions: [{ kind: 'checklist', assignee: 'hr', tasks: [{ title: 'x', dueInDays: -1 }] }] },
    { ...good, conditions: { professions: ['Astronaut'] } },
    { ...good, extra: true },
    { ...good, name: '  ' },
  ])
    expect((await ctx.call('POST', W, c.hr, bad)).statusCode).toBe(400);
  expect((await ctx.call('PATCH', `${W}/${id}`, c.hr, {})).statusCode).toBe(400);

  // Another organisation's workflow, department or policy: 404.
  const theirs = (await ctx.call('GET', W, other.hr)).json().data[0].id as string;
  expect((await ctx.call('GET', `${W}/${theirs}`, c.hr)).statusCode).toBe(404);
  expect((await ctx.call('PATCH', `${W}/${theirs}`, c.hr, { active: true })).statusCode).toBe(404);
  expect((await ctx.call('GET', `${W}/${theirs}/runs`, c.hr)).statusCode).toBe(404);
  const foreignDept = await ctx.call('POST', W, c.hr, {
    ...good,
    conditions: { departmentIds: [other.wardId] },
  });
  expect([foreignDept.statusCode, foreignDept.json().code]).toEqual([404, 'core.workflow_target_not_found']);
  const foreignPolicy = await ctx.call('PATCH', `${W}/${id}`, c.hr, {
    actions: [{ kind: 'policy', policyId: other.wardId }],
  });
  expect(foreignPolicy.statusCode).toBe(404);

  expect(await workflowRows(c.owner.orgId!)).toEqual(before);
  expect(await audited(c.owner.orgId!)).toEqual(auditBefore);
  expect((await ctx.call('GET', `${W}/${theirs}`, other.hr)).json().data.active).toBe(false);
});

it('runs at once on the event (leave approved), with no sweep called: each instance follows svc-core’s own events', async () => {
  ctx.clock.set('2026-03-02');
  const c = await clinic();
  const id = await make(c.hr, {
    name: 'Leave told',
    trigger: 'leave-approved',
    actions: [{ kind: 'notify', to: 'person' }],
  });
  expect((await turnOn(c.hr, id)).statusCode).toBe(200);
  const types = (await ctx.call('GET', '/api/core/leave/types', c.nurse)).json().data as {
    id: string;
    code: string;
  }[];
  const req = await ctx.call('POST', '/api/core/leave/requests', c.nurse, {
    typeId: types.find((t) => t.code === 'annual')!.id,
    from: '2026-06-02',
    to: '2026-06-02',
  });
  expect(
    (await ctx.call('PATCH', `/api/core/leave/requests/${req.json().data.id}`, c.hr, { status: 'approved' }))
      .statusCode,
  ).toBe(200);
  const runs = await eventually(async () => {
    const found = await runsOf(id);
    return found.length > 0 ? found : undefined;
  }, 15_000);
  expect(runs).toMatchObject([
    { subject_id: req.json().data.id, results: [{ kind: 'notify', status: 'ok' }] },
  ]);
  // The scheduled sweep after it finds it claimed.
  await sweepEverywhere();
  expect(await runsOf(id)).toHaveLength(1);
});
