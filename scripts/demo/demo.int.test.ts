/**
 * The demo loaded twice into a whole platform (every service and the gateway, as `npm start` runs them) on
 * its own database, its own nats-server with the platform's users, and a free port; everything checked
 * through the gateway's API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, eventually, freePort, type TestDatabase } from '@platform/testing';
import { readStartConfig } from '../config';
import { startPlatform, type RunningPlatform } from '../platform';
import { CLINICS, DEMO_PASSWORD, DISCUSSIONS, EVENTS, JOBS, PROFESSIONALS } from './data';
import { loadDemo, type DemoSummary } from './index';

const ADMIN = { email: 'admin@demo-test.example', password: 'demo test admin password' };
let db: TestDatabase;
let dataDir: string;
let platform: RunningPlatform;
const logs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('demo');
  dataDir = mkdtempSync(path.join(tmpdir(), 'afya-demo-'));
  const cfg = readStartConfig({
    PORT: String(await freePort()),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  platform = await startPlatform(cfg, (line) => logs.push(line), {
    buildFrontends: false,
    nats: { own: true },
  });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  await db?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function api<T = { data: unknown[]; pageInfo: { total: number } }>(
  url: string,
  token?: string,
): Promise<T> {
  const res = await fetch(new URL(url, platform.url), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect([url, res.status]).toEqual([url, 200]);
  return (await res.json()) as T;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(new URL('/api/user/login', platform.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** What a visitor and the admin see: the figures a second load must leave as they are. */
async function seen(adminToken: string) {
  const [board, events, discussions, accounts, applications, blog] = await Promise.all([
    api('/api/job/get?limit=100'),
    api('/api/event/get?limit=100'),
    api('/api/discussion/get?limit=100'),
    api('/api/user/admin/accounts?limit=100', adminToken),
    api('/api/application/get?limit=100', adminToken),
    api('/api/blog/get?limit=100'),
  ]);
  return {
    jobs: board.pageInfo.total,
    events: events.pageInfo.total,
    discussions: discussions.pageInfo.total,
    accounts: accounts.pageInfo.total,
    applications: applications.pageInfo.total,
    posts: blog.pageInfo.total,
  };
}

describe('npm start -- --demo', () => {
  let first: DemoSummary;
  const lines: string[] = [];

  it('loads the demo through the API: board, events, directory, discussions and connections', async () => {
    first = await loadDemo(platform.url, ADMIN, (l) => lines.push(l));
    expect(first).toMatchObject({
      accountsRegistered: CLINICS.length + PROFESSIONALS.length,
      jobs: JOBS.length,
      events: EVENTS.length,
      discussions: DISCUSSIONS.length,
      posts: 3,
    });
    // The blog and the home page's About block, for a visitor.
    const blog = await api<{ data: { name: string; slug: string }[] }>('/api/blog/get?limit=100');
    expect(blog.data.map((p) => p.slug)).toContain('running-a-rota-for-a-24-hour-maternity-unit');
    const home = await api<{ components: { AboutUs: string } }>('/api/dashboard/main-components');
    expect(home.components.AboutUs).toContain('Eastern Africa');
    expect(first.signIns.map((s) => s.email)).toEqual([
      ADMIN.email,
      CLINICS[1]!.email,
      PROFESSIONALS[0]!.email,
    ]);

    // The board: each demo job, with its clinic, in every city.
    const board = await api<{ data: Array<{ title: string; organization: string; location: string }> }>(
      '/api/job/get?limit=100',
    );
    for (const job of JOBS) {
      const clinic = CLINICS.find((c) => c.key === job.clinic)!;
      expect(board.data).toContainEqual(
        expect.objectContaining({ title: job.title, organization: clinic.name, location: clinic.city }),
      );
    }
    expect(new Set(board.data.map((j) => j.location))).toEqual(
      new Set(['Nairobi', 'Kisumu', 'Mombasa', 'Eldoret', 'Kampala', 'Dar es Salaam']),
    );

    // Applicants in every status (the admin sees every application).
    const adminToken = await signIn(ADMIN.email, ADMIN.password);
    const apps = await api<{ data: Array<{ status: string }> }>('/api/application/get?limit=100', adminToken);
    expect(new Set(apps.data.map((a) => a.status))).toEqual(
      new Set(['pending', 'accepted', 'rejected', 'withdrawn']),
    );
    expect(apps.data).toHaveLength(JOBS.reduce((n, j) => n + j.applicants.length, 0));

    // Events: upcoming ones with registrations, a waiting list where it is full, today's with check-ins.
    const events = await api<{
      data: Array<{ id: string; title: string; seatsTaken: number; waitlisted: number }>;
    }>('/api/event/get?limit=100');
    expect(events.data.map((e) => e.title).sort()).toEqual(EVENTS.map((e) => e.title).sort());
    const triage = events.data.find((e) => e.title.startsWith('Emergency Triage'))!;
    expect(triage).toMatchObject({ seatsTaken: 2, waitlisted: 1 });
    // The events page's topic filter finds them.
    const cpdTopic = await api<{ data: Array<{ title: string }> }>('/api/event/get?topic=CPD&limit=100');
    expect(cpdTopic.data.map((e) => e.title).sort()).toEqual(
      EVENTS.filter((e) => e.topic === 'CPD')
        .map((e) => e.title)
        .sort(),
    );
    const achieng = await signIn(PROFESSIONALS[0]!.email, DEMO_PASSWORD);
    const cpd = await api<{ data: { total: number; entries: Array<{ eventTitle: string }> } }>(
      '/api/event/cpd/me',
      achieng,
    );
    expect(cpd.data.total).toBe(3);
    expect(cpd.data.entries.map((e) => e.eventTitle)).toEqual(['Neonatal Resuscitation Refresher (demo)']);

    // Every demo account has a verified address (the admin vouched for it): they join teams and see
    // contact details as verified members do.
    for (const who of [CLINICS[1]!.email, PROFESSIONALS[0]!.email]) {
      const me = await api<{ user: { emailVerified: boolean } }>(
        '/api/user/me',
        await signIn(who, DEMO_PASSWORD),
      );
      expect([who, me.user.emailVerified]).toEqual([who, true]);
    }

    // The directory: every demo professional and clinic, with designations (svc-connect's projection).
    const directory = await eventually(async () => {
      const d = await api<{ data: Array<{ name: string; designation: string }> }>(
        '/api/connect/professionals?limit=100',
      );
      return d.data.length >= CLINICS.length + PROFESSIONALS.length ? d : undefined;
    });
    for (const p of PROFESSIONALS)
      expect(directory.data).toContainEqual(
        expect.objectContaining({ name: p.name, designation: p.designation }),
      );

    // Discussions with their replies, and Achieng's accepted connections.
    const discussions = await api<{ data: Array<{ title: string; replyCount: number }> }>(
      '/api/discussion/get?limit=100',
    );
    for (const d of DISCUSSIONS)
      expect(discussions.data).toContainEqual(
        expect.objectContaining({ title: d.title, replyCount: d.replies.length }),
      );
    const connections = await api('/api/connect/connections', achieng);
    expect(connections.pageInfo.total).toBe(2);
  }, 120_000);

  it('a second load adds nothing', async () => {
    const adminToken = await signIn(ADMIN.email, ADMIN.password);
    const before = await seen(adminToken);
    const second = await loadDemo(platform.url, ADMIN, (l) => lines.push(l));
    expect(second).toMatchObject({
      accountsRegistered: 0,
      jobs: 0,
      events: 0,
      connections: 0,
      discussions: 0,
    });
    expect(await seen(adminToken)).toEqual(before);
    const achieng = await signIn(PROFESSIONALS[0]!.email, DEMO_PASSWORD);
    expect((await api('/api/connect/connections', achieng)).pageInfo.total).toBe(2);
    expect(lines).toContain(
      `demo: 0 accounts registered, ${CLINICS.length + PROFESSIONALS.length} already there`,
    );
  }, 120_000);
});
