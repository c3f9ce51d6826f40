/**
 * The bus `npm start` runs the platform on (platform-bus.ts), against real nats-servers: one that lets
 * anyone in, as a developer's default NATS on 127.0.0.1:4222 does, and ones with the platform's users.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { OPEN_NATS_SWITCH, openNatsRefusal } from '@platform/event-bus';
import {
  createTestDatabase,
  freePort,
  startNatsServer,
  type OwnNatsServer,
  type TestDatabase,
} from '@platform/testing';
import { readStartConfig } from './config';
import { startPlatform, type RunningPlatform } from './platform';
import { platformBus } from './platform-bus';
import { natsPasswords, platformNatsAuthorization } from './nats-accounts';

let open: OwnNatsServer;
let dataDir: string;
const local = () => ({ host: '127.0.0.1', port: Number(new URL(open.url).port) });
const config = (env: Record<string, string> = {}) => readStartConfig({ DATA_DIR: dataDir, ...env });

beforeAll(async () => {
  open = await startNatsServer();
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bus-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(async () => {
  await open?.destroy();
});

describe('npm start on a machine whose NATS lets anyone in', () => {
  let db: TestDatabase;
  let platform: RunningPlatform;
  let startDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('platform_bus');
    const cfg = readStartConfig({
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      DATA_DIR: (startDir = mkdtempSync(path.join(tmpdir(), 'platform-bus-start-'))),
      LOG_LEVEL: 'warn',
    });
    // As `npm start` with no NATS_URL: it looks on the local port, here the open server's.
    platform = await startPlatform(cfg, (line) => logs.push(line), {
      buildFrontends: false,
      nats: { local: local() },
    });
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await db?.drop();
    rmSync(startDir, { recursive: true, force: true });
  });

  it('runs every service and the gateway on a nats-server of its own, where nobody gets in without a user', async () => {
    expect(platform.natsUrl).not.toBe(open.url);
    expect(logs.join('\n')).toContain(
      `the NATS on 127.0.0.1:${local().port} lets clients in without a password`,
    );
    await expect(connect({ servers: platform.natsUrl, timeout: 3000 })).rejects.toThrow(
      /Authorization Violation/,
    );
    await expect(
      connect({ servers: platform.natsUrl, user: 'svc-hire', pass: 'a guess', timeout: 3000 }),
    ).rejects.toThrow(/Authorization Violation/);
    // Every service is ready, its bus included: on this server that means connected as its own user.
    for (const [name, url] of Object.entries(platform.services))
      expect([name, (await fetch(`${url}/readyz`)).status]).toEqual([name, 200]);
    expect((await fetch(new URL('/readyz', platform.url.replace('localhost', '127.0.0.1')))).status).toBe(
      200,
    );
    // And the open server was left alone: nothing of the platform went there.
    const nc = await connect({ servers: open.url });
    try {
      const names: string[] = [];
      for await (const s of (await jetstreamManager(nc)).streams.list()) names.push(s.config.name);
      expect(names).toEqual([]);
    } finally {
      await nc.close();
    }
  });
});

describe('NATS_URL', () => {
  it('that lets anyone in is refused in one sentence, unless the development switch says otherwise', async () => {
    await expect(platformBus(config({ NATS_URL: open.url }), () => {})).rejects.toThrow(
      openNatsRefusal(open.url),
    );
    const said: string[] = [];
    const allowed = await platformBus(config({ NATS_URL: open.url, [OPEN_NATS_SWITCH]: '1' }), (l) =>
      said.push(l),
    );
    expect(allowed.url).toBe(open.url);
    expect(allowed.credentials('svc-hire')).toEqual({ [OPEN_NATS_SWITCH]: '1' });
    expect(said.join('\n')).toMatch(/^WARNING: NATS at .* development only\.$/);
  });

  it("that requires the platform's users is used with them, its streams made first", async () => {
    const passwords = natsPasswords(dataDir);
    const server = await startNatsServer({ config: platformNatsAuthorization(), env: passwords });
    try {
      const bus = await platformBus(config({ NATS_URL: server.url }), () => {});
      expect(bus.url).toBe(server.url);
      expect(bus.credentials('svc-hire')).toEqual({
        NATS_USER: 'svc-hire',
        NATS_PASSWORD: passwords.SVC_HIRE_NATS_PASSWORD,
      });
      const nc = await connect({
        servers: server.url,
        user: 'streams',
        pass: passwords.STREAMS_NATS_PASSWORD,
        inboxPrefix: '_INBOX.streams',
      });
      const jsm = await jetstreamManager(nc);
      for (const name of ['IDENTITY', 'HIRE', 'EVENTS', 'CONNECT', 'CONTENT', 'DEADLETTER'])
        expect((await jsm.streams.info(name)).config.name).toBe(name);
      await nc.close();
    } finally {
      await server.destroy();
    }
  });

  it('that requires other credentials says what it needs', async () => {
    // Passwords made for another data directory: not the ones npm start finds under its own.
    const server = await startNatsServer({
      config: platformNatsAuthorization(),
      env: natsPasswords(path.join(dataDir, 'elsewhere')),
    });
    try {
      await expect(platformBus(config({ NATS_URL: server.url }), () => {})).rejects.toThrow(
        `NATS at ${server.url} requires credentials but not the platform's`,
      );
    } finally {
      await server.destroy();
    }
  });
});
