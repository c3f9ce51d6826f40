/**
 * What svc-hire's entitlement check costs on `POST /api/job/add` (not a test: it prints figures).
 * `npm run bench:entitlements -w bench` (needs DATABASE_URL; about 1 minute). Starts a Hire deployment as
 * `MODULES=hire npm start` does, then posts POSTS jobs one at a time straight to svc-hire as three clinics,
 * interleaved so load changes touch all three alike:
 *  - "not announced": billing has said nothing of it (the check is one primary-key read finding nothing);
 *  - "Professional": Core, no posting limit (the read finds the projection; nothing counted);
 *  - "standalone Hire": a posting limit, so its open postings are counted each time.
 * All three hold the organisation's posting lock. Prints each one's p50 / p99 and the ratio of the medians
 * to "not announced". The check's absence (the code before it) is not run here.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { benchPlatform } from './bench-platform';
import { machineLine } from './machine';
import { runBench } from './service-database';

const POSTS = Number(process.env.POSTS ?? 300);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const job = (n: number) =>
  JSON.stringify({
    title: `Registered Nurse ${n}`,
    organization: 'Bench Clinic',
    location: 'Nakuru, Kenya',
    description: 'Day shifts on the maternity ward; KNCHR licence required.',
  });
const entitlements = (modules: string[], openPostings: number | null) => ({
  modules,
  limits: { staff: 40, locations: 1, openPostings, licenceAlertRoles: null, workflows: 5 },
  capabilities: [],
  listingCredits: [],
});

async function main() {
  const bench = await benchPlatform('entitlements', { modules: 'hire', buildFrontends: false });
  try {
    const running = await bench.boot();
    const hire = running.services['svc-hire']!.replace('localhost', '127.0.0.1');
    const clinics = ['not announced', 'Professional', 'standalone Hire'].map((label) => {
      const orgId = randomUUID();
      return {
        label,
        orgId,
        token: bench.token({ sub: orgId, orgId, role: 'Clinic', name: label }),
        ms: [] as number[],
      };
    });
    await bench.sql`insert into hire.org_entitlements (org_id, status, entitlements, version) values
      (${clinics[1]!.orgId}, 'active', ${bench.sql.json(entitlements(['connect', 'core', 'events', 'hire'], null))}, 1),
      (${clinics[2]!.orgId}, 'active', ${bench.sql.json(entitlements(['hire'], 1_000_000))}, 1)`;
    const pool = new Pool(new URL(hire).origin, { connections: 1, pipelining: 1 });
    const post = async (c: (typeof clinics)[number], n: number) => {
      const t = performance.now();
      const res = await pool.request({
        method: 'POST',
        path: '/api/job/add',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        body: job(n),
      });
      await res.body.dump();
      if (res.statusCode !== 201) throw new Error(`${c.label}: ${res.statusCode}`);
      return performance.now() - t;
    };
    for (let n = 0; n < 30; n++) for (const c of clinics) await post(c, n); // warm-up
    for (let n = 0; n < POSTS; n++) for (const c of clinics) c.ms.push(await post(c, n));
    await pool.close();

    const median = (c: (typeof clinics)[number]) =>
      pct(
        [...c.ms].sort((a, b) => a - b),
        50,
      );
    const base = median(clinics[0]!);
    console.log(
      `\n## entitlement check on POST /api/job/add — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}, load ${loadavg()[0]!.toFixed(1)}\n`,
    );
    console.log(`| clinic (${POSTS} posts each, one at a time) | p50 | p99 | p50 / not announced |`);
    console.log('| --- | --- | --- | --- |');
    for (const c of clinics) {
      const sorted = [...c.ms].sort((a, b) => a - b);
      console.log(
        `| ${c.label} | ${pct(sorted, 50).toFixed(2)} ms | ${pct(sorted, 99).toFixed(2)} ms | ${(pct(sorted, 50) / base).toFixed(2)} |`,
      );
    }
  } finally {
    await bench.cleanup();
  }
}

runBench(main);
