import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { createTestDatabase, eventually, readEvents } from '@platform/testing';
import sharp from 'sharp';
import { aUser, startIdentity, type TestContext } from './helpers';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A camera's JPEG: 1600×1200, with the place it was taken and the camera's name in its EXIF. */
let JPEG: Buffer;
beforeAll(async () => {
  JPEG = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1' },
    })
    .toBuffer();
});
const OWN_PHOTO = /^\/api\/user\/photo\/[0-9a-f-]{36}$/;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startIdentity();
});
afterAll(async () => ctx?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function person() {
  const body = aUser();
  expect((await ctx.register(body)).statusCode).toBe(201);
  const login = await ctx.login(body.email, body.password);
  return { token: login.json().token as string, id: login.json().user.id as string };
}

const upload = (token: string | undefined, bytes: Buffer, contentType = 'image/png') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/me/photo',
    headers: { 'content-type': contentType, ...(token ? auth(token) : {}) },
    payload: bytes,
  });
const me = async (token: string) =>
  (await ctx.app.inject({ url: '/api/user/me', headers: auth(token) })).json().user;
const putMe = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/me', headers: auth(token), payload });
const storedPhotos = async (userId: string) => {
  const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from identity.photos where user_id = ${userId}`;
    return row!.n;
  } finally {
    await sql.end();
  }
};

it('stores an uploaded image written again without its metadata, serves it from our origin as exactly its type, and tells the projections', async () => {
  const ann = await person();
  const res = await upload(ann.token, PNG);
  expect(res.statusCode).toBe(200);
  const photo = res.json().user.photo as string;
  expect(photo).toMatch(OWN_PHOTO);
  expect((await me(ann.token)).photo).toBe(photo);

  // Anyone may fetch it (directory cards show it to visitors), as the image it is and nothing else.
  const served = await ctx.app.inject(photo);
  expect(served.statusCode).toBe(200);
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  expect(served.headers).toMatchObject({
    'content-type': 'image/png',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=86400',
    'content-security-policy': "default-src 'none'; sandbox",
  });

  const dir = await ctx.app.inject('/api/user/get?limit=100');
  expect(dir.json().users.find((u: { id: string }) => u.id === ann.id).photo).toBe(photo);
  const event = await eventually(async () =>
    (await readEvents<UserEventData>(ctx.natsUrl, `${ctx.prefix}${IdentityEvents.userUpdated}`)).find(
      (e) => e.data.id === ann.id && e.data.photo === photo,
    ),
  );
  expect(event.data.version).toBe(2);

  // A new upload is a new address; the old one is gone.
  const again = await upload(ann.token, JPEG, 'application/octet-stream');
  expect(again.statusCode).toBe(200);
  expect(again.json().user.photo).not.toBe(photo);
  expect(JPEG.includes('PhoneCam')).toBe(true);
  // Written again: at most 1024 px a side, and nothing the camera wrote besides the pixels.
  const jpeg = await ctx.app.inject(again.json().user.photo);
  expect(jpeg.headers['content-type']).toBe('image/jpeg');
  const stored = await sharp(jpeg.rawPayload).metadata();
  expect(stored).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
  expect(stored.exif).toBeUndefined();
  expect(jpeg.rawPayload.includes('PhoneCam')).toBe(false);
  expect((await ctx.app.inject(photo)).statusCode).toBe(404);
  expect(await storedPhotos(ann.id)).toBe(1);
});

it.each([
  ['an HTML page named as a PNG', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
  ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
  ['an SVG named as a PNG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png'],
  ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n'), 'image/jpeg'],
  ['nothing at all', Buffer.alloc(0), 'image/png'],
  [
    'an HTML page behind a PNG signature',
    Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script>')]),
    'image/png',
  ],
  ['a PNG cut short', PNG.subarray(0, 30), 'image/png'],
])('refuses %s with 415 and stores nothing', async (_label, bytes, type) => {
  const ann = await person();
  const res = await upload(ann.token, bytes, type);
  expect(res.statusCode).toBe(415);
  expect(res.json().code).toBe('auth.photo_not_image');
  expect((await me(ann.token)).photo).toBe('');
  expect(await storedPhotos(ann.id)).toBe(0);
});

it('refuses a photo over 2 MB with 413 and keeps the one before', async () => {
  const ann = await person();
  const first = (await upload(ann.token, PNG)).json().user.photo;
  const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
  const res = await upload(ann.token, big);
  expect(res.statusCode).toBe(413);
  expect((await me(ann.token)).photo).toBe(first);
  expect((await ctx.app.inject(first)).statusCode).toBe(200);
});

it('refuses a link to another site as the photo (400), and removes the photo on request', async () => {
  const ann = await person();
  for (const photo of [
    'https://tracker.example/pixel.gif',
    'javascript:alert(1)',
    '//tracker.example/p.png',
  ]) {
    const res = await putMe(ann.token, { photo });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.photo_not_uploaded');
  }
  expect((await me(ann.token)).photo).toBe('');

  const photo = (await upload(ann.token, PNG)).json().user.photo;
  // A client saving the whole profile sends its photo back: nothing changes.
  const saved = await putMe(ann.token, { name: 'Ann W', photo });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().user).toMatchObject({ name: 'Ann W', photo });
  expect((await ctx.app.inject(photo)).statusCode).toBe(200);

  // '' removes it, as DELETE does.
  expect((await putMe(ann.token, { photo: '' })).json().user.photo).toBe('');
  expect((await ctx.app.inject(photo)).statusCode).toBe(404);
  const second = (await upload(ann.token, PNG)).json().user.photo;
  const removed = await ctx.app.inject({
    method: 'DELETE',
    url: '/api/user/me/photo',
    headers: auth(ann.token),
  });
  expect(removed.statusCode).toBe(200);
  expect(removed.json().user.photo).toBe('');
  expect((await ctx.app.inject(second)).statusCode).toBe(404);
  expect(await storedPhotos(ann.id)).toBe(0);
});

it('lets nobody else change or remove my photo', async () => {
  const ann = await person();
  const ben = await person();
  const photo = (await upload(ann.token, PNG)).json().user.photo;

  // Ben can neither take Ann's photo as his nor reach hers: every photo route acts on the caller alone.
  const taken = await putMe(ben.token, { photo });
  expect(taken.statusCode).toBe(400);
  expect((await me(ben.token)).photo).toBe('');
  await ctx.app.inject({ method: 'DELETE', url: '/api/user/me/photo', headers: auth(ben.token) });
  await upload(ben.token, JPEG);
  expect((await ctx.app.inject({ method: 'DELETE', url: photo, headers: auth(ben.token) })).statusCode).toBe(
    404,
  );
  expect(
    (await ctx.app.inject({ method: 'PUT', url: photo, headers: auth(ben.token), payload: JPEG })).statusCode,
  ).toBe(404);

  // Without a session nothing changes.
  expect((await upload(undefined, JPEG)).statusCode).toBe(401);
  expect((await ctx.app.inject({ method: 'DELETE', url: '/api/user/me/photo' })).statusCode).toBe(401);

  expect((await me(ann.token)).photo).toBe(photo);
  const served = await ctx.app.inject(photo);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
});

it('answers 404 for a photo that does not exist and 400 for an address that is no photo id', async () => {
  expect((await ctx.app.inject('/api/user/photo/7a3c9a52-0d63-4a8a-9a0b-2f4d1c1e6b11')).statusCode).toBe(404);
  expect((await ctx.app.inject('/api/user/photo/..%2Fme')).statusCode).toBe(400);
});

it('drops the links to other sites people gave as photos before uploads (migration 0013)', async () => {
  const db = await createTestDatabase('identity_photo_mig');
  const before = mkdtempSync(path.join(tmpdir(), 'identity-migrations-'));
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const folder = path.join(__dirname, '..', 'drizzle');
  try {
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0013');
    writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(sql), { migrationsFolder: before, migrationsSchema: 'identity' });
    await sql`insert into identity.users (email, password_hash, name, role, photo)
      values ('a@mig.example', 'x', 'A', 'user', 'https://tracker.example/a.gif'),
             ('b@mig.example', 'x', 'B', 'user', '')`;
    await migrate(drizzle(sql), { migrationsFolder: folder, migrationsSchema: 'identity' });
    const rows = await sql<{ photo: string }[]>`select photo from identity.users`;
    expect(rows.map((r) => r.photo)).toEqual(['', '']);
  } finally {
    await sql.end();
    rmSync(before, { recursive: true, force: true });
    await db.drop();
  }
});
