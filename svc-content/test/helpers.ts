import { NatsEventBus } from '@platform/event-bus';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import {
  eventually,
  startServiceForTest,
  userEvent,
  type Persona,
  type ServiceContext,
} from '@platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import type { App } from '@platform/service-kit';
import { readConfig, type ContentConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };
export type ContentContext = ServiceContext<ContentConfig, App, LightMyRequestResponse> & {
  /** Stands in for the other services: publishes their events on the run's prefix. */
  others: NatsEventBus;
  /** A persona svc-identity registered (its identity.user.registered.v1 published and applied). */
  member(role: Persona['role'], over?: Partial<UserEventData>): Promise<Persona>;
  /** Runs SQL on the service's database (counts that prove a refused request changed nothing). */
  sql<T extends object = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
  /** A request from another client address (the per-address limits). */
  from(address: string, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

/** svc-content on its own database and NATS prefix, with a key pair standing in for svc-identity's. */
export async function startContent(env: Record<string, string> = {}): Promise<ContentContext> {
  const ctx = await startServiceForTest<ContentConfig, LightMyRequestResponse, App>(
    'content',
    readConfig,
    buildApp,
    env,
  );
  const others = await NatsEventBus.connect({ url: ctx.natsUrl, prefix: ctx.prefix, name: 'fake-others' });
  for (const producer of ['identity', 'hire', 'events', 'connect']) await others.ensureStream(producer);
  const client = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  return {
    ...ctx,
    others,
    async member(role, over = {}) {
      const p = ctx.persona(role, { name: over.name, email: over.email });
      await others.publish(
        userEvent(IdentityEvents.userRegistered, p.id, {
          name: p.name,
          email: p.email,
          role,
          orgId: p.orgId,
          ...over,
        }),
      );
      await eventually(async () => (await client`select 1 from content.users where id = ${p.id}`)[0]);
      return p;
    },
    async sql(text, ...params) {
      return (await client.unsafe(text, params as never[])) as never;
    },
    from(address, method, url, payload) {
      return ctx.app.inject({
        method: method as 'POST',
        url,
        payload: payload as object,
        remoteAddress: address,
      });
    },
    async close() {
      await client.end();
      await others.close();
      await ctx.close();
    },
  };
}
