import {
  lastContractCode,
  staffIdOf as staffIdOfIn,
  startCore,
  type CoreContext,
  type Persona,
} from './helpers';

/**
 * Fixed-term contracts' end reminders: a contract signed by both sides with an end date is reminded 90, 60 and
 * 30 days before its last day, on it and the day after, to the person and to HR, each once however often the
 * sweep runs; a contract never signed, one without an end date and another organisation's people get none.
 */
jest.setTimeout(120_000);
let ctx: CoreContext;
beforeAll(async () => {
  ctx = await startCore();
});
afterAll(async () => ctx?.close());

const staffIdOf = (clinic: Persona, person: Persona) => staffIdOfIn(ctx, clinic, person);

const codeFor = (who: Persona, contractId: string) => lastContractCode(ctx, who, contractId);

/** The contract-end notices to a person, oldest first. */
const remindersTo = async (userId: string) =>
  ctx.sql<{ kind: string; title: string; link: string }>(
    `select payload->'data'->>'kind' as kind, payload->'data'->'title'->>'en' as title,
       payload->'data'->>'link' as link from core.outbox
     where type = 'core.notification.requested.v1' and payload->'data'->>'userId' = $1
       and payload->'data'->>'kind' like 'core.contract-end-%' order by seq`,
    userId,
  );

async function contractFor(
  clinic: Persona,
  staffId: string,
  endDate: string | undefined,
  signers?: Persona[],
): Promise<string> {
  const template = await ctx.call('POST', '/api/core/contract-templates', clinic, {
    name: `Fixed-term ${Math.random().toString(36).slice(2, 7)}`,
    body: 'Employment contract between {{organisation}} and {{name}}, from {{startDate}}.',
  });
  const made = await ctx.call('POST', '/api/core/contracts', clinic, {
    templateId: template.json().data.id,
    staffId,
    salary: { amount: 85000, currency: 'KES', period: 'month' },
    probationMonths: 3,
    startDate: '2026-04-01',
    ...(endDate ? { endDate } : {}),
  });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as string;
  if (!signers) return id;
  expect((await ctx.call('POST', `/api/core/contracts/${id}/send`, clinic)).statusCode).toBe(200);
  for (const who of signers) {
    await ctx.call('POST', `/api/core/contracts/${id}/code`, who);
    const signed = await ctx.call('POST', `/api/core/contracts/${id}/sign`, who, {
      code: await codeFor(who, id),
    });
    expect(signed.statusCode).toBe(200);
  }
  return id;
}

it('reminds the person and HR of a signed fixed-term contract’s end, each milestone once', async () => {
  ctx.clock.set('2026-03-02');
  const clinic = await ctx.clinic({ name: 'Kisumu Rehab Centre' });
  const hr = await ctx.member(clinic, { name: 'Halima Yusuf' });
  const nurse = await ctx.member(clinic, { name: 'Amina Otieno', designation: 'Nurse' });
  const other = await ctx.member(clinic, { name: 'Beatrice Njeri', designation: 'Nurse' });
  const hrId = await staffIdOf(clinic, hr);
  expect(
    (await ctx.call('PUT', `/api/core/staff/${hrId}/role`, clinic, { role: 'hr-admin' })).statusCode,
  ).toBe(200);
  const nurseId = await staffIdOf(clinic, nurse);
  const otherId = await staffIdOf(clinic, other);
  const signed = await contractFor(clinic, nurseId, '2027-03-31', [nurse, clinic]);
  // Never signed, and signed with no end: nothing to remind.
  await contractFor(clinic, otherId, '2027-03-31', [other]);
  await contractFor(clinic, otherId, undefined, [other, clinic]);
  const stranger = await ctx.clinic({ name: 'Another Clinic' });

  const days = [
    '2026-12-31',
    '2026-12-31',
    '2027-01-15',
    '2027-01-30',
    '2027-03-01',
    '2027-03-31',
    '2027-04-01',
  ];
  for (const day of days) {
    ctx.clock.set(day);
    await ctx.app.sweep();
  }
  const kinds = ['days-90', 'days-60', 'days-30', 'expires-today', 'expired'].map(
    (m) => `core.contract-end-${m}`,
  );
  const toNurse = await remindersTo(nurse.id);
  expect(toNurse.map((n) => n.kind)).toEqual(kinds);
  expect(toNurse[2]).toEqual({
    kind: 'core.contract-end-days-30',
    title: `Your contract "${toNurse[2]!.title.match(/"(.*)"/)![1]}" ends in 30 days`,
    link: `/hr/contracts/mine#contract-${signed}`,
  });
  for (const who of [clinic, hr]) {
    const told = await remindersTo(who.id);
    expect(told.map((n) => n.kind)).toEqual(kinds);
    expect(told[4]!.title).toMatch(/^Amina Otieno's contract ".*" has ended$/);
    expect(told[4]!.link).toBe('/hr/contracts');
  }
  expect(await remindersTo(other.id)).toEqual([]);
  expect(await remindersTo(stranger.id)).toEqual([]);
  const rows = await ctx.sql<{ milestone: string }>(
    `select milestone from core.expiry_alerts where kind = 'contract' order by sent_at, milestone`,
  );
  expect(rows.map((r) => r.milestone)).toEqual(['days-90', 'days-60', 'days-30', 'expires-today', 'expired']);
});
