import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import {
  eventually,
  natsUrl,
  serviceTestEnv,
  startSmtpSink,
  type SmtpSink,
  type TestDatabase,
} from '@platform/testing';
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
  /** The SMTP server the service sends to (SMTP_URL), when started with `{ mail: true }`. */
  smtp?: SmtpSink;
  /**
   * The secret of the newest one-time link to `page` (`/reset-password`, `/login/link`, `/verify-email`)
   * mailed to `email`, once it arrives: what its owner would click.
   */
  linkSecret(email: string, page: string): Promise<string>;
  db: TestDatabase;
  prefix: string;
  natsUrl: string;
  close(): Promise<void>;
}

/**
 * svc-identity on its own database and NATS prefix. `env` overrides configuration; `mail` gives it an SMTP
 * server of its own (a sink the test reads).
 */
export async function startIdentity(
  env: Record<string, string> = {},
  { mail = false } = {},
): Promise<TestContext> {
  const smtp = mail ? await startSmtpSink() : undefined;
  const run = await serviceTestEnv('identity', env.NATS_URL ?? natsUrl());
  const config = readConfig({
    ...run.env,
    JWT_PRIVATE_KEY: run.keys.privateKey,
    LOGIN_IP_PER_MINUTE: '1000',
    REGISTER_IP_PER_MINUTE: '1000',
    EMAIL_LINK_IP_PER_MINUTE: '1000',
    ...(smtp ? { SMTP_URL: smtp.url, PUBLIC_URL: 'https://afyahr.example' } : {}),
    ...env,
  });
  // One that refuses to start (as tests of its refusals expect) leaves no database behind.
  const app = await buildApp(config).catch(async (err: unknown) => {
    await run.cleanup();
    await smtp?.close();
    throw err;
  });
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
    smtp,
    linkSecret: (email, page) => linkSecret(smtp, email, page),
    db: run.db,
    prefix: run.prefix,
    natsUrl: run.natsUrl,
    async close() {
      await app.close();
      await run.cleanup();
      await smtp?.close();
    },
  };
}

/** The secret in the newest link to `page` that reached `email` (waits for it to arrive). */
async function linkSecret(smtp: SmtpSink | undefined, email: string, page: string): Promise<string> {
  if (!smtp) throw new Error('start the service with { mail: true } to read its e-mails');
  const pattern = new RegExp(`https://afyahr\\.example${page}#token=([A-Za-z0-9_-]+)`);
  return eventually(async () => {
    const mail = smtp.inbox.filter((m) => m.to === email && pattern.test(m.raw)).at(-1);
    return mail && pattern.exec(mail.raw)![1];
  });
}

/** Signs up with `body` (aUser), opens the verification link mailed to it, and logs in. */
export async function verifiedAccount(ctx: TestContext, body: ReturnType<typeof aUser>) {
  expect((await ctx.register(body)).statusCode).toBe(201);
  const token = await ctx.linkSecret(body.email, '/verify-email');
  const res = await ctx.app.inject({ method: 'POST', url: '/api/user/email/verify', payload: { token } });
  expect(res.statusCode).toBe(200);
  const login = await ctx.login(body.email, body.password);
  expect(login.statusCode).toBe(200);
  return login.json() as { token: string; user: { id: string; email: string; orgId: string | null } };
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
