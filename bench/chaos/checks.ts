/**
 * What the chaos run checks once the load has stopped and the platform has settled, each straight from the
 * services' own schemas (never through their APIs, which could hide a row): every acknowledged write is there
 * exactly once; every projection of identity's accounts holds the same people with the same roles; no event
 * was applied twice (the counters kept from events against what they count, and every consumer's
 * processed-events rows against the outboxes); no scheduled job ran twice at once or twice for one tick.
 */
import type { Sql } from 'postgres';
import type { Unacknowledged, Write, WriteKind } from './journeys';

export interface Check {
  name: string;
  ok: boolean;
  /** The figures behind it, one line. */
  detail: string;
}

export interface WriteFigures {
  kind: WriteKind;
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Answered without 2xx (no answer, 5xx), yet done: the client cannot know, the platform must not double it. */
  unacknowledgedDone: number;
  unacknowledged: number;
}

/**
 * How many rows each write has in its service's schema, by the data that identifies it. The id the answer
 * gave must be among them (a row made twice would have two ids).
 */
async function countsOf(sql: Sql, kind: WriteKind, keys: Record<string, string>[]): Promise<number[]> {
  const col = (k: string) => keys.map((x) => x[k]!);
  const one = async (q: Promise<{ n: number }[]>) => (await q).map((r) => r.n);
  switch (kind) {
    case 'account':
      return one(sql`select (select count(*)::int from identity.users u where lower(u.email) = lower(e)) as n
        from unnest(${col('email')}::text[]) with ordinality as t(e, i) order by i`);
    case 'payment':
      // By its Idempotency-Key (a new UUID per checkout): the organisation is the clinic's, not its account's.
      return one(sql`select (select count(*)::int from billing.payments p where p.idempotency_key = k) as n
        from unnest(${col('idempotencyKey')}::text[]) with ordinality as t(k, i) order by i`);
    case 'job':
      return one(sql`select (select count(*)::int from hire.jobs j where j.title = x) as n
        from unnest(${col('title')}::text[]) with ordinality as t(x, i) order by i`);
    case 'application':
      return one(sql`select (select count(*)::int from hire.applications a where a.job_id = j and a.user_id = u) as n
        from unnest(${col('jobId')}::uuid[], ${col('userId')}::uuid[]) with ordinality as t(j, u, i) order by i`);
    case 'event':
      return one(sql`select (select count(*)::int from events.events e where e.title = x) as n
        from unnest(${col('title')}::text[]) with ordinality as t(x, i) order by i`);
    case 'registration':
      return one(sql`select (select count(*)::int from events.registrations r where r.event_id = e and r.user_id = u) as n
        from unnest(${col('eventId')}::uuid[], ${col('userId')}::uuid[]) with ordinality as t(e, u, i) order by i`);
    case 'checkin':
      // Checked in, with its one certificate (the event gives CPD points).
      return one(sql`select (select count(*)::int from events.registrations r join events.certificates c
          on c.registration_id = r.id where r.id = x and r.checked_in_at is not null) as n
        from unnest(${col('registrationId')}::uuid[]) with ordinality as t(x, i) order by i`);
    case 'connection':
      return one(sql`select (select count(*)::int from connect.connection_requests c
          where c.from_id = f and c.to_id = o) as n
        from unnest(${col('fromId')}::uuid[], ${col('toId')}::uuid[]) with ordinality as t(f, o, i) order by i`);
    case 'discussion':
      return one(sql`select (select count(*)::int from connect.discussions d where d.title = x) as n
        from unnest(${col('title')}::text[]) with ordinality as t(x, i) order by i`);
  }
}

/** The ids each write's rows have, to check the answered id is the stored one. */
async function idsOf(sql: Sql, kind: WriteKind, ids: string[]): Promise<Set<string>> {
  const table: Record<WriteKind, string> = {
    account: 'identity.users',
    payment: 'billing.payments',
    job: 'hire.jobs',
    application: 'hire.applications',
    event: 'events.events',
    registration: 'events.registrations',
    checkin: 'events.registrations',
    connection: 'connect.connection_requests',
    discussion: 'connect.discussions',
  };
  const rows = await sql.unsafe<{ id: string }[]>(
    `select id::text from ${table[kind]} where id = any($1::uuid[])`,
    [ids] as never[],
  );
  return new Set(rows.map((r) => r.id));
}

export async function checkWrites(
  sql: Sql,
  ledger: Write[],
  unacknowledged: Unacknowledged[],
): Promise<WriteFigures[]> {
  const kinds: WriteKind[] = [
    'account',
    'payment',
    'job',
    'application',
    'event',
    'registration',
    'checkin',
    'connection',
    'discussion',
  ];
  const out: WriteFigures[] = [];
  for (const kind of kinds) {
    const writes = ledger.filter((w) => w.kind === kind);
    const counts = writes.length
      ? await countsOf(
          sql,
          kind,
          writes.map((w) => w.key),
        )
      : [];
    const stored = writes.length
      ? await idsOf(
          sql,
          kind,
          writes.map((w) => w.id),
        )
      : new Set<string>();
    const unknown = unacknowledged.filter((u) => u.kind === kind);
    const unknownCounts = unknown.length
      ? await countsOf(
          sql,
          kind,
          unknown.map((u) => u.key),
        )
      : [];
    out.push({
      kind,
      acknowledged: writes.length,
      lost: writes.filter((w, i) => counts[i] === 0 || !stored.has(w.id)).length,
      duplicated: counts.filter((n) => n > 1).length,
      unacknowledgedDone: unknownCounts.filter((n) => n > 0).length,
      unacknowledged: unknown.length,
    });
  }
  return out;
}

/** The projections of identity's accounts: where each service keeps them. */
const PROJECTIONS = [
  ['svc-hire', 'hire.users'],
  ['svc-events', 'events.users'],
  ['svc-connect', 'connect.users'],
  ['svc-content', 'content.users'],
  ['svc-core', 'core.people'],
] as const;

/** Each projection against identity's accounts: missing, extra, or a different role or version. */
export async function checkProjections(sql: Sql): Promise<Check[]> {
  const out: Check[] = [];
  const [accountRow] = await sql<{ n: number }[]>`select count(*)::int as n from identity.users`;
  const accounts = accountRow!.n;
  for (const [service, table] of PROJECTIONS) {
    const [r] = await sql.unsafe<{ missing: number; extra: number; role: number; version: number }[]>(`
      select
        (select count(*)::int from identity.users i where not exists (select 1 from ${table} p where p.id = i.id)) as missing,
        (select count(*)::int from ${table} p where not exists (select 1 from identity.users i where i.id = p.id)) as extra,
        (select count(*)::int from identity.users i join ${table} p using (id) where p.role <> i.role) as role,
        (select count(*)::int from identity.users i join ${table} p using (id) where p.version <> i.version) as version`);
    const ok = r!.missing === 0 && r!.extra === 0 && r!.role === 0 && r!.version === 0;
    out.push({
      name: `${service}'s accounts (${table}) = identity's`,
      ok,
      detail: `${accounts} accounts; missing ${r!.missing}, extra ${r!.extra}, other role ${r!.role}, other version ${r!.version}`,
    });
  }
  // Clinics are organisations in billing (for invoices) with a subscription each.
  const [b] = await sql<{ missing: number }[]>`
    select count(*)::int as missing from identity.users i where i.role = 'Clinic'
      and not exists (select 1 from billing.organisations o where o.org_id = coalesce(i.org_id, i.id)::text)`;
  out.push({
    name: "svc-billing's organisations = identity's clinics",
    ok: b!.missing === 0,
    detail: `missing ${b!.missing}`,
  });
  return out;
}

/** The schemas with an outbox and a processed-events table (every service's). */
const SCHEMAS = ['identity', 'hire', 'events', 'connect', 'content', 'core', 'billing'];

/**
 * No event applied twice, none lost: counters kept from events against what they count; every consumer's
 * processed rows are events some outbox holds; every identity account event reached every projection's
 * consumer exactly once; no outbox row is left unsent.
 */
export async function checkEvents(sql: Sql): Promise<Check[]> {
  const out: Check[] = [];
  const outboxes = SCHEMAS.map((s) => `select id, type from ${s}.outbox`).join(' union all ');

  const unsent = await sql.unsafe<{ schema: string; n: number }[]>(
    SCHEMAS.map(
      (s) => `select '${s}' as schema, count(*)::int as n from ${s}.outbox where sent_at is null`,
    ).join(' union all '),
  );
  const left = unsent.filter((u) => u.n > 0);
  out.push({
    name: 'every outbox row published',
    ok: left.length === 0,
    detail: left.length ? left.map((u) => `${u.schema}: ${u.n} unsent`).join(', ') : '0 unsent in 7 outboxes',
  });

  const phantoms = await sql.unsafe<{ schema: string; n: number; total: number }[]>(
    SCHEMAS.map(
      (s) => `select '${s}' as schema, count(*) filter (where o.id is null)::int as n, count(*)::int as total
        from ${s}.processed_events p left join (${outboxes}) o on o.id = p.event_id`,
    ).join(' union all '),
  );
  const total = phantoms.reduce((n, p) => n + p.total, 0);
  out.push({
    name: 'every processed event is one an outbox published',
    ok: phantoms.every((p) => p.n === 0),
    detail: `${total} processed-event rows in 7 schemas; ${phantoms.reduce((n, p) => n + p.n, 0)} from no outbox`,
  });

  // Each projection's consumer took every identity.user.* event once (the primary key makes twice impossible
  // in the table; this says none is missing).
  const consumers = await sql<{ schema: string; consumer: string; n: number }[]>`
    select schema, consumer, n from (${sql.unsafe(
      SCHEMAS.map(
        (s) => `select '${s}' as schema, consumer, count(*)::int as n from ${s}.processed_events p
          join identity.outbox o on o.id = p.event_id and o.type like 'identity.user.%' group by consumer`,
      ).join(' union all '),
    )}) c where consumer like '%user-sync' or consumer like '%organisations'`;
  const [eventRow] = await sql<{ n: number }[]>`
    select count(*)::int as n from identity.outbox where type like 'identity.user.%'`;
  const userEvents = eventRow!.n;
  const short = consumers.filter((c) => c.n !== userEvents);
  out.push({
    name: "identity's account events applied once by each projection",
    ok: consumers.length >= 6 && short.length === 0,
    detail:
      `${userEvents} events; ${consumers.length} consumers` +
      (short.length ? `; ${short.map((c) => `${c.consumer} ${c.n}`).join(', ')}` : ', each all of them'),
  });

  // Counters kept from events (svc-content's weekly activity) against the rows they count.
  const [c] = await sql<Record<string, number>[]>`
    select
      (select coalesce(sum(count), 0)::int from content.weekly_counts where series = 'jobs') as jobs_counted,
      (select count(*)::int from hire.jobs) as jobs,
      (select coalesce(sum(count), 0)::int from content.weekly_counts where series = 'applications') as applications_counted,
      (select count(*)::int from hire.applications) as applications,
      (select coalesce(sum(count), 0)::int from content.weekly_counts where series = 'registrations') as registrations_counted,
      (select count(*)::int from events.registrations) as registrations`;
  const pairs = ['jobs', 'applications', 'registrations'].map(
    (k) => [k, c![`${k}_counted`]!, c![k]!] as const,
  );
  out.push({
    name: "svc-content's activity counts (from events) = the rows",
    ok: pairs.every(([, counted, truth]) => counted === truth),
    detail: pairs.map(([k, counted, truth]) => `${k} ${counted} counted / ${truth}`).join(', '),
  });

  // Counters kept from identity's events (account counts, the directory's facets) against the projection.
  const [a] = await sql<{ off: number }[]>`
    select count(*)::int as off from (
      select role, count(*) filter (where not deleted)::int as n from content.users group by role) t
      full join content.account_counts c using (role)
      where coalesce(t.n, 0) <> coalesce(c.live, 0)`;
  const [f] = await sql<{ counted: number; listed: number }[]>`
    select coalesce((select count from connect.facet_counts where facet = 'total'), 0)::int as counted,
      (select count(*)::int from connect.users where not deleted and role <> 'admin') as listed`;
  out.push({
    name: 'counters kept from account events = the projections',
    ok: a!.off === 0 && f!.counted === f!.listed,
    detail: `svc-content's account counts: ${a!.off} roles off; svc-connect's directory total ${f!.counted} / ${f!.listed} listed`,
  });

  // Counters kept in the write's own transaction (svc-hire's applicant counts), for completeness.
  const [h] = await sql<{ off: number }[]>`
    select count(*)::int as off from hire.jobs j
      where j.applicant_count <> (select count(*) from hire.applications a where a.job_id = j.id)`;
  out.push({
    name: "svc-hire's applicant counts = the applications",
    ok: h!.off === 0,
    detail: `${h!.off} jobs off`,
  });

  // The check-ins' CPD reached svc-core once each (its consumer of svc-events' check-ins).
  const [k] = await sql<{ checkins: number; processed: number }[]>`
    select (select count(*)::int from events.outbox where type like 'events.checkin.%') as checkins,
      (select count(*)::int from core.processed_events where consumer = 'svc-core__event-checkins') as processed`;
  out.push({
    name: "every check-in event applied once by svc-core's consumer",
    ok: k!.checkins === k!.processed,
    detail: `${k!.checkins} check-in events, ${k!.processed} applied`,
  });
  return out;
}

/** Each service's pg-boss schema. */
const JOB_SCHEMAS = ['identity_jobs', 'billing_jobs', 'core_jobs'];

/**
 * No scheduled job ran twice: in each queue no two runs overlapped in time (one at a time across
 * instances), and the cron sent at most one job per schedule and minute. Runs and retries are reported.
 */
export async function checkScheduledJobs(sql: Sql): Promise<{ checks: Check[]; runs: string[] }> {
  const checks: Check[] = [];
  const runs: string[] = [];
  for (const schema of JOB_SCHEMAS) {
    const [exists] =
      await sql`select 1 from information_schema.tables where table_schema = ${schema} and table_name = 'job'`;
    if (!exists) continue;
    const all = `(select id, name, state, started_on, completed_on, singleton_key, singleton_on, retry_count
      from ${schema}.job union all select id, name, state, started_on, completed_on, singleton_key, singleton_on,
      retry_count from ${schema}.archive)`;
    const perQueue = await sql.unsafe<{ name: string; runs: number; retried: number }[]>(`
      select name, count(*) filter (where started_on is not null)::int as runs,
        count(*) filter (where retry_count > 0)::int as retried
      from ${all} j where name not like '__pgboss__%' group by name order by name`);
    for (const q of perQueue) runs.push(`${q.name} ${q.runs} runs (${q.retried} retried)`);
    const [overlap] = await sql.unsafe<{ n: number }[]>(`
      select count(*)::int as n from ${all} a join ${all} b
        on a.name = b.name and a.id < b.id and a.name not like '__pgboss__%'
       and a.started_on is not null and b.started_on is not null
       and a.started_on < coalesce(b.completed_on, now()) and b.started_on < coalesce(a.completed_on, now())
       and a.state = 'completed' and b.state = 'completed'`);
    const [twice] = await sql.unsafe<{ n: number }[]>(`
      select count(*)::int as n from (select singleton_key, singleton_on from ${all} j
        where name = '__pgboss__send-it' and singleton_on is not null
        group by singleton_key, singleton_on having count(*) > 1) t`);
    checks.push({
      name: `${schema}: no run twice`,
      ok: overlap!.n === 0 && twice!.n === 0,
      detail: `${overlap!.n} overlapping completed runs, ${twice!.n} schedule ticks sent twice`,
    });
  }
  return { checks, runs };
}
