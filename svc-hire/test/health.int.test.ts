import postgres from 'postgres';
import { serviceTestEnv, type ServiceTestEnv } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/** The probes a Kubernetes Deployment (deploy/k8s) points at: liveness, and readiness checking Postgres and NATS. */
describe('health endpoints of a service on real Postgres and NATS', () => {
  let run: ServiceTestEnv;
  let app: App;
  let admin: postgres.Sql;
  const database = () => new URL(run.db.url).pathname.slice(1);

  beforeAll(async () => {
    run = await serviceTestEnv('hire_health');
    app = await buildApp(readConfig(run.env));
    const adminUrl = new URL(run.db.url);
    adminUrl.pathname = '/postgres';
    admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.unsafe(`alter database "${database()}" allow_connections true`).catch(() => {});
    await app?.close();
    await admin?.end();
    await run?.cleanup();
  });

  it('is live, and ready once its database and bus answer; the older names still answer', async () => {
    const live = await app.inject('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });

  it('is not ready while Postgres refuses it, names the database, and is ready again after', async () => {
    await admin.unsafe(`alter database "${database()}" allow_connections false`);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database()}`;
    const down = await app.inject('/health/ready');
    expect(down.statusCode).toBe(503);
    const body = down.json<{ status: string; checks: Record<string, string> }>();
    expect(body.status).toBe('not ready');
    expect(body.checks.database).not.toBe('ok');
    expect(body.checks.bus).toBe('ok');
    // Liveness does not depend on Postgres: the process is not restarted for an outage elsewhere.
    expect((await app.inject('/health/live')).statusCode).toBe(200);

    await admin.unsafe(`alter database "${database()}" allow_connections true`);
    let again = await app.inject('/health/ready');
    for (let i = 0; i < 20 && again.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      again = await app.inject('/health/ready');
    }
    expect(again.statusCode).toBe(200);
  });
});
