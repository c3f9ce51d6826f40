import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { natsUrl, serviceTestEnv, type TestDatabase } from '@platform/testing';
import { NatsEventBus } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { readConfig, type IdentityConfig } from '../src/config';
import { buildApp } from '../src/app';

export interface TestContext {
  app: App;
  register(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<LightMyRequestResponse>;
  /** Accounts stored, of any role (read from the database: the directory's total is capped). */
  userCount(): Promise<number>;
  config: IdentityConfig;
  db: TestDatabase;
  prefix: string;
  natsUrl: string;
  close(): Promise<void>;
}

/** svc-identity on its own database and NATS prefix. `env` overrides configuration. */
export async function startIdentity(env: Record<string, string> = {}): Promise<TestContext> {
  const run = await serviceTestEnv('identity', env.NATS_URL ?? natsUrl());
  const config = readConfig({
    ...run.env,
    JWT_PRIVATE_KEY: run.keys.privateKey,
    LOGIN_IP_PER_MINUTE: '1000',
    REGISTER_IP_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    register: (body) => app.inject({ method: 'POST', url: '/api/user/register', payload: body }),
    login: (email, password) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } }),
    userCount: async () => {
      const sql = postgres(run.db.url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from identity.users`;
        return row!.n;
      } finally {
        await sql.end();
      }
    },
    config,
    db: run.db,
    prefix: run.prefix,
    natsUrl: run.natsUrl,
    async close() {
      await app.close();
      await run.cleanup();
    },
  };
}

export const aUser = (over: Record<string, unknown> = {}) => ({
  name: 'Amina Wanjiru',
  email: `amina.${Math.random().toString(36).slice(2, 8)}@clinic.example`,
  password: 'correct horse battery',
  designation: 'Nurse',
  description: 'Registered nurse, 6 years in maternity.',
  address: 'Nakuru, Kenya',
  phone: '+254 700 111 222',
  skills: ['Triage', 'Midwifery'],
  role: 'user',
  ...over,
});

export { NatsEventBus };
