import { randomUUID } from 'node:crypto';
import type { App } from '@platform/service-kit';
import { HireEvents } from '@platform/svc-hire/contract';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { eventually, type FuzzTarget, type TrustTarget } from '@platform/testing';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { startCore } from './helpers';

/**
 * The API fuzz test's svc-core (security/api-fuzz.int.test.ts walks every module service): live tokens
 * per role (the user a member of the clinic) and real ids of a staff record, a credential, a policy, a
 * compliance document, a training and a completion, a leave type, request and holiday, a shift and a roster,
 * a wellness survey, a contract template and a contract, a workflow (the onboarding one every organisation
 * has).
 */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-core',
  async start() {
    const ctx = await startCore();
    const clinic = await ctx.clinic();
    const user = await ctx.member(clinic, { designation: 'Nurse' });
    const admin = ctx.persona('admin');
    let ids: string[] | undefined;
    const makeIds = async () => {
      const councils = await ctx.call('GET', '/api/core/councils?country=KE', user);
      const council = (councils.json() as { data: { id: string }[] }).data[0]!.id;
      const credential = await ctx.call('POST', '/api/core/credentials', user, {
        councilId: council,
        number: 'FUZZ/1',
        expiresOn: '2030-12-31',
      });
      if (credential.statusCode !== 201)
        throw new Error(`credential: ${credential.statusCode} ${credential.body}`);
      const staff = await ctx.call('GET', '/api/core/staff', clinic);
      const policy = await ctx.call('POST', '/api/core/policies', clinic, {
        title: 'Fuzz policy',
        body: '<p>Read me.</p>',
        assignment: { everyone: true },
      });
      if (policy.statusCode !== 201) throw new Error(`policy: ${policy.statusCode} ${policy.body}`);
      const document = await ctx.call('POST', '/api/core/compliance', clinic, {
        typeCode: 'ke-fire-safety',
        number: 'FUZZ/1',
        expiresOn: '2030-12-31',
      });
      if (document.statusCode !== 201) throw new Error(`document: ${document.statusCode} ${document.body}`);
      const trainings = await ctx.call('GET', '/api/core/trainings/types', clinic);
      const trainingType = (trainings.json() as { data: { id: string }[] }).data[0]!.id;
      const training = await ctx.call('POST', '/api/core/trainings', user, {
        typeId: trainingType,
        completedOn: '2026-01-05',
      });
      if (training.statusCode !== 201) throw new Error(`training: ${training.statusCode} ${training.body}`);
      const leaveTypes = await ctx.call('GET', '/api/core/leave/types', user);
      const leaveType = (leaveTypes.json() as { data: { id: string }[] }).data[0]!.id;
      const leave = await ctx.call('POST', '/api/core/leave/requests', user, {
        typeId: (leaveTypes.json() as { data: { id: string; code: string }[] }).data.find(
          (t) => t.code === 'unpaid',
        )!.id,
        from: '2026-02-02',
        to: '2026-02-03',
      });
      if (leave.statusCode !== 201) throw new Error(`leave: ${leave.statusCode} ${leave.body}`);
      const holidays = await ctx.call('GET', '/api/core/holidays', user);
      const holiday = (holidays.json() as { data: { id: string }[] }).data[0]!.id;
      // A ward with a shift and a roster, for the shift and roster routes.
      const ward = await ctx.call('POST', '/api/core/departments', clinic, { name: 'Fuzz ward' });
      const wardId = (ward.json() as { data: { id: string } }).data.id;
      const shift = await ctx.call('POST', '/api/core/shift-templates', clinic, {
        departmentId: wardId,
        name: 'Day',
        startsAt: '07:00',
        endsAt: '19:00',
        minimumStaffing: [{ profession: 'Nurse', count: 1 }],
      });
      if (shift.statusCode !== 201) throw new Error(`shift: ${shift.statusCode} ${shift.body}`);
      const roster = await ctx.call('POST', '/api/core/rosters', clinic, {
        departmentId: wardId,
        startsOn: '2026-03-02',
        weeks: 1,
      });
      if (roster.statusCode !== 201) throw new Error(`roster: ${roster.statusCode} ${roster.body}`);
      // A wellness survey sent to the ward, for the survey routes (its results answered in full shape).
      const survey = await ctx.call('POST', '/api/core/wellness/surveys', clinic, {
        title: 'Fuzz pulse',
        questions: ['workload', 'burnout', 'safety'],
        departmentIds: [wardId],
        closesOn: '2026-12-31',
      });
      if (survey.statusCode !== 201) throw new Error(`survey: ${survey.statusCode} ${survey.body}`);
      const surveyId = (survey.json() as { data: { id: string } }).data.id;
      const sent = await ctx.call('POST', `/api/core/wellness/surveys/${surveyId}/send`, clinic);
      if (sent.statusCode !== 200) throw new Error(`survey send: ${sent.statusCode} ${sent.body}`);
      // A contract template and a draft contract from it for the staff record, for the contract routes.
      const template = await ctx.call('POST', '/api/core/contract-templates', clinic, {
        name: 'Fuzz template',
        body: 'Contract for {{name}}.',
      });
      if (template.statusCode !== 201) throw new Error(`template: ${template.statusCode} ${template.body}`);
      const templateId = (template.json() as { data: { id: string } }).data.id;
      const contract = await ctx.call('POST', '/api/core/contracts', clinic, {
        templateId,
        staffId: (staff.json() as { data: { id: string }[] }).data[0]!.id,
        salary: { amount: 50_000, currency: 'KES', period: 'month' },
        probationMonths: 3,
      });
      if (contract.statusCode !== 201) throw new Error(`contract: ${contract.statusCode} ${contract.body}`);
      const workflows = await ctx.call('GET', '/api/core/workflows', clinic);
      const workflow = (workflows.json() as { data: { id: string }[] }).data[0]?.id;
      if (!workflow) throw new Error(`workflows: ${workflows.statusCode} ${workflows.body}`);
      // A hire to invite (svc-hire's acceptance of the member's application), for /api/core/hires/:id.
      const hire = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fuzz-hire' });
      await hire.ensureStream('hire');
      await hire.publish(
        makeEnvelope(HireEvents.applicationStatusChanged, {
          applicationId: randomUUID(),
          jobId: randomUUID(),
          applicantId: user.id,
          ownerId: clinic.orgId!,
          from: 'pending',
          to: 'accepted',
          changedBy: clinic.id,
          changedAt: new Date().toISOString(),
        }),
      );
      await hire.close();
      const hireId = await eventually(
        async () =>
          ((await ctx.call('GET', '/api/core/hires', clinic)).json() as { data: { id: string }[] }).data[0]
            ?.id,
      );
      return [
        (credential.json() as { data: { id: string } }).data.id,
        (staff.json() as { data: { id: string }[] }).data[0]!.id,
        (policy.json() as { data: { id: string } }).data.id,
        (document.json() as { data: { id: string } }).data.id,
        trainingType,
        (training.json() as { data: { id: string } }).data.id,
        leaveType,
        (leave.json() as { data: { id: string } }).data.id,
        holiday,
        (shift.json() as { data: { id: string } }).data.id,
        (roster.json() as { data: { id: string } }).data.id,
        surveyId,
        templateId,
        (contract.json() as { data: { id: string } }).data.id,
        workflow,
        hireId,
      ];
    };
    return {
      app: ctx.app,
      async fixtures() {
        // Asked again for each role: the ids are made once.
        ids ??= await makeIds();
        const known = ids;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          // The hire's id last, but first (the valid one) for the hires' own routes.
          idsFor: (path) => ({
            id: path.startsWith('/api/core/hires') ? [known.at(-1)!, ...known] : known,
            // A staff record's, for the routes under a person (their opening leave balance).
            staffId: [known[1]!],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/**
 * The trust suite's svc-core: a clinic's HR adds a council for its organisation; the count is the list as
 * the platform admin reads it, which includes every organisation's councils.
 */
export const trustTarget: TrustTarget<App> = {
  build: (env) => buildApp(readConfig(env), { sweepEveryMs: 0 }),
  write: {
    url: '/api/core/councils',
    payload: () => ({
      code: `ke-t${randomUUID().slice(0, 8)}`,
      name: 'Trust Council',
      abbreviation: 'TC',
      country: 'KE',
      professions: ['Other'],
      renewalMonths: 12,
      registerUrl: 'https://council.example/register',
    }),
  },
  read: '/api/core/councils',
  count: { url: '/api/core/councils?limit=100', signedIn: true },
};
