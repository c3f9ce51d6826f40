import {
  startServiceForTest,
  eventually,
  userEvent,
  type Persona,
  type ServiceContext,
} from '@platform/testing';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { NatsEventBus } from '@platform/event-bus';
import type { LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import type { App } from '@platform/service-kit';
import { readConfig, type CoreConfig } from '../src/config';
import { buildApp } from '../src/app';

export type { Persona };

/** A clock the tests move: every instance built here reads it. */
export class TestClock {
  constructor(public at = new Date('2026-01-10T09:00:00Z')) {}
  now = () => this.at;
  /** Moves to 09:00 East Africa Time on `day`. */
  set(day: string) {
    this.at = new Date(`${day}T06:00:00Z`);
  }
}

export type CoreContext = ServiceContext<CoreConfig, App, LightMyRequestResponse> & {
  clock: TestClock;
  /** Stands in for svc-identity: publishes its user events on the run's prefix. */
  identity: NatsEventBus;
  /** A clinic (its owner account) whose organisation svc-core has projected. */
  clinic(over?: Partial<UserEventData>): Promise<Persona>;
  /** A professional who joined `clinic`'s organisation, with their staff record made. */
  member(clinic: Persona, over?: Partial<UserEventData>): Promise<Persona>;
  /** Another svc-core instance on the same database and bus prefix. */
  secondInstance(): Promise<App>;
  sql<T extends object = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
  /** A request with a raw text body (the CSV import). */
  send(
    method: string,
    url: string,
    who: Persona,
    body: string,
    type?: string,
  ): Promise<LightMyRequestResponse>;
};

/**
 * svc-core on its own database and NATS prefix, with a key pair standing in for svc-identity's and a test
 * clock: what other modules' tests use of it (`@platform/svc-core/testing`), never its src/.
 */
export async function startCore(env: Record<string, string> = {}): Promise<CoreContext> {
  const clock = new TestClock();
  const build = (config: CoreConfig) => buildApp(config, { now: clock.now, sweepEveryMs: 0 });
  const ctx = await startServiceForTest<CoreConfig, LightMyRequestResponse, App>(
    'core',
    readConfig,
    build,
    env,
  );
  const identity = await NatsEventBus.connect({
    url: ctx.natsUrl,
    prefix: ctx.prefix,
    name: 'fake-identity',
  });
  await identity.ensureStream('identity');
  const client = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  const others: App[] = [];
  const publish = async (p: Persona, over: Partial<UserEventData>) => {
    await identity.publish(
      userEvent(IdentityEvents.userRegistered, p.id, {
        name: p.name,
        email: p.email,
        role: p.role,
        orgId: p.orgId,
        ...over,
      }),
    );
  };
  return {
    ...ctx,
    clock,
    identity,
    async clinic(over = {}) {
      const p = ctx.persona('Clinic', { name: over.name });
      await publish(p, { country: 'Kenya', ...over });
      await eventually(
        async () => (await client`select 1 from core.organisations where id = ${p.orgId!}`)[0],
      );
      return p;
    },
    async member(clinic, over = {}) {
      const p = ctx.persona('user', { orgId: clinic.orgId, name: over.name, email: over.email });
      await publish(p, over);
      await eventually(
        async () =>
          (await client`select 1 from core.staff_records where person_id = ${p.id} and left_at is null`)[0],
      );
      return p;
    },
    async secondInstance() {
      const app = await build(ctx.config);
      others.push(app);
      return app;
    },
    async sql(text, ...params) {
      return (await client.unsafe(text, params as never[])) as never;
    },
    send(method, url, who, body, type = 'text/csv') {
      return ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
        payload: body,
      });
    },
    async close() {
      for (const app of others) await app.close();
      await client.end();
      await identity.close();
      await ctx.close();
    },
  };
}
export { fakeCore, type FakeCore } from './fake-core';

/**
 * The alert schedule of something expiring on 2026-06-30, on the test clock: on each day that matters the
 * sweep runs three times at once on two instances, and `alertsSent()` (its milestones, oldest first) must
 * show each window's alert exactly once (90, 60, 30 days, the day, then expired); a restart (a new instance
 * on the same database) sends nothing again.
 */
export async function sweepEachDayOnTwoInstances(
  ctx: CoreContext,
  alertsSent: () => Promise<string[]>,
): Promise<void> {
  const other = await ctx.secondInstance();
  for (const [day, expected] of [
    ['2026-03-31', []],
    ['2026-04-01', ['days-90']],
    ['2026-04-02', ['days-90']],
    ['2026-05-01', ['days-90', 'days-60']],
    ['2026-05-31', ['days-90', 'days-60', 'days-30']],
    ['2026-06-30', ['days-90', 'days-60', 'days-30', 'expires-today']],
    ['2026-07-01', ['days-90', 'days-60', 'days-30', 'expires-today', 'expired']],
    ['2026-07-02', ['days-90', 'days-60', 'days-30', 'expires-today', 'expired']],
  ] as const) {
    ctx.clock.set(day);
    await Promise.all([ctx.app.sweep(), other.sweep(), ctx.app.sweep()]);
    expect(await alertsSent()).toEqual(expected);
  }
  const restarted = await ctx.secondInstance();
  expect((await restarted.sweep()).sent).toBe(0);
}

/** The staff record id of `person` in `clinic`'s team, as the team list answers it. */
export async function staffIdOf(ctx: CoreContext, clinic: Persona, person: Persona): Promise<string> {
  const list = (await ctx.call('GET', '/api/core/staff?limit=100', clinic)).json().data as {
    id: string;
    personId: string;
  }[];
  return list.find((s) => s.personId === person.id)!.id;
}

/** The last signing code mailed to `who` for a contract, as the e-mail carries it. */
export async function lastContractCode(ctx: CoreContext, who: Persona, contractId: string): Promise<string> {
  const rows = await ctx.sql<{ title: string }>(
    `select payload->'data'->'title'->>'en' as title from core.outbox
      where type = 'core.notification.requested.v1' and payload->'data'->>'kind' = 'core.contract-code'
        and payload->'data'->>'userId' = $1 and payload->'data'->>'link' like '%' || $2
      order by seq desc limit 1`,
    who.id,
    contractId,
  );
  return /: (\d{6}) /.exec(rows[0]!.title)![1]!;
}
