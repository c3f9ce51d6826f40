/**
 * 200 clinics checking out at once against the payments sandbox (not a test: it prints figures).
 * `npm run bench:billing -w bench` (needs DATABASE_URL like the tests; about 2 minutes). Starts a Hire
 * deployment as `MODULES=hire npm start` does, with svc-billing and its payments sandbox (own database and
 * nats-server, removed afterwards), then sends CLINICS (200) checkouts of standalone Hire by M-Pesa at the
 * same moment through the gateway, each with its Idempotency-Key and the sandbox's paying number (it pays
 * about 2 s later and calls back). Prints the checkout call's p50 / p99 and whether every payment was
 * settled exactly once: paid, one invoice each, the clinic's subscription active.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { benchPlatform } from './bench-platform';
import { machineLine } from './machine';
import { runBench } from './service-database';

const CLINICS = Number(process.env.CLINICS ?? 200);
const SETTLE_WITHIN_MS = 120_000;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const bench = await benchPlatform('billing', { modules: 'hire,billing', buildFrontends: false });
  try {
    await bench.boot();
    const gateway = bench.gatewayUrl();
    const clinics = Array.from({ length: CLINICS }, () => {
      const orgId = randomUUID();
      const token = bench.token({
        sub: orgId,
        orgId,
        role: 'Clinic',
        name: 'Bench clinic',
        email: `${orgId}@bench.example`,
      });
      return { orgId, token };
    });
    const started = performance.now();
    const answers = await Promise.all(
      clinics.map(async ({ token }) => {
        const t = performance.now();
        const res = await request(`${gateway}/api/billing/checkout`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ items: ['hire'], method: 'mpesa', phone: '0708374149' }),
        });
        const body = (await res.body.json()) as { data?: { id: string } };
        return { status: res.statusCode, id: body.data?.id, ms: performance.now() - t };
      }),
    );
    const wall = performance.now() - started;
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const accepted = answers.filter((a) => a.status === 202).length;
    // What the others were answered (e.g. 504: the gateway's deadline passed while the checkout went on).
    const others = Object.entries(
      answers
        .filter((a) => a.status !== 202)
        .reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {}),
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');

    // Settled: every payment paid (or not), with its invoice, once.
    const orgs = clinics.map((c) => c.orgId);
    let settled = { paid: 0, pending: CLINICS, invoices: 0, doubled: 0, active: 0 };
    const deadline = Date.now() + SETTLE_WITHIN_MS;
    while (Date.now() < deadline) {
      const [p] = await bench.sql`
        select count(*) filter (where status = 'paid')::int as paid,
               count(*) filter (where status = 'pending')::int as pending
        from billing.payments where org_id = any(${orgs})`;
      const [i] = await bench.sql`
        select count(*)::int as invoices, count(*)::int - count(distinct payment_id)::int as doubled
        from billing.invoices where org_id = any(${orgs})`;
      const [s] = await bench.sql`
        select count(*)::int as active from billing.subscriptions where org_id = any(${orgs}) and status = 'active'`;
      settled = {
        paid: p!.paid,
        pending: p!.pending,
        invoices: i!.invoices,
        doubled: i!.doubled,
        active: s!.active,
      };
      if (settled.pending === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const once = settled.paid === CLINICS && settled.invoices === CLINICS && settled.doubled === 0;
    console.log(
      `\n## billing checkout — ${new Date().toISOString().slice(0, 10)}, ${machineLine()}, load ${loadavg()[0]!.toFixed(1)}\n`,
    );
    console.log(
      '| clinics at once | accepted (202) | other answers | checkout p50 | checkout p99 | all answered in | paid | invoices | paid twice | subscriptions active | settled exactly once |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    console.log(
      `| ${CLINICS} | ${accepted} | ${others || 'none'} | ${pct(ms, 50).toFixed(0)} ms | ${pct(ms, 99).toFixed(0)} ms | ${(wall / 1000).toFixed(1)} s | ${settled.paid} | ${settled.invoices} | ${settled.doubled} | ${settled.active} | ${once ? 'yes' : 'no'} |`,
    );
    if (!once) process.exitCode = 1;
  } finally {
    await bench.cleanup();
  }
}

runBench(main);
