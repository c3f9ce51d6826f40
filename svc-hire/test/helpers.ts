import { randomUUID } from 'node:crypto';
import { serviceTestEnv, signToken, type TestDatabase, type TokenClaims } from '@platform/testing';
import { makeEnvelope } from '@platform/event-bus';
import type { UserEventData } from '@platform/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import { readConfig, type HireConfig } from '../src/config';
import { buildApp } from '../src/app';

export interface Persona {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'Clinic' | 'admin';
  orgId: string | null;
  token: string;
}

export interface HireContext {
  app: App;
  config: HireConfig;
  db: TestDatabase;
  prefix: string;
  natsUrl: string;
  /** A signed token for a new account of `role` (a Clinic gets its own organisation). */
  persona(role: Persona['role'], over?: TokenClaims): Persona;
  /** A request as `who` (or anonymous); the payload is sent as JSON. */
  call(method: string, url: string, who?: Persona, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** svc-hire on its own database and NATS prefix, with a key pair standing in for svc-identity's. */
export async function startHire(env: Record<string, string> = {}): Promise<HireContext> {
  const run = await serviceTestEnv('hire');
  const config = readConfig({ ...run.env, ...env });
  const app = await buildApp(config);
  return {
    app,
    config,
    db: run.db,
    prefix: run.prefix,
    natsUrl: run.natsUrl,
    persona(role, over = {}) {
      const id = over.sub ?? randomUUID();
      const tag = id.slice(0, 8);
      const p = {
        id,
        email: over.email ?? `${role.toLowerCase()}.${tag}@example.org`,
        name: over.name ?? `${role} ${tag}`,
        role,
        orgId: over.orgId !== undefined ? over.orgId : role === 'Clinic' ? randomUUID() : null,
      };
      const token = signToken(
        run.keys.privateKey,
        { ...p, sub: id },
        { audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER },
      );
      return { ...p, token };
    },
    call(method, path, who, payload) {
      return app.inject({
        method: method as 'GET',
        url: path,
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async close() {
      await app.close();
      await run.cleanup();
    },
  };
}

export const aJob = (over: Record<string, unknown> = {}) => ({
  title: 'Registered Nurse, Maternity',
  organization: 'Nakuru Family Clinic',
  department: 'Maternity',
  location: 'Nakuru, Kenya',
  type: 'Full-time',
  description: 'Day shifts on the maternity ward; KNCHR licence required.',
  salaryRange: 'Ksh 80,000 - 110,000',
  ...over,
});

export const anApplication = (jobId: string, over: Record<string, unknown> = {}) => ({
  jobId,
  fullName: 'Amina Wanjiru',
  email: 'amina@example.org',
  phoneNumber: '+254 700 111 222',
  coverLetter: 'Six years in maternity care.',
  resumeUrl: 'https://cv.example.org/amina.pdf',
  ...over,
});

/** An identity.user.* event as svc-identity publishes it, for the users projection: `over` changes fields. */
export const userEvent = (type: string, id: string, over: Partial<UserEventData> = {}) =>
  makeEnvelope<UserEventData>(type, {
    id,
    name: 'Nakuru Family Clinic',
    email: 'hr@nakuru.example',
    role: 'Clinic',
    orgId: null,
    designation: '',
    description: '',
    address: '',
    phone: '',
    skills: [],
    facility: '',
    country: '',
    location: '',
    photo: '',
    createdAt: new Date().toISOString(),
    version: 1,
    ...over,
  });
