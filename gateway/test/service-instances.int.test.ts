import net from 'node:net';
import { freePort, generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';

/**
 * A service run as several instances (HIRE_URL lists them): the gateway sends requests round them, and one
 * that is down costs no request — a refused connection sent nothing, so the request goes to the next
 * instance, and the dead one is left out for a few seconds rather than tried by every request.
 */
let a: RecordingUpstream;
let b: RecordingUpstream;
let gateway: App;
let url: string;
let deadUrl: string;

beforeAll(async () => {
  [a, b] = await Promise.all([startRecordingUpstream(), startRecordingUpstream()]);
  // A port nothing listens on: an instance that has died.
  deadUrl = `http://127.0.0.1:${await freePort()}`;
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: `${a.url}, ${deadUrl},${b.url}`,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  url = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([a?.close(), b?.close()]);
});

const jobs = (n: number) => a.received.filter((r) => r.url === `/api/job/get?n=${n}`).length;

it('spreads requests over the live instances and loses none to the dead one', async () => {
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) statuses.push((await fetch(`${url}/api/job/get?n=${n}`)).status);
  expect(statuses).toEqual(Array(30).fill(200));
  // Round the instances in turn: both live ones took a fair share.
  const atA = a.received.length;
  const atB = b.received.length;
  expect(atA + atB).toBe(30);
  expect(Math.min(atA, atB)).toBeGreaterThanOrEqual(10);
  // Each request reached exactly one instance.
  for (let n = 0; n < 30; n++)
    expect(jobs(n) + b.received.filter((r) => r.url === `/api/job/get?n=${n}`).length).toBe(1);
});

it('sends a write whose first instance refused the connection to another, once', async () => {
  const before = a.received.length + b.received.length;
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      fetch(`${url}/api/job/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Nurse ${i}` }),
      }).then((r) => r.status),
    ),
  );
  expect(answers).toEqual(Array(6).fill(200));
  expect(a.received.length + b.received.length - before).toBe(6);
});

it('answers 503 when no instance can be reached', async () => {
  const lonely = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: `${deadUrl},http://127.0.0.1:${await freePort()}`,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  try {
    const res = await lonely.inject({ method: 'GET', url: '/api/job/get' });
    expect(res.statusCode).toBe(503);
  } finally {
    await lonely.close();
  }
});

it('refuses a variable listing something that is not an http(s) URL', () => {
  expect(() =>
    readConfig({ JWT_PUBLIC_KEY: generateKeyPair().publicKey, HIRE_URL: `${a.url},ftp://x` }),
  ).toThrow(/HIRE_URL: must be an http\(s\) URL, or several separated by commas/);
});

describe('an instance that drops connections under requests (killed mid-answer)', () => {
  let dropping: net.Server;
  let live: RecordingUpstream;
  let gw: App;

  beforeAll(async () => {
    dropping = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    live = await startRecordingUpstream();
    const { port } = dropping.address() as net.AddressInfo;
    gw = await buildApp(
      readConfig({
        JWT_PUBLIC_KEY: generateKeyPair().publicKey,
        LOG_LEVEL: 'silent',
        HIRE_URL: `http://127.0.0.1:${port},${live.url}`,
      }),
      { revocations: { isRevoked: () => false, isCurrent: () => true } },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await live?.close();
    dropping?.close();
  });

  it('sends a read again to another instance, but never a write that may have been done', async () => {
    // The first request of each goes to the dropping instance (round the instances in turn).
    expect((await gw.inject({ method: 'GET', url: '/api/job/get' })).statusCode).toBe(200);
    const rested = await buildApp(
      readConfig({
        JWT_PUBLIC_KEY: generateKeyPair().publicKey,
        LOG_LEVEL: 'silent',
        HIRE_URL: `http://127.0.0.1:${(dropping.address() as net.AddressInfo).port},${live.url}`,
      }),
      { revocations: { isRevoked: () => false, isCurrent: () => true } },
    );
    try {
      const before = live.received.length;
      const write = await rested.inject({ method: 'POST', url: '/api/job/add', payload: { title: 'Nurse' } });
      expect(write.statusCode).toBeGreaterThanOrEqual(502);
      expect(live.received.length).toBe(before);
    } finally {
      await rested.close();
    }
  });
});
