import { randomUUID } from 'node:crypto';
import {
  startServiceForTest,
  eventually,
  userEvent,
  type Persona,
  type ServiceContext,
} from '@platform/testing';
import { IdentityEvents, type Profession, type UserEventData } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import { CoreEvents, type CredentialEventData } from '@platform/svc-core/contract';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import type { App } from '@platform/service-kit';
import { readConfig, type ConnectConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };
export type ConnectContext = ServiceContext<ConnectConfig, App, LightMyRequestResponse> & {
  /** Stands in for svc-identity: publishes identity's events on the run's prefix. */
  identity: NatsEventBus;
  /**
   * A persona that svc-identity registered: its identity.user.registered.v1 is published and the directory
   * has it (an account 30 days old unless `createdAt` says otherwise).
   */
  member(role: Persona['role'], over?: Partial<UserEventData>): Promise<Persona>;
  /** Stands in for svc-core: publishes core's events on the run's prefix. */
  core: NatsEventBus;
  /**
   * What svc-core publishes when an organisation's HR verifies the person's licence (or, `expired`, on its
   * expiry day): the council's professions become (or stop being) the person's verified professions.
   */
  licence(
    who: Persona,
    professions: Profession[],
    over?: Partial<CredentialEventData> & { expired?: boolean },
  ): Promise<CredentialEventData>;
  /** Runs SQL on the service's database (counts that prove a refused request changed nothing). */
  sql<T extends object = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
};

const DAY_MS = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** svc-connect on its own database and NATS prefix, with a key pair standing in for svc-identity's. */
export async function startConnect(env: Record<string, string> = {}): Promise<ConnectContext> {
  const ctx = await startServiceForTest<ConnectConfig, LightMyRequestResponse, App>(
    'connect',
    readConfig,
    buildApp,
    { DIRECTORY_CACHE_MS: '0', ...env },
  );
  const identity = await NatsEventBus.connect({
    url: ctx.natsUrl,
    prefix: ctx.prefix,
    name: 'fake-identity',
  });
  await identity.ensureStream('identity');
  const core = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-core' });
  await core.ensureStream('core');
  const client = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  return {
    ...ctx,
    identity,
    core,
    async licence(who, professions, { expired = false, ...over } = {}) {
      const data: CredentialEventData = {
        credentialId: randomUUID(),
        personId: who.id,
        councilCode: 'ke-test',
        professions,
        expiresOn: new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10),
        daysLeft: 365,
        organisationId: null,
        ...over,
      };
      await core.publish(
        makeEnvelope(expired ? CoreEvents.credentialExpired : CoreEvents.credentialVerified, data),
      );
      return data;
    },
    async member(role, over = {}) {
      const p = ctx.persona(role, { name: over.name, orgId: over.orgId, email: over.email });
      const data: Partial<UserEventData> = {
        name: p.name,
        email: p.email,
        role,
        orgId: p.orgId,
        createdAt: daysAgo(30),
        // A member who proved their address, unless a test says otherwise.
        emailVerified: true,
        ...over,
      };
      await identity.publish(userEvent(IdentityEvents.userRegistered, p.id, data));
      await eventually(async () => {
        const [row] = await client`select 1 from connect.users where id = ${p.id}`;
        return row;
      });
      return p;
    },
    async sql(text, ...params) {
      return (await client.unsafe(text, params as never[])) as never;
    },
    async close() {
      await client.end();
      await identity.close();
      await core.close();
      await ctx.close();
    },
  };
}

/** A discussion body as the spec's form sends it. */
export const aDiscussion = (over: Record<string, unknown> = {}) => ({
  title: `Task shifting in Turkana ${randomUUID().slice(0, 6)}`,
  content: 'How do your **clinical officers** share the maternity load at night?',
  category: 'Task Shifting in Rural Clinics',
  visible: ['Public'],
  ...over,
});
