import { randomUUID } from 'node:crypto';
import { IdentityEvents } from '@platform/contracts';
import {
  HireEvents,
  type ApplicationStatusChangedData,
  type ApplicationSubmittedData,
} from '@platform/svc-hire/contract';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, userEvent } from '@platform/testing';
import { startCore, type CoreContext, type Persona } from './helpers';

/** Hire to staff: an applicant a clinic accepts in Hire is suggested to its HR, once, and prefills their record. */
let ctx: CoreContext;
let hire: NatsEventBus;
beforeAll(async () => {
  ctx = await startCore();
  // Stands in for svc-hire: its application events on the run's prefix, as its contract shapes them.
  hire = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-hire' });
  await hire.ensureStream('hire');
});
afterAll(async () => {
  await hire?.close();
  await ctx?.close();
});

/** A professional with an account and no organisation yet, as identity tells svc-core. */
async function applicant(name: string, designation: string) {
  const p = ctx.persona('user', { name });
  await ctx.identity.publish(
    userEvent(IdentityEvents.userRegistered, p.id, {
      name,
      email: p.email,
      role: 'user',
      phone: '+254 722 000111',
      designation,
    }),
  );
  await eventually(async () => (await ctx.sql('select 1 from core.people where id = $1', p.id))[0]);
  return p;
}

/** svc-hire's submission, then its decision, for `who` applying to `clinic`'s job. */
async function decide(
  clinic: Persona,
  who: Persona,
  to: 'accepted' | 'rejected',
  jobTitle = 'Theatre Nurse',
) {
  const submitted: ApplicationSubmittedData = {
    applicationId: randomUUID(),
    jobId: randomUUID(),
    jobTitle,
    applicantId: who.id,
    ownerId: clinic.orgId!,
    appliedAt: '2026-06-01T08:00:00.000Z',
  };
  await hire.publish(makeEnvelope(HireEvents.applicationSubmitted, submitted));
  const changed = makeEnvelope<ApplicationStatusChangedData>(HireEvents.applicationStatusChanged, {
    applicationId: submitted.applicationId,
    jobId: submitted.jobId,
    applicantId: who.id,
    ownerId: clinic.orgId!,
    from: 'pending',
    to,
    changedBy: clinic.id,
    changedAt: '2026-06-03T09:00:00.000Z',
  });
  await hire.publish(changed);
  return changed;
}

const hiresOf = async (who: Persona) => {
  const res = await ctx.call('GET', '/api/core/hires', who);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; pageInfo: { total: number } };
};

it('suggests an accepted applicant to the clinic’s HR once, prefilled, and their record takes it when they join', async () => {
  const clinic = await ctx.clinic();
  const nurse = await ctx.member(clinic, { name: 'Njeri Nurse' });
  const stranger = await ctx.clinic();
  const amina = await applicant('Amina Wanjiru', 'Registered Nurse');
  const rejected = await applicant('Baraka Otieno', 'Clinical Officer');

  const accepted = await decide(clinic, amina, 'accepted');
  await decide(clinic, rejected, 'rejected');
  // Delivered again: still one suggestion.
  await hire.publish(accepted);
  const [suggestion] = await eventually(async () => {
    const { data } = await hiresOf(clinic);
    return data.length ? data : undefined;
  });
  await new Promise((r) => setTimeout(r, 300)); // time for the rejection and the redelivery to (wrongly) add one
  const list = await hiresOf(clinic);
  expect(list.pageInfo.total).toBe(1);
  expect(suggestion).toEqual({
    id: expect.any(String),
    applicantId: amina.id,
    name: 'Amina Wanjiru',
    email: amina.email,
    phone: '+254 722 000111',
    jobTitle: 'Theatre Nurse',
    profession: 'Nurse',
    acceptedAt: '2026-06-03T09:00:00.000Z',
  });

  // HR's alone: staff are refused, another organisation sees none of it.
  expect((await ctx.call('GET', '/api/core/hires', nurse)).statusCode).toBe(403);
  expect((await hiresOf(stranger)).data).toEqual([]);
  expect((await ctx.call('GET', '/api/core/hires')).statusCode).toBe(401);
  expect((await ctx.call('GET', '/api/core/hires?limit=0', clinic)).statusCode).toBe(400);

  // She accepts the clinic's invitation (identity: her account now names the organisation).
  await ctx.identity.publish(
    userEvent(IdentityEvents.userUpdated, amina.id, {
      name: 'Amina Wanjiru',
      email: amina.email,
      role: 'user',
      orgId: clinic.orgId,
      designation: 'Registered Nurse',
      version: 2,
    }),
  );
  const [record] = await eventually(async () => {
    const found = (await ctx.call('GET', '/api/core/staff?search=Amina', clinic)).json().data;
    return found.length ? found : undefined;
  });
  expect(record).toMatchObject({ name: 'Amina Wanjiru', jobTitle: 'Theatre Nurse', profession: 'Nurse' });
  expect((await hiresOf(clinic)).data).toEqual([]);
});

it('lets HR dismiss a suggestion; another organisation’s, or one gone, is not found', async () => {
  const clinic = await ctx.clinic();
  const stranger = await ctx.clinic();
  const who = await applicant('Chao Mwakyusa', 'Pharmacist');
  await decide(clinic, who, 'accepted', 'Locum Pharmacist');
  const [s] = await eventually(async () => {
    const { data } = await hiresOf(clinic);
    return data.length ? data : undefined;
  });
  expect(s).toMatchObject({ jobTitle: 'Locum Pharmacist', profession: 'Pharmacist' });
  const url = `/api/core/hires/${s!.id as string}/dismiss`;
  const foreign = await ctx.call('POST', url, stranger);
  expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'core.hire_not_found']);
  expect((await hiresOf(clinic)).data).toHaveLength(1);
  expect((await ctx.call('POST', url, clinic)).statusCode).toBe(200);
  expect((await hiresOf(clinic)).data).toEqual([]);
  expect((await ctx.call('POST', url, clinic)).statusCode).toBe(404);
  expect((await ctx.call('POST', '/api/core/hires/not-a-uuid/dismiss', clinic)).statusCode).toBe(400);
});

it('takes the profession from a current verified licence before the designation', async () => {
  // She works at one clinic, whose HR verified her NCK licence; another clinic accepts her in Hire.
  const current = await ctx.clinic();
  const nurse = await ctx.member(current, { name: 'Dorcas Achieng', designation: 'Pharmacist' });
  const councils = (await ctx.call('GET', '/api/core/councils?country=KE', nurse)).json().data as {
    id: string;
    abbreviation: string;
  }[];
  const nck = councils.find((c) => c.abbreviation === 'NCK')!;
  const added = await ctx.call('POST', '/api/core/credentials', nurse, {
    councilId: nck.id,
    number: `NCK/${randomUUID().slice(0, 6)}`,
    expiresOn: '2030-12-31',
  });
  expect(added.statusCode).toBe(201);
  const next = await ctx.clinic();
  await decide(next, nurse, 'accepted');
  const first = await eventually(async () => (await hiresOf(next)).data[0]);
  // Not verified yet: her designation's.
  expect(first).toMatchObject({ applicantId: nurse.id, profession: 'Pharmacist' });

  const verified = await ctx.call('POST', `/api/core/credentials/${added.json().data.id}/verify`, current);
  expect(verified.statusCode).toBe(200);
  await decide(next, nurse, 'accepted', 'Ward Nurse');
  const second = await eventually(async () => {
    const { data } = await hiresOf(next);
    return data.length === 2 ? data : undefined;
  });
  expect(second.map((h) => [h.jobTitle, h.profession])).toEqual(
    expect.arrayContaining([
      ['Ward Nurse', 'Nurse'],
      ['Theatre Nurse', 'Pharmacist'],
    ]),
  );
});
