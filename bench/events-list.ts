/**
 * Events under load (not a test: it prints figures). `npm run bench:events -w bench` (needs DATABASE_URL
 * and NATS_URL like the tests; about 3 minutes). Starts a standalone Events deployment as
 * `MODULES=events npm start` does (svc-identity, svc-events, gateway; own database and NATS prefix,
 * removed afterwards), then:
 *  1. seeds 1,000 events, measures each filter's first page straight to svc-events (one connection, so the
 *     time of one request) with the list's one-second cache off (LIST_CACHE_MS=0: every request queries
 *     Postgres), then, restarted as deployed (cache on, so the gateway's edge cache keeps the list a
 *     second), the unfiltered first page through the gateway at a steady 500 req/s;
 *  2. grows to 100,000 events (EVENTS=) and measures the same: the ratio large / small shows whether each
 *     list stays an index range scan;
 *  3. races 500 simultaneous registrations (distinct people, through the gateway) for 100 seats.
 * Goals (issue 11): first page at 100k ≤ 1.5 × at 1k; p99 ≤ 25 ms through the gateway at 500 req/s;
 * exactly 100 confirmed and 400 on the waiting list in distinct positions.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchPlatform, type BenchPlatform } from './bench-platform';
import { oneAtATime, steadyLoad, type Figures } from './load';
import { seedEvents } from './events-seed';

const LARGE = Number(process.env.EVENTS ?? 100_000);
// 10,000 between the two: a keyword's first page costs what finding its first matches in start order
// costs, which depends on how rare the word is, not on the table's size once the table is larger than
// that walk; at 1,000 events the whole table is smaller (see bench/README.md).
const SIZES = [1_000, 10_000, LARGE];
const QUERIES = [
  '',
  '?category=Webinar',
  '?region=Uganda',
  '?category=Workshop&region=Rwanda',
  '?search=malaria',
  '?page=50',
];
const say = (line: string) => console.log(line);
const load1 = () => loadavg()[0]!.toFixed(1);

async function main() {
  const bench = await benchPlatform('events', { modules: 'events', buildFrontends: false });
  try {
    await bench.boot(); // applies svc-events' migrations, so the seed has its tables
    const firstPage: Record<string, Figures[]> = {};
    const steady: Figures[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      const t = performance.now();
      await seedEvents(bench.sql, seeded, size);
      seeded = size;
      console.error(`seeded ${size} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const direct = (await bench.boot({ LIST_CACHE_MS: '0' })).services['svc-events']!;
      for (const q of QUERIES) {
        await oneAtATime(direct + '/api/event/get' + q, { seconds: 1 }); // warm-up
        (firstPage[q] ??= []).push(await oneAtATime(direct + '/api/event/get' + q, { seconds: 5 }));
      }
      await bench.boot({ LIST_CACHE_MS: '1000' });
      const gateway = bench.gatewayUrl();
      await steadyLoad(gateway + '/api/event/get', { connections: 50, seconds: 3, rate: 500 }); // warm-up
      steady.push(await steadyLoad(gateway + '/api/event/get', { connections: 50, seconds: 15, rate: 500 }));
    }

    const sizes = SIZES.map((n) => n.toLocaleString('en'));
    const [small, middle, large] = sizes;
    say(
      `First page straight to svc-events, cache off, one connection, 5 s each (ms; 1-minute load ${load1()}):`,
    );
    const heads = sizes.map((n) => `${n} events p50 / p99`).join(' | ');
    say(`| call | ${heads} | p50 ratio ${large} / ${small} | p50 ratio ${large} / ${middle} |`);
    say(`| --- |${' --- |'.repeat(SIZES.length + 2)}`);
    for (const q of QUERIES) {
      const f = firstPage[q]!;
      const cells = f.map((x) => `${x.p50} / ${x.p99}`).join(' | ');
      const ratio = (x: Figures) => (f.at(-1)!.p50 / x.p50).toFixed(2);
      say(`| \`GET /api/event/get${q}\` | ${cells} | ${ratio(f[0]!)} | ${ratio(f[1]!)} |`);
    }
    say('');
    say(
      '`GET /api/event/get` through the gateway, as deployed, at a steady 500 req/s for 15 s (aim: p99 ≤ 25 ms):',
    );
    say('| events | served req/s | p50 ms | p99 ms | failed |');
    say('| --- | --- | --- | --- | --- |');
    SIZES.forEach((n, i) => {
      const f = steady[i]!;
      say(`| ${n.toLocaleString('en')} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.failed} |`);
    });

    await race(bench, bench.gatewayUrl(), 500, 100);
    say(`1-minute load average at the end: ${load1()}`);
  } finally {
    await bench.cleanup();
  }
}

/** `people` distinct signed-in people register at once for an event of `seats` seats, through the gateway. */
async function race(bench: BenchPlatform, gateway: string, people: number, seats: number) {
  const clinic = bench.token({ role: 'Clinic', orgId: randomUUID(), email: 'events@bench.example' });
  const post = await fetch(`${gateway}/api/event/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${clinic}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Seats race',
      description: 'Registration race',
      category: 'Training',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      time: '09:00',
      location: 'Nairobi',
      capacity: seats,
    }),
  });
  if (post.status !== 201) throw new Error(`post event: ${post.status} ${await post.text()}`);
  const { id } = ((await post.json()) as { data: { id: string } }).data;
  const tokens = Array.from({ length: people }, (_, i) =>
    bench.token({ role: 'user', email: `nurse${i}@bench.example` }),
  );
  const t = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${gateway}/api/event/${id}/registrations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return {
        status: res.status,
        body: (await res.json()) as { data?: { status: string; position: number | null } },
      };
    }),
  );
  const ms = performance.now() - t;
  const confirmed = answers.filter((a) => a.body.data?.status === 'confirmed').length;
  const positions = new Set(
    answers.flatMap((a) => (a.body.data?.status === 'waitlisted' ? [a.body.data.position] : [])),
  );
  const failed = answers.filter((a) => a.status !== 201).length;
  say('');
  say(
    `${people} simultaneous registrations for ${seats} seats through the gateway: ${ms.toFixed(0)} ms; ` +
      `${confirmed} confirmed, ${positions.size} on the waiting list in distinct positions, ${failed} refused`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
