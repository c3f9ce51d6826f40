import { statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ModuleDescriptor } from '@platform/contracts';
import { FIRST_SCREEN } from '@platform/contracts/values';
import { apiFor, pageRoute, type PreviewRoute } from './previews';

/**
 * First screens drawn on the server: for a prerendered page whose remote builds a renderer of its first
 * screens (`dist-server/first-screens.js`, packages/mf-config) and declares the data they show
 * (`remote.firstData`), the gateway asks the service for that data, has the renderer draw it, and puts
 * the markup into the page's empty first-screen element. The page is then readable with its content
 * before any script arrives (on a phone on Slow 4G, the job board's cards paint with the HTML instead of
 * about 1.5 s later); the page keeps that markup until its own render replaces it (`FirstScreen` in
 * `@platform/ui`).
 *
 * The renderer is a remote's code, run in a worker thread of its own with no environment variables and a
 * small heap; it has a time limit, and a renderer that throws, hangs or is missing costs the page only
 * its first screen (it is sent as prerendered). Answers and markup are kept a few seconds, so a busy page
 * costs the service one request per few seconds, not one per visit.
 */

const FETCH_TIMEOUT_MS = 800;
const RENDER_TIMEOUT_MS = 300;
const CACHE_MS = 5_000;
const CACHE_MAX = 200;

export interface FirstScreenPage {
  language: string;
  /** The site's public address (share links in the markup). */
  origin: string;
}

/** What a renderer is sent (mf-hire/src/first-screens.tsx `FirstScreenRequest`). */
interface RenderRequest extends FirstScreenPage {
  route: string;
  pathname: string;
  answer: unknown;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const renderer = require(workerData.file);
parentPort.on('message', ({ id, request }) => {
  let html;
  try {
    html = renderer.render(request);
  } catch (err) {
    html = undefined;
  }
  parentPort.postMessage({ id, html: typeof html === 'string' ? html : undefined });
});
parentPort.postMessage({ ready: true });
`;

/** Loading a renderer (a new worker, a megabyte of code) may take this long; drawing a page, `renderMs`. */
const BOOT_TIMEOUT_MS = 5_000;

/**
 * One remote's renderer in its worker; a new worker when the file changes (a new build) or one hung.
 * The time limit of a page starts once the worker has loaded the renderer: a slow start is not a hang.
 */
class RendererWorker {
  private worker: Worker | undefined;
  private ready: Promise<boolean> = Promise.resolve(false);
  private loaded: string | undefined;
  private next = 0;
  private readonly waiting = new Map<number, (html: string | undefined) => void>();

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  async render(request: RenderRequest): Promise<string | undefined> {
    let version: string;
    try {
      const { size, mtimeMs } = statSync(this.file);
      version = `${size}:${mtimeMs}`;
    } catch {
      return undefined;
    }
    if (version !== this.loaded) this.start(version);
    const worker = this.worker;
    if (!(await this.ready) || !worker || worker !== this.worker) return undefined;
    const id = ++this.next;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop(), this.timeoutMs);
      this.waiting.set(id, (html) => {
        clearTimeout(timer);
        resolve(html);
      });
      worker.postMessage({ id, request });
    });
  }

  private start(version: string) {
    this.stop();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: this.file },
      // The remote's code sees none of the gateway's settings.
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    // A worker waiting for pages never keeps the gateway from exiting.
    worker.unref();
    this.ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.stop();
        resolve(false);
      }, BOOT_TIMEOUT_MS);
      worker.on('message', (message: { ready?: boolean; id?: number; html?: string }) => {
        if (message.ready) {
          clearTimeout(timer);
          return resolve(true);
        }
        const done = this.waiting.get(message.id!);
        this.waiting.delete(message.id!);
        done?.(typeof message.html === 'string' ? message.html : undefined);
      });
      const gone = () => {
        clearTimeout(timer);
        resolve(false);
        if (this.worker === worker) this.stop();
      };
      worker.on('error', gone);
      worker.on('exit', gone);
    });
    this.worker = worker;
    this.loaded = version;
  }

  /** Ends the worker; every page still waiting is sent without its first screen. */
  stop() {
    const worker = this.worker;
    this.worker = undefined;
    this.loaded = undefined;
    for (const done of this.waiting.values()) done(undefined);
    this.waiting.clear();
    if (worker) void worker.terminate();
  }
}

interface FirstScreenRoute extends PreviewRoute {
  /** As the descriptor names it (`/hire/:id`): the renderer chooses its screen by it. */
  route: string;
  file: string;
}

/** Entries kept `CACHE_MS`, the oldest dropped past `CACHE_MAX`. */
class ShortCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    this.entries.delete(key);
    if (this.entries.size >= CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    const value = make();
    this.entries.set(key, { at: Date.now(), value });
    return value;
  }
}

export class FirstScreens {
  private readonly routes: FirstScreenRoute[];
  private readonly workers = new Map<string, RendererWorker>();
  private readonly answers = new ShortCache<unknown>();
  private readonly markup = new ShortCache<string | undefined>();

  constructor(
    modules: ModuleDescriptor[],
    private readonly upstreams: Record<string, string | undefined>,
    remotesRoot: string,
    private readonly timeouts = { fetchMs: FETCH_TIMEOUT_MS, renderMs: RENDER_TIMEOUT_MS },
  ) {
    this.routes = modules.flatMap((m) =>
      (m.remote?.firstData ?? []).map(({ route, api }) => ({
        ...pageRoute(m.name, route, api),
        route,
        file: path.join(remotesRoot, m.remote!.folder, 'dist-server', FIRST_SCREEN.file),
      })),
    );
  }

  /**
   * The markup of the first screen of the page at `pathname` (a URL without a query), or undefined: no
   * renderer, no data (a 404, a service down or slow), or a renderer that failed.
   */
  markupFor(pathname: string, page: FirstScreenPage): Promise<string | undefined> {
    for (const route of this.routes) {
      const api = apiFor(route, pathname);
      const upstream = this.upstreams[route.module];
      if (api === undefined || !upstream) continue;
      const url = `${upstream.replace(/\/$/, '')}${api}`;
      return this.markup.get(`${url}\n${page.language}\n${page.origin}`, async () => {
        const answer = await this.answers.get(url, () => this.fetchAnswer(url));
        if (answer === undefined) return undefined;
        return this.worker(route.file).render({ ...page, route: route.route, pathname, answer });
      });
    }
    return Promise.resolve(undefined);
  }

  close(): void {
    for (const worker of this.workers.values()) worker.stop();
  }

  private worker(file: string): RendererWorker {
    let worker = this.workers.get(file);
    if (!worker) this.workers.set(file, (worker = new RendererWorker(file, this.timeouts.renderMs)));
    return worker;
  }

  private async fetchAnswer(url: string): Promise<unknown> {
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeouts.fetchMs),
        headers: { accept: 'application/json' },
      });
      return res.ok ? await res.json() : undefined;
    } catch {
      return undefined;
    }
  }
}

const EMPTY_FIRST_SCREEN = new RegExp(`(<div id="${FIRST_SCREEN.elementId}"[^>]*>)(</div>)`);

/** The page with `markup` in its empty first-screen element (a page without one is returned as it is). */
export const withFirstScreen = (html: string, markup: string): string =>
  // A function replacement: `$` in the markup is never read as a pattern.
  html.replace(EMPTY_FIRST_SCREEN, (_all, open: string, close: string) => `${open}${markup}${close}`);
