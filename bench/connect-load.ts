/**
 * Connect under load (not a test: it prints figures). `npm run bench:connect -w bench` (needs DATABASE_URL
 * and NATS_URL like the tests; a few minutes). Starts a standalone Connect deployment as
 * `MODULES=connect npm start` does (svc-identity, svc-connect, gateway; own database and NATS prefix,
 * removed afterwards), seeds 50,000 profiles and 200,000 discussions with generate_series, then measures
 * each call's latency alone (one connection, straight to svc-connect: the time of one request), then through
 * the gateway at a steady 300 req/s (issue 12's goal: p99 ≤ 50 ms):
 *  - the directory: a misspelled skill search, a search with a filter, and the unfiltered first page;
 *  - the discussion list: newest first, by category, and a search.
 * The directory's facet cache is off (DIRECTORY_CACHE_MS=0): every request counts its facets.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchPlatform } from './bench-platform';
import { oneAtATime, steadyLoad, type Figures } from './load';
import { seedProfiles, seedPosts } from './connect-seed';

const PROFILES = Number(process.env.PROFILES ?? 50_000);
const POSTS = Number(process.env.POSTS ?? 200_000);
const RATE = Number(process.env.RATE ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 15);

const DIRECTORY = [
  '/api/connect/professionals?search=paediatrcs',
  '/api/connect/professionals?search=nurse%20nakuru&country=Kenya',
  '/api/connect/professionals',
];
const DISCUSSIONS = [
  '/api/discussion/get',
  '/api/discussion/get?category=Research',
  '/api/discussion/get?search=oxygen',
];
const say = (line: string) => console.log(line);
const load1 = () => loadavg()[0]!.toFixed(1);

async function main() {
  // Only APIs are loaded: no page is needed, so no frontend is built for it.
  const bench = await benchPlatform('connect', { modules: 'connect', buildFrontends: false });
  try {
    const platform = await bench.boot(process.env.DIRECTORY_CACHE === '0' ? { DIRECTORY_CACHE_MS: '0' } : {});
    const direct = platform.services['svc-connect']!;
    const gateway = bench.gatewayUrl();
    let t = performance.now();
    await seedProfiles(bench.sql, PROFILES);
    await seedPosts(bench.sql, POSTS);
    await bench.sql`vacuum analyze connect.users`;
    await bench.sql`vacuum analyze connect.search_terms`;
    await bench.sql`vacuum analyze connect.discussions`;
    console.error(
      `seeded ${PROFILES} profiles and ${POSTS} posts in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const token = bench.token({
      sub: randomUUID(),
      role: 'user',
      email: 'nurse@bench.example',
      name: 'Bench Nurse',
    });

    const alone: [string, Figures][] = [];
    for (const path of [...DIRECTORY, ...DISCUSSIONS]) {
      await oneAtATime(direct + path, { token, seconds: 1 }); // warm-up
      alone.push([path, await oneAtATime(direct + path, { token, seconds: 5 })]);
    }
    say(`Each call alone, straight to svc-connect, one connection, 5 s (ms; 1-minute load ${load1()}):`);
    say('| call | p50 | p99 |');
    say('| --- | --- | --- |');
    for (const [path, f] of alone) say(`| \`GET ${path}\` | ${f.p50} | ${f.p99} |`);
    say('');

    const results: [string, Figures][] = [];
    for (const path of [...DIRECTORY, ...DISCUSSIONS]) {
      const url = gateway + path;
      await steadyLoad(url, { token, connections: 50, seconds: 3, rate: RATE }); // warm-up
      t = performance.now();
      results.push([path, await steadyLoad(url, { token, connections: 50, seconds: SECONDS, rate: RATE })]);
      console.error(`${path}: ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
    say(
      `Through the gateway, signed in, at a steady ${RATE} req/s for ${SECONDS} s each; ${PROFILES.toLocaleString('en')} profiles, ` +
        `${POSTS.toLocaleString('en')} discussions (aim: p99 ≤ 50 ms; 1-minute load ${load1()}):`,
    );
    say('| call | served req/s | p50 ms | p99 ms | failed |');
    say('| --- | --- | --- | --- | --- |');
    for (const [path, f] of results)
      say(`| \`GET ${path}\` | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.failed} |`);
    say(`1-minute load average at the end: ${load1()}`);
  } finally {
    await bench.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
