/**
 * JS budgets (docs/architecture.md, "Front end"): the landing page's JS (shell + first route) ≤ 180 KB gzip, and each
 * remote's remoteEntry.js ≤ 25 KB gzip. Serves the built shell and remotes through the real gateway,
 * opens / in Chromium, gzips every JS file the page downloaded and prints the table. Exit 1 over budget.
 *   npm run bundle-size            (after npm run build)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, generateKeyPair } from '@platform/testing';
import { readConfig } from '../gateway/src/config';
import { buildApp } from '../gateway/src/app';
import { loadModules } from '@platform/modules';
import { remotesServed } from '../gateway/src/modules';
import { InMemoryEventBus } from '@platform/event-bus';
import { FollowedRevocations } from '@platform/service-kit';

const LANDING_BUDGET = 180 * 1024;
const ENTRY_BUDGET = 25 * 1024;
const root = path.resolve(__dirname, '..');
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Static files only: no tokens are checked, so an empty in-memory bus stands in for NATS. */
async function followedOffline() {
  const revocations = new FollowedRevocations(new InMemoryEventBus());
  await revocations.start();
  return revocations;
}

async function main() {
  const gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
    }),
    { revocations: await followedOffline() },
  );
  const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let failed = false;
  try {
    const page = await browser.newPage();
    const files: Array<{ url: string; raw: number; gzip: number }> = [];
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      const body = await res.body().catch(() => undefined);
      if (body) files.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gz(body) });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    files.sort((a, b) => b.gzip - a.gzip);
    console.log('Landing page (/) JavaScript, gzip level 9:');
    console.log(`  ${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
    for (const f of files)
      console.log(`  ${f.url.padEnd(48)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)}`);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const ok = total <= LANDING_BUDGET;
    failed ||= !ok;
    console.log(
      `  ${'total'.padEnd(48)} ${kb(files.reduce((s, f) => s + f.raw, 0)).padStart(10)} ${kb(total).padStart(10)}  budget ${kb(LANDING_BUDGET)}: ${ok ? 'OK' : 'OVER'}`,
    );

    console.log('\nRemote entries (remoteEntry.js), gzip level 9:');
    for (const r of remotesServed(loadModules(root))) {
      const file = path.join(root, r.folder, 'dist', 'remoteEntry.js');
      if (!existsSync(file)) continue;
      const size = gz(readFileSync(file));
      const fine = size <= ENTRY_BUDGET;
      failed ||= !fine;
      console.log(
        `  ${r.folder.padEnd(48)} ${kb(size).padStart(10)}  budget ${kb(ENTRY_BUDGET)}: ${fine ? 'OK' : 'OVER'}`,
      );
    }
  } finally {
    await browser.close();
    await gateway.close();
  }
  if (failed) {
    console.error('\nOver budget.');
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
