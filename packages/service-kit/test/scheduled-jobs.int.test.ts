import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { scheduledJobs, type ScheduledJobs } from '../src/scheduled-jobs';

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
};

describe('scheduled jobs across two instances of a service', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('scheduled_jobs');
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await database.drop();
  });

  // Each test has its own queue schema: an instance left running by one test never takes the other's jobs.
  function instance(
    schema: string,
    run: () => Promise<unknown>,
    cron = '0 0 1 1 *',
  ): { app: FastifyInstance; jobs: ScheduledJobs } {
    const app = Fastify();
    apps.push(app);
    const jobs = scheduledJobs(app, {
      url: database.url,
      schema,
      jobs: [{ name: 'sweep', cron, run, expireInSeconds: 2 }],
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: 0.5,
    });
    return { app, jobs };
  }

  it('runs a job queued through one instance once, and again after the instance running it was killed', async () => {
    let started = 0;
    let completed = 0;
    const hang = new Promise(() => {});
    const a = instance('kit_jobs_kill', async () => {
      started += 1;
      await hang; // killed before it finishes
    });
    await a.app.ready();
    await a.jobs.runNow('sweep');
    await until(() => started === 1, 10_000);
    expect(started).toBe(1);
    await a.jobs.abandon();

    const b = instance('kit_jobs_kill', async () => {
      started += 1;
      completed += 1;
    });
    await b.app.ready();
    await until(() => completed === 1, 20_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect({ started, completed }).toEqual({ started: 2, completed: 1 });
  }, 40_000);

  it('sends one job per cron tick however many instances run', async () => {
    let runs = 0;
    const count = async () => {
      runs += 1;
    };
    const one = instance('kit_jobs_cron', count, '* * * * *');
    const two = instance('kit_jobs_cron', count, '* * * * *');
    await Promise.all([one.app.ready(), two.app.ready()]);
    await until(() => runs > 0, 80_000);
    await new Promise((r) => setTimeout(r, 5000));
    expect(runs).toBe(1);
  }, 100_000);
});
