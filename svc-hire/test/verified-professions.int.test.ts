import { eventually } from '@platform/testing';
import { fakeCore, type FakeCore } from '@platform/svc-core/testing';
import { aJob, anApplication, startHire, type HireContext, type Persona } from './helpers';

/**
 * A clinic sees beside each application the professions of the applicant's licences that an employer's HR
 * verified against the council's register (svc-core's credential events), not only the typed designation;
 * an expired licence's profession goes, and so does one past its date before the expired event comes.
 */
let ctx: HireContext;
let core: FakeCore;
beforeAll(async () => {
  ctx = await startHire();
  core = await fakeCore(ctx.natsUrl, ctx.prefix);
});
afterAll(async () => {
  await core?.close();
  await ctx?.close();
});

const applicationAs = async (clinic: Persona, applicant: Persona) => {
  const job = (await ctx.call('POST', '/api/job/add', clinic, aJob())).json().data;
  const applied = await ctx.call('POST', '/api/application/apply', applicant, anApplication(job.id));
  expect(applied.statusCode).toBe(201);
  return applied.json().data.id as string;
};
const seenBy = async (clinic: Persona, id: string) =>
  (await ctx.call('GET', `/api/application/${id}`, clinic)).json().data.applicantVerifiedProfessions;

it("shows the applicant's verified professions to the clinic, until the licence expires or is revoked", async () => {
  const clinic = ctx.persona('Clinic');
  const amina = ctx.persona('user');
  const id = await applicationAs(clinic, amina);
  expect(await seenBy(clinic, id)).toEqual([]);

  const nck = await core.licence(amina.id, ['Nurse']);
  const co = await core.licence(amina.id, ['Clinical Officer']);
  await eventually(async () => ((await seenBy(clinic, id)).length === 2 ? true : undefined));
  expect(await seenBy(clinic, id)).toEqual(['Clinical Officer', 'Nurse']);
  // In the list too.
  const listed = (await ctx.call('GET', '/api/application/get', clinic)).json().data;
  expect(listed.find((a: { id: string }) => a.id === id).applicantVerifiedProfessions).toEqual([
    'Clinical Officer',
    'Nurse',
  ]);

  await core.licence(amina.id, ['Nurse'], { credentialId: nck.credentialId, expired: true, daysLeft: 0 });
  await eventually(async () => ((await seenBy(clinic, id)).length === 1 ? true : undefined));
  expect(await seenBy(clinic, id)).toEqual(['Clinical Officer']);
  // A revoked licence goes at once, long before its date.
  await core.licence(amina.id, ['Clinical Officer'], { credentialId: co.credentialId, revoked: true });
  await eventually(async () => ((await seenBy(clinic, id)).length === 0 ? true : undefined));
});

it('never counts a licence whose date has passed, nor a "Clinic" profession', async () => {
  const clinic = ctx.persona('Clinic');
  const baraka = ctx.persona('user');
  const id = await applicationAs(clinic, baraka);
  await core.licence(baraka.id, ['Doctor'], { expiresOn: '2020-01-31', daysLeft: -100 });
  await core.licence(baraka.id, ['Clinic', 'Pharmacist']);
  await eventually(async () => ((await seenBy(clinic, id)).length > 0 ? true : undefined));
  expect(await seenBy(clinic, id)).toEqual(['Pharmacist']);
});
