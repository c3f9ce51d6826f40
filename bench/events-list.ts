/**
 * `npm run bench:events -w bench` (needs DATABASE_URL and NATS_URL like the tests): svc-events on its own
 * database and NATS prefix (removed afterwards), seeded with EVENTS (default 100,000) events by
 * generate_series; then the latency of the events list's first page for each filter (sequential requests
 * through the app, no network), and the time 200 simultaneous registrations for 50 seats take.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { startServiceForTest } from '@platform/testing';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import { readConfig, type EventsConfig } from '../svc-events/src/config';
import { buildApp } from '../svc-events/src/app';

const COUNT = Number(process.env.EVENTS ?? 100_000);
const ROUNDS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  const ctx = await startServiceForTest<EventsConfig, LightMyRequestResponse, App>(
    'eventsbench',
    readConfig,
    buildApp,
    {
      LOG_LEVEL: 'silent',
    },
  );
  try {
    const sql = postgres(ctx.db.url, { max: 1 });
    const seedStart = performance.now();
    await sql`
      insert into events.events (title, description, category, date, time, time_zone, starts_at, duration_minutes,
        location, region, search_text, poster_id, organizer_id, organizer_name, capacity)
      select 'Event ' || i, 'CPD session number ' || i || case when i % 97 = 0 then ' on malaria' else '' end,
        (array['Training','Meeting','Webinar','Conference','Workshop'])[1 + i % 5],
        (now() + (i % 365) * interval '1 day')::date, '09:00', 'Africa/Nairobi',
        now() + (i % 365) * interval '1 day' + (i % 600) * interval '1 minute', 60,
        'Nairobi', (array['Kenya','Uganda','Tanzania','Rwanda','Online'])[1 + (i / 5) % 5],
        'Event ' || i || ' CPD session number ' || i || case when i % 97 = 0 then ' on malaria' else '' end,
        gen_random_uuid(), gen_random_uuid(), 'Clinic', 100
      from generate_series(1, ${COUNT}) i`;
    await sql`analyze events.events`;
    console.log(`seeded ${COUNT} events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    await sql.end();

    const clinic = ctx.persona('Clinic');
    console.log(`\n| call | p50 ms | p99 ms |\n| --- | --- | --- |`);
    for (const query of [
      '',
      '?category=Webinar',
      '?region=Uganda',
      '?category=Workshop&region=Rwanda',
      '?search=malaria',
      '?page=50',
    ]) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS + 20; i++) {
        const t = performance.now();
        const res = await ctx.call('GET', `/api/event/get${query}`);
        if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode}`);
        if (i >= 20) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| \`GET /api/event/get${query}\` | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.99).toFixed(1)} |`,
      );
    }

    const event = (
      await ctx.call('POST', '/api/event/add', clinic, {
        title: 'Race',
        description: 'Seats race',
        category: 'Training',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        time: '09:00',
        location: 'Nairobi',
        capacity: 50,
      })
    ).json().data;
    const people = Array.from({ length: 200 }, () => ctx.persona('user'));
    const t = performance.now();
    const answers = await Promise.all(
      people.map((p) => ctx.call('POST', `/api/event/${event.id}/registrations`, p)),
    );
    const ms = performance.now() - t;
    const confirmed = answers.filter((a) => a.json().data?.status === 'confirmed').length;
    console.log(`\n200 simultaneous registrations for 50 seats: ${ms.toFixed(0)} ms, ${confirmed} confirmed`);
    console.log(`1-minute load average: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await ctx.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
