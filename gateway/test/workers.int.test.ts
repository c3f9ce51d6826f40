import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { IdentityEvents } from '@platform/contracts';
import { makeEnvelope, NatsEventBus } from '@platform/event-bus';
import {
  deleteStreamsWithPrefix,
  eventually,
  freePort,
  generateKeyPair,
  natsUrl,
  rawRequest,
  signToken,
  testNatsPrefix,
} from '@platform/testing';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';

/**
 * The gateway as it runs with GATEWAY_WORKERS=2 (its real server.ts, two node:cluster workers): a
 * client's requests are counted once whichever worker takes them, and a logout reaches both. Each
 * request comes on its own connection, so the primary hands them to the workers in turn.
 */
const LIMIT = 30;
const keys = generateKeyPair();
const aud = { audience: 'afya-platform', issuer: 'svc-identity' };
const prefix = testNatsPrefix();
let bus: NatsEventBus;
let upstream: RecordingUpstream;
let gateway: ChildProcess;
let url: string;

beforeAll(async () => {
  bus = await NatsEventBus.connect({ url: natsUrl(), prefix, name: 'svc-identity' });
  await bus.ensureStream('identity');
  upstream = await startRecordingUpstream();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  gateway = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      GATEWAY_WORKERS: '2',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      LOG_LEVEL: 'error',
      NATS_URL: natsUrl(),
      NATS_PREFIX: prefix,
      // The tests' NATS admits anyone (a throwaway prefix): the switch a development machine sets.
      DANGEROUSLY_ALLOW_OPEN_NATS: '1',
      JWT_PUBLIC_KEY: keys.publicKey,
      HIRE_URL: upstream.url,
      SHELL_DIST: path.join(__dirname, 'no-shell'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Both workers ready: several answers in a row, each on a new connection. Three processes compile the
  // gateway with tsx first: on a loaded two-core machine that has taken over 30 seconds.
  await eventually(async () => {
    for (let i = 0; i < 4; i++)
      if ((await rawRequest(url, { path: '/readyz' })).status !== 200) return undefined;
    return true;
  }, 90_000);
}, 100_000);

afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    const exited = new Promise((r) => gateway.once('exit', r));
    gateway.kill('SIGTERM');
    await exited;
  }
  await upstream?.close();
  await bus?.close();
  await deleteStreamsWithPrefix(natsUrl(), prefix).catch(() => {});
});

describe('two gateway workers', () => {
  it("count a client's requests once: the 429 comes at the limit, not at twice the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT + 4; i++)
      statuses.push((await rawRequest(url, { path: '/api/job/get', localAddress: '127.0.0.2' })).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT + 4).fill(429));
    // Another client has its own allowance.
    expect((await rawRequest(url, { path: '/api/job/get', localAddress: '127.0.0.3' })).status).toBe(200);
  });

  it('both refuse a token once it is logged out', async () => {
    const jti = randomUUID();
    const token = signToken(keys.privateKey, { jti }, aud);
    const call = () =>
      rawRequest(url, {
        path: '/api/application/get',
        headers: { authorization: `Bearer ${token}` },
        localAddress: '127.0.0.4',
      });
    for (let i = 0; i < 4; i++) expect((await call()).status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await bus.publish(
      makeEnvelope(IdentityEvents.sessionRevoked, { jti, userId: claims.sub, exp: claims.exp }),
    );
    await eventually(async () => {
      const answers = [await call(), await call()];
      return answers.every((a) => a.status === 401) ? true : undefined;
    });
    for (let i = 0; i < 4; i++) expect((await call()).status).toBe(401);
  });
});
