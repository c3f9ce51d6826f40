import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { serviceTestEnv, type ServiceTestEnv } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/** Two instances of svc-hire on one database and one NATS prefix, as `REPLICAS=2` or a Deployment runs them. */
describe('two instances of a service started at once against a fresh database', () => {
  let run: ServiceTestEnv;
  let instances: App[] = [];

  beforeAll(async () => {
    run = await serviceTestEnv('hire_two');
    const config = readConfig(run.env);
    const started = await Promise.allSettled([buildApp(config), buildApp(config)]);
    instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    // Both must start: the one that waited for the migration lock finds nothing left to apply.
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await run?.cleanup();
  });

  it('both come up ready and serve', async () => {
    for (const app of instances) {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/job/get' })).statusCode).toBe(200);
    }
  });

  it('applies each committed migration exactly once', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(__dirname, '..', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    const sql = postgres(run.db.url, { max: 1, onnotice: () => {} });
    try {
      const applied = await sql<{ created_at: string }[]>`select created_at from hire.__drizzle_migrations`;
      expect(applied.map((row) => Number(row.created_at)).sort()).toEqual(
        journal.entries.map((e) => e.when).sort(),
      );
    } finally {
      await sql.end();
    }
  });
});
