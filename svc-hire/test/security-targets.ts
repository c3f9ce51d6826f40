import type { App } from '@platform/service-kit';
import type { FuzzTarget, TrustTarget } from '@platform/testing';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { aJob, anApplication, startHire } from './helpers';

/** The API fuzz test's svc-hire (security/api-fuzz.int.test.ts): its tokens and real ids. */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-hire',
  async start() {
    const ctx = await startHire();
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    const admin = ctx.persona('admin');
    return {
      app: ctx.app,
      async fixtures() {
        // A job of this clinic with an application of this user, so every :id route finds its row.
        const job = await ctx.call('POST', '/api/job/add', clinic, aJob());
        const jobId = job.json().data.id as string;
        const applied = await ctx.call('POST', '/api/application/apply', user, anApplication(jobId));
        if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
        const applicationId = applied.json().data.id as string;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          // Each route's own kind of id first; the other kind too (a real id of the wrong kind).
          idsFor: (path) => ({
            id: path.startsWith('/api/application') ? [applicationId, jobId] : [jobId, applicationId],
            jobId: [jobId],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/** The trust suite's svc-hire: a Clinic posts a job; an applicant's applications need a token. */
export const trustTarget: TrustTarget<App> = {
  build: (env) => buildApp(readConfig(env)),
  write: { url: '/api/job/add', payload: () => aJob() },
  read: '/api/application/get',
  count: { url: '/api/job/get?limit=100' },
};
