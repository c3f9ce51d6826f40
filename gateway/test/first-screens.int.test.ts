import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ModuleDescriptor } from '@platform/contracts';
import { FIRST_SCREEN } from '@platform/contracts/values';
import { FirstScreens, withFirstScreen } from '../src/first-screens';

// A remote's server renderer (a file in its dist-server/) and its service (a stand-in on a free port).
let dir: string;
let service: FastifyInstance;
let upstream: string;
let asked: string[];
const answers = new Map<string, { status: number; body: unknown }>();

const RENDERER = `
exports.render = ({ route, pathname, language, origin, answer }) => {
  const what = answer.data.what;
  if (what === 'throw') throw new Error('broken renderer');
  if (what === 'hang') for (;;) {}
  if (what === 'env') return JSON.stringify(process.env);
  return '<p>' + [VERSION, route, pathname, language, origin, what].join(' ') + '</p>';
};`;
const rendererFile = () => path.join(dir, 'mf-hire', 'dist-server', FIRST_SCREEN.file);
function writeRenderer(version: string) {
  mkdirSync(path.dirname(rendererFile()), { recursive: true });
  writeFileSync(rendererFile(), RENDERER.replace('VERSION', JSON.stringify(version)));
}

const hire = {
  name: 'hire',
  label: 'Hire',
  remote: {
    name: 'mf_hire',
    folder: 'mf-hire',
    routes: ['/hire'],
    firstData: [
      { route: '/hire', api: '/api/job/get?limit=10' },
      { route: '/hire/:id', api: '/api/job/:id' },
    ],
  },
} as ModuleDescriptor;
const page = { language: 'sw', origin: 'https://afyahr.example' };
const screens = (timeouts = { fetchMs: 800, renderMs: 300 }) =>
  new FirstScreens([hire], { hire: upstream }, dir, timeouts);

beforeAll(async () => {
  // fetch keeps its connections open: close them with the server.
  service = Fastify({ forceCloseConnections: true });
  // Unref'd: the answer the test gave up on must not keep the test worker alive after the suite.
  service.get('/slow/api/job/get', async () => new Promise((r) => setTimeout(() => r({}), 1500).unref()));
  service.get('/*', async (req, reply) => {
    asked.push(req.url);
    const answer = answers.get(req.url) ?? { status: 404, body: { success: false } };
    return reply.status(answer.status).send(answer.body);
  });
  upstream = await service.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-first-screens-'));
  asked = [];
  answers.clear();
  writeRenderer('v1');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const board = (what: string) =>
  answers.set('/api/job/get?limit=10', { status: 200, body: { success: true, data: { what } } });

it("draws a page's first screen from its service's answer, with the page's language and address", async () => {
  board('cards');
  answers.set('/api/job/abc-1', { status: 200, body: { success: true, data: { what: 'one job' } } });
  const s = screens();
  try {
    expect(await s.markupFor('/hire', page)).toBe('<p>v1 /hire /hire sw https://afyahr.example cards</p>');
    expect(await s.markupFor('/hire/abc-1', page)).toBe(
      '<p>v1 /hire/:id /hire/abc-1 sw https://afyahr.example one job</p>',
    );
    // A page no remote draws, and an item the service does not know: nothing.
    expect(await s.markupFor('/event', page)).toBeUndefined();
    expect(await s.markupFor('/hire/unknown', page)).toBeUndefined();
  } finally {
    s.close();
  }
});

it('asks the service once for many visits, and each language is drawn once', async () => {
  board('cards');
  const s = screens();
  try {
    const visits = await Promise.all(Array.from({ length: 20 }, () => s.markupFor('/hire', page)));
    expect(new Set(visits)).toEqual(new Set(['<p>v1 /hire /hire sw https://afyahr.example cards</p>']));
    expect(await s.markupFor('/hire', { ...page, language: 'fr' })).toContain(' fr ');
    expect(asked).toEqual(['/api/job/get?limit=10']);
  } finally {
    s.close();
  }
});

it("gives the renderer none of the gateway's environment", async () => {
  process.env.FIRST_SCREEN_TEST_SECRET = 'not for remotes';
  board('env');
  const s = screens();
  try {
    expect(JSON.parse((await s.markupFor('/hire', page))!)).toEqual({});
  } finally {
    s.close();
    delete process.env.FIRST_SCREEN_TEST_SECRET;
  }
});

it('sends the page without a first screen when the renderer throws or hangs, and recovers', async () => {
  const s = screens({ fetchMs: 800, renderMs: 300 });
  try {
    board('throw');
    expect(await s.markupFor('/hire', page)).toBeUndefined();
    answers.set('/api/job/x-2', { status: 200, body: { success: true, data: { what: 'hang' } } });
    const started = Date.now();
    expect(await s.markupFor('/hire/x-2', page)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    // The hung worker was replaced: the next page is drawn.
    answers.set('/api/job/x-3', { status: 200, body: { success: true, data: { what: 'fine' } } });
    expect(await s.markupFor('/hire/x-3', page)).toContain('fine');
  } finally {
    s.close();
  }
});

it('draws nothing when the service is down or slow, or the remote has no renderer', async () => {
  const down = new FirstScreens([hire], { hire: 'http://127.0.0.1:9' }, dir);
  expect(await down.markupFor('/hire', page)).toBeUndefined();
  down.close();
  const slow = new FirstScreens([hire], { hire: `${upstream}/slow` }, dir, { fetchMs: 200, renderMs: 300 });
  expect(await slow.markupFor('/hire', page)).toBeUndefined();
  slow.close();
  board('cards');
  rmSync(rendererFile());
  const none = screens();
  expect(await none.markupFor('/hire', page)).toBeUndefined();
  none.close();
});

it("uses a remote's new build once it is deployed", async () => {
  board('cards');
  const s = screens({ fetchMs: 800, renderMs: 300 });
  try {
    expect(await s.markupFor('/hire', page)).toContain('v1');
    writeRenderer('v2');
    utimesSync(rendererFile(), new Date(), new Date(Date.now() + 5000));
    // Markup is kept a few seconds; another language is drawn now, by the new build.
    expect(await s.markupFor('/hire', { ...page, language: 'en' })).toContain('v2');
  } finally {
    s.close();
  }
});

it("puts the markup into the page's empty first-screen element only", () => {
  const html = `<main><div id="${FIRST_SCREEN.elementId}" class="first-screen"></div><p>$&</p></main>`;
  expect(withFirstScreen(html, '<p>$1 cards</p>')).toBe(
    `<main><div id="${FIRST_SCREEN.elementId}" class="first-screen"><p>$1 cards</p></div><p>$&</p></main>`,
  );
  expect(withFirstScreen('<main></main>', '<p>cards</p>')).toBe('<main></main>');
});
