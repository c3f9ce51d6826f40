import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { findOrStartNats } from '../src/find-nats';

// This machine runs Postgres and NATS; these tests take the fallbacks a machine with nothing running gets.

let tmp: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  // The fixture's TMPDIR: whatever its servers leave behind shows up here.
  tmp = mkdtempSync(path.join(tmpdir(), 'find-servers-'));
  chmodSync(tmp, 0o755); // as root, Postgres runs as `postgres` and must reach its data directory
});
afterEach(async () => {
  // After a failed test too: closing stdin lets the fixture stop its server (a killed one would leave it running).
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.stdin!.end();
    await exited;
  }
  child = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

/** What the fixture left in its TMPDIR, besides tsx's compile cache. */
const leftovers = () => readdirSync(tmp).filter((name) => !name.startsWith('tsx-'));

/** Runs fixtures/find-or-start.ts for one server with nothing set; `stop()` resolves to its exit code. */
async function findOrStartAlone(server: 'postgres' | 'nats') {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  delete env.DATABASE_URL;
  delete env.NATS_URL;
  const fixture = path.join(__dirname, 'fixtures', 'find-or-start.ts');
  const proc = spawn(process.execPath, ['--import', 'tsx', fixture, server], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child = proc;
  const exited = once(proc, 'exit');
  const [line] = (await once(createInterface({ input: proc.stdout! }), 'line')) as [string];
  return {
    ...(JSON.parse(line) as { url: string; started: boolean }),
    async stop(): Promise<number> {
      proc.stdin!.end();
      const [code] = (await exited) as [number];
      child = undefined;
      return code;
    },
  };
}

it('without DATABASE_URL, starts an embedded Postgres with its data in a temporary directory, removed when stopped', async () => {
  const pg = await findOrStartAlone('postgres');
  expect(pg.started).toBe(true);
  expect(leftovers()).toEqual([expect.stringMatching(/^afya-pg-/)]);
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('CREATE DATABASE find_postgres');
    // Throw-away data: no fsync, so the tests' many databases are cheap.
    expect((await sql`select current_setting('fsync') as fsync`)[0]!.fsync).toBe('off');
  } finally {
    await sql.end();
  }
  expect(await pg.stop()).toBe(0);
  expect(leftovers()).toEqual([]);
}, 90_000);

it('without NATS_URL and with nothing on 127.0.0.1:4222, starts nats-server from PATH with JetStream, its store removed when stopped', async () => {
  const nats = await findOrStartAlone('nats');
  expect(nats.started).toBe(true);
  expect(leftovers()).toEqual([expect.stringMatching(/^afya-nats-/)]);
  const nc = await connect({ servers: nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'FIND_NATS', subjects: ['find.nats.>'] });
    expect((await jsm.streams.info('FIND_NATS')).config.name).toBe('FIND_NATS');
  } finally {
    await nc.close();
  }
  expect(await nats.stop()).toBe(0);
  expect(leftovers()).toEqual([]);
}, 30_000);

it('keeps the store it is given (npm start: under .data/)', async () => {
  const storeDir = path.join(tmp, 'nats');
  const nats = await findOrStartNats({ server: { storeDir }, isListening: async () => false });
  await nats.stop();
  expect(readdirSync(storeDir)).toEqual(['jetstream']);
}, 30_000);
