import { randomUUID } from 'node:crypto';
import {
  startServiceForTest,
  eventually,
  userEvent,
  type Persona,
  type ServiceContext,
} from '@platform/testing';
import { IdentityEvents, type Profession, type UserEventData } from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import type { CredentialEventData } from '@platform/svc-core/contract';
import { fakeCore, type FakeCore } from '@platform/svc-core/testing';
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
  /** svc-core's credential events for `who` (fakeCore's `licence`): their verified professions. */
  licence(
    who: Persona,
    professions: Profession[],
    over?: Parameters<FakeCore['licence']>[2],
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
  const core = await fakeCore(ctx.natsUrl, ctx.prefix);
  const client = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  return {
    ...ctx,
    identity,
    licence: (who, professions, over) => core.licence(who.id, professions, over),
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
