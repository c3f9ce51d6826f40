import {
  createTestDatabase,
  generateKeyPair,
  testNatsPrefix,
  natsUrl,
  deleteStreamsWithPrefix,
  type TestDatabase,
} from '@platform/testing';
import { NatsEventBus } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { readConfig, type IdentityConfig } from '../src/config';
import { buildApp } from '../src/app';

export interface TestContext {
  app: App;
  config: IdentityConfig;
  db: TestDatabase;
  prefix: string;
  natsUrl: string;
  close(): Promise<void>;
}

/** svc-identity on its own database and NATS prefix. `env` overrides configuration. */
export async function startIdentity(env: Record<string, string> = {}): Promise<TestContext> {
  const db = await createTestDatabase('identity');
  const keys = generateKeyPair();
  const prefix = testNatsPrefix();
  const url = env.NATS_URL ?? natsUrl();
  const config = readConfig({
    DATABASE_URL: db.url,
    NATS_URL: url,
    NATS_PREFIX: prefix,
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    LOG_LEVEL: 'silent',
    LOGIN_IP_PER_MINUTE: '1000',
    REGISTER_IP_PER_MINUTE: '1000',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    config,
    db,
    prefix,
    natsUrl: url,
    async close() {
      await app.close();
      await deleteStreamsWithPrefix(url, prefix).catch(() => {});
      await db.drop();
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
