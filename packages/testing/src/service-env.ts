import { createTestDatabase, type TestDatabase } from './db';
import { deleteStreamsWithPrefix, natsUrl, testNatsPrefix } from './nats';
import { generateKeyPair } from './tokens';
import { OPEN_NATS_SWITCH } from '@platform/event-bus';

export interface ServiceTestEnv {
  db: TestDatabase;
  keys: { privateKey: string; publicKey: string };
  prefix: string;
  natsUrl: string;
  /** The variables every service reads: its own database, NATS prefix and public key; silent logs. */
  env: Record<string, string>;
  /** Removes the run's streams and database. */
  cleanup(): Promise<void>;
}

/** What one service's test file needs before building the app: nothing shared with other runs. */
export async function serviceTestEnv(dbPrefix: string, url = natsUrl()): Promise<ServiceTestEnv> {
  const db = await createTestDatabase(dbPrefix);
  const keys = generateKeyPair();
  const prefix = testNatsPrefix();
  return {
    db,
    keys,
    prefix,
    natsUrl: url,
    env: {
      DATABASE_URL: db.url,
      NATS_URL: url,
      NATS_PREFIX: prefix,
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      // The one place tests use the switch, visibly: a service built in-process on the run's shared NATS
      // (open in CI) under a throwaway prefix, with no NATS user. Services run as processes (npm start,
      // e2e, the demo test, benches) have a nats-server of their own with the platform's users, and tests
      // of the users themselves set it back to '' (scripts/services-nats-users.int.test.ts).
      [OPEN_NATS_SWITCH]: '1',
    },
    async cleanup() {
      await deleteStreamsWithPrefix(url, prefix).catch(() => {});
      await db.drop();
    },
  };
}
