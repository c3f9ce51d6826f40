/**
 * A profile photo uploaded to svc-identity reaches Connect's directory through identity's user events:
 * svc-connect and a real svc-identity on one NATS prefix. A link to another site, from an event written
 * before photos were uploaded, never does.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { IdentityEvents } from '@platform/contracts';
import {
  createTestDatabase,
  eventually,
  serviceTestEnv,
  userEvent,
  type ServiceTestEnv,
} from '@platform/testing';
import { NatsEventBus } from '@platform/event-bus';
import type { App } from '@platform/service-kit';
import { startIdentity, type TestContext } from '@platform/svc-identity/testing';
import { buildApp as buildConnect } from '../src/app';
import { readConfig as connectConfig } from '../src/config';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let run: ServiceTestEnv;
let identityContext: TestContext;
let identity: App;
let connect: App;

beforeAll(async () => {
  run = await serviceTestEnv('connect');
  // svc-identity on svc-connect's NATS prefix and keys, with a database of its own.
  const { DATABASE_URL: _connectDatabase, ...shared } = run.env;
  identityContext = await startIdentity({ ...shared, JWT_PRIVATE_KEY: run.keys.privateKey });
  identity = identityContext.app;
  connect = await buildConnect(connectConfig({ ...run.env, DIRECTORY_CACHE_MS: '0' }));
});
afterAll(async () => {
  await connect?.close();
  await identityContext?.close();
  await run?.cleanup();
});

async function signUp(name: string) {
  const email = `photo.${randomUUID().slice(0, 8)}@connect.example`;
  const password = 'correct horse battery';
  const reg = await identity.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name, email, password, role: 'user' },
  });
  expect(reg.statusCode).toBe(201);
  const login = (
    await identity.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } })
  ).json();
  return { id: login.user.id as string, token: login.token as string };
}

/** The person's card in Connect's directory, as a visitor sees it, once `ready` holds. */
const card = (name: string, ready: (c: { photo: string }) => boolean) =>
  eventually(async () => {
    const res = await connect.inject(`/api/connect/professionals?search=${encodeURIComponent(name)}`);
    const found = (res.json().data as Array<{ name: string; photo: string }>).find((p) => p.name === name);
    return found && ready(found) ? found : undefined;
  });

it('shows the uploaded photo on the directory card, and drops it when removed', async () => {
  const name = `Zawadi ${randomUUID().slice(0, 6)}`;
  const zawadi = await signUp(name);
  expect((await card(name, () => true)).photo).toBe('');

  const upload = await identity.inject({
    method: 'PUT',
    url: '/api/user/me/photo',
    headers: { authorization: `Bearer ${zawadi.token}`, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(upload.statusCode).toBe(200);
  const photo = upload.json().user.photo as string;
  expect(photo).toMatch(/^\/api\/user\/photo\/[0-9a-f-]{36}$/);
  await card(name, (c) => c.photo === photo);
  // The address on the card is svc-identity's photo, served as a PNG.
  expect((await identity.inject(photo)).headers['content-type']).toBe('image/png');

  const removed = await identity.inject({
    method: 'DELETE',
    url: '/api/user/me/photo',
    headers: { authorization: `Bearer ${zawadi.token}` },
  });
  expect(removed.statusCode).toBe(200);
  await card(name, (c) => c.photo === '');
});

it('never keeps a link to another site from an older event', async () => {
  const bus = await NatsEventBus.connect({ url: run.natsUrl, prefix: run.prefix, name: 'old-identity' });
  try {
    const id = randomUUID();
    const name = `Old link ${id.slice(0, 6)}`;
    await bus.publish(
      userEvent(IdentityEvents.userRegistered, id, {
        name,
        role: 'user',
        photo: 'https://tracker.example/pixel.gif',
        createdAt: new Date().toISOString(),
      }),
    );
    const seen = await card(name, () => true);
    expect(seen.photo).toBe('');
  } finally {
    await bus.close();
  }
});

it('drops the links to other sites kept before photos were uploaded (migration 0005)', async () => {
  const db = await createTestDatabase('connect_photo_mig');
  const before = mkdtempSync(path.join(tmpdir(), 'connect-migrations-'));
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const folder = path.join(__dirname, '..', 'drizzle');
  try {
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0005');
    writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(sql), { migrationsFolder: before, migrationsSchema: 'connect' });
    const own = `/api/user/photo/${randomUUID()}`;
    await sql`insert into connect.users (id, name, role, profession, account_created_at, version, photo)
      values (${randomUUID()}, 'A', 'user', 'Nurse', now(), 1, 'https://tracker.example/a.gif'),
             (${randomUUID()}, 'B', 'user', 'Nurse', now(), 1, ${own})`;
    await migrate(drizzle(sql), { migrationsFolder: folder, migrationsSchema: 'connect' });
    const rows = await sql<
      { name: string; photo: string }[]
    >`select name, photo from connect.users order by name`;
    expect(rows).toEqual([
      { name: 'A', photo: '' },
      { name: 'B', photo: own },
    ]);
  } finally {
    await sql.end();
    rmSync(before, { recursive: true, force: true });
    await db.drop();
  }
});
