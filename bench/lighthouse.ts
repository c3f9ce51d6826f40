/**
 * Pages on a phone (not a test: it prints figures). Starts the platform as `npm start` does, on its own
 * database and nats-server (removed afterwards), seeds a first screen of jobs, events, professionals and
 * discussions (so each main page shows content, and `/hire/:id` exists), and runs Lighthouse 12 with its
 * mobile defaults (simulated Slow 4G and a 4x slower CPU) against every public page and each module's main
 * page, several runs each, printing the median of each figure against the goals of
 * issue 10. Lighthouse 13 needs Node 22, hence 12. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 * Run: `npm run bench:pages -w bench` (it builds what is stale, as npm start does; needs DATABASE_URL like the tests, and nats-server;
 * LH_RUNS=n for n runs a page, default 5 (three let one slow run decide a page's TBT: bench/README.md);
 * LH_PAGES=/,/hire for some pages only; LH_REPORT_DIR=dir keeps each page's last report as JSON, for its long
 * tasks, request chains and LCP element).
 * A URL measures a platform already running instead (nothing started, nothing seeded): the demo's, say,
 * `npm start -- --demo` then `npm run bench:pages -- http://localhost:8080` (or LH_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { seed } from './hire-seed';
import { seedEvents } from './events-seed';
import { seedProfiles, seedPosts } from './connect-seed';
import { createTestDatabase, freePort } from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform } from '../scripts/platform';
import { machineLine } from './machine';
import { recordGoals } from './speed-goals';

const RUNS = Number(process.env.LH_RUNS ?? 5);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The part of /mf/remotes.json read here. */
interface RemotesManifest {
  remotes: { routes: string[] }[];
}

/** The goals of issue 10 for every page. */
const GOALS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, accessibility: 100 };

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  kb: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Public pages and each module's main page; `/event` and `/connect` once their remote is deployed. */
function pagesOf(manifest: RemotesManifest, jobId: string): string[] {
  const routes = new Set(manifest.remotes.flatMap((r) => r.routes));
  const pages = ['/', '/core', '/pricing', '/login', '/signup', '/hire', `/hire/${jobId}`];
  for (const p of ['/event', '/connect']) if (routes.has(p)) pages.push(p);
  const only = process.env.LH_PAGES?.split(',').map((p) => p.trim());
  return only
    ? pages.filter((p) => only.includes(p) || (p.startsWith('/hire/') && only.includes('/hire/:id')))
    : pages;
}

async function main() {
  // Lighthouse and chrome-launcher are ES modules only.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const target = process.argv[2] ?? process.env.LH_URL;
  const measured = await (target ? runningPlatform(target) : seededPlatform()).catch(async (err: unknown) => {
    await chrome.kill();
    throw err;
  });
  const say = (line: string) => console.log(line);

  try {
    const { base, jobId } = measured;
    const manifest = (await (await fetch(`${base}/mf/remotes.json`)).json()) as RemotesManifest;
    const pages = pagesOf(manifest, jobId);
    say(`Measuring ${target ? base : 'a platform of its own, seeded'}.`);

    // A trace now and then fails to record (NO_NAVSTART ...): that run is made again, twice at most.
    const audit = async (url: string, attempt = 1) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: '' };
      if (!error) return result!.lhr;
      if (attempt < 3) return audit(url, attempt + 1);
      throw new Error(`${url}: ${error.code} ${error.message}`);
    };

    const rows: string[] = [];
    const mark = (ok: boolean, text: string) => (ok ? text : `**${text}** ✗`);
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await audit(`${base}${page}`);
        const reports = process.env.LH_REPORT_DIR;
        if (reports) {
          mkdirSync(reports, { recursive: true });
          const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '_');
          writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(result, null, 1));
        }
        const { categories, audits } = result;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          kb: (audits['total-byte-weight']?.numericValue ?? NaN) / 1024,
        });
      }
      const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
      const f: Figures = {
        performance: m('performance'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        cls: m('cls'),
        accessibility: m('accessibility'),
        kb: m('kb'),
      };
      const met =
        f.performance >= GOALS.performance &&
        f.lcpMs <= GOALS.lcpMs &&
        f.tbtMs <= GOALS.tbtMs &&
        f.cls <= GOALS.cls &&
        f.accessibility >= GOALS.accessibility;
      const shown = page.startsWith('/hire/') ? '/hire/:id' : page;
      recordGoals([
        {
          what: `${shown} on a phone: performance · LCP · TBT · CLS · accessibility`,
          measured:
            `${f.performance} · ${(f.lcpMs / 1000).toFixed(2)} s · ${f.tbtMs.toFixed(0)} ms · ` +
            `${f.cls.toFixed(3)} · ${f.accessibility}`,
          aim:
            `≥ ${GOALS.performance} · ≤ ${GOALS.lcpMs / 1000} s · ≤ ${GOALS.tbtMs} ms · ` +
            `≤ ${GOALS.cls} · ${GOALS.accessibility}`,
          met,
        },
      ]);
      rows.push(
        `| ${shown} | ` +
          `${mark(f.performance >= GOALS.performance, String(f.performance))} | ` +
          `${mark(f.lcpMs <= GOALS.lcpMs, (f.lcpMs / 1000).toFixed(2) + ' s')} | ` +
          `${mark(f.tbtMs <= GOALS.tbtMs, f.tbtMs.toFixed(0) + ' ms')} | ` +
          `${mark(f.cls <= GOALS.cls, f.cls.toFixed(3))} | ` +
          `${mark(f.accessibility >= GOALS.accessibility, String(f.accessibility))} | ` +
          `${f.kb.toFixed(0)} | ${met ? 'met' : 'not met'} |`,
      );
      console.error(`${page}: ${RUNS} runs done`);
    }

    say(
      `Lighthouse 12, mobile (simulated Slow 4G, 4x CPU), median of ${RUNS} runs; at the end: ${machineLine()}:`,
    );
    say('| page | performance | LCP | TBT | CLS | accessibility | KB transferred | goals |');
    say('| --- | --- | --- | --- | --- | --- | --- | --- |');
    rows.forEach(say);
    say(
      `Goals: performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, ` +
        `CLS ≤ ${GOALS.cls}, accessibility ${GOALS.accessibility}.`,
    );
  } finally {
    await chrome.kill();
    await measured.stop();
  }
}

/** A platform already running at `url` (`npm start -- --demo`): a job of its board for `/hire/:id`. */
async function runningPlatform(url: string) {
  const base = url.replace(/\/$/, '').replace('//localhost', '//127.0.0.1');
  const board = (await (await fetch(`${base}/api/job/get?limit=1`)).json()) as { data?: { id: string }[] };
  const jobId = board.data?.[0]?.id;
  if (!jobId)
    throw new Error(`${base} has no job on its board for /hire/:id (load the demo: npm start -- --demo)`);
  return { base, jobId, stop: async () => {} };
}

/**
 * The platform as `npm start` runs it, on its own database and nats-server (removed afterwards), with a
 * first screen of content on each main page, as a visitor meets it: jobs, events, people and posts.
 */
async function seededPlatform() {
  const db = await createTestDatabase('bench_pages');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-bench-'));
  // Lighthouse's runs of the job pages call the API more often than one visitor would.
  process.env.RATE_LIMIT_PER_MINUTE = '100000';
  const platform = await startPlatform(
    readStartConfig({
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    }),
    () => {},
    { nats: { own: true } },
  );
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  await seed(sql, 12, 0);
  await seedEvents(sql, 1, 13);
  await seedProfiles(sql, 24);
  await seedPosts(sql, 12);
  const [job] = await sql<{ id: string }[]>`select md5('job' || 1)::uuid::text as id`;
  return {
    base: platform.url.replace('localhost', '127.0.0.1'),
    jobId: job!.id,
    stop: async () => {
      await sql.end();
      await platform.stop();
      await db.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
