import type { FastifyRequest } from 'fastify';
import type { ModuleDescriptor } from '@platform/contracts';
import { requestContext, traceparentOf } from '@platform/service-kit';
import { ServiceUpstream, UpstreamFailure, type UpstreamAnswer, type UpstreamOptions } from './proxy';

/** What a browser's request for a static file carries to the remote's origin: its encoding and revalidation. */
const ASKED = ['accept-encoding', 'if-none-match', 'if-modified-since', 'range', 'if-range'];

/**
 * What of the origin's answer reaches the browser: the file's own headers. Caching and the security headers
 * are the gateway's (the same as for a file from its disk), whatever the origin sends.
 */
const KEPT = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'vary',
];

/** The files of a remote's build the gateway itself reads: its preload hints and its prerendered pages' stamp. */
export const READ_FILES = ['mf-manifest.json', 'remoteEntry.js'];

/** How long the gateway's copy of a remote's READ_FILES is used before it is read again (in the background). */
export const REMOTE_FILES_REFRESH_MS = 10_000;

/** A remote's build files read by the gateway, from its disk or from the remote's own origin. */
export interface RemoteFilesFromOrigins {
  has(folder: string): boolean;
  /** The file as last read from the origin (undefined before the first read, or when it has none). */
  current(folder: string, file: string): Buffer | undefined;
}

/** The folders of the remotes served by an origin of their own (those with `MF_<NAME>_URL` set). */
export const originFolders = (
  modules: ModuleDescriptor[],
  remoteInstances: Record<string, string[]>,
): Set<string> =>
  new Set(modules.flatMap((m) => (m.remote && remoteInstances[m.name]?.length ? [m.remote.folder] : [])));

interface Origin {
  label: string;
  upstream: ServiceUpstream;
}

/**
 * The remotes served by a static origin of their own (`MF_<NAME>_URL`, their image): the browser's requests
 * for /mf/<folder>/<file> go to `<origin>/<file>` through the same kept-alive pools and deadlines as the API
 * (proxy.ts), and the few files the gateway reads itself are kept here, read again every
 * REMOTE_FILES_REFRESH_MS in the background, so a new version of the remote is picked up without a restart.
 */
export class RemoteOrigins implements RemoteFilesFromOrigins {
  private readonly origins = new Map<string, Origin>();
  private readonly files = new Map<string, { at: number; body?: Buffer; reading?: boolean }>();

  constructor(
    modules: ModuleDescriptor[],
    remoteInstances: Record<string, string[]>,
    opts: UpstreamOptions,
    private readonly refreshMs = REMOTE_FILES_REFRESH_MS,
  ) {
    for (const m of modules) {
      const urls = remoteInstances[m.name];
      if (m.remote && urls?.length)
        this.origins.set(m.remote.folder, { label: m.label, upstream: new ServiceUpstream(urls, opts) });
    }
    for (const folder of this.origins.keys()) for (const file of READ_FILES) this.current(folder, file);
  }

  folders(): Set<string> {
    return new Set(this.origins.keys());
  }

  has(folder: string): boolean {
    return this.origins.has(folder);
  }

  labelOf(folder: string): string {
    return this.origins.get(folder)?.label ?? folder;
  }

  /**
   * The origin's answer for `file` (`/remoteEntry.js`, a path of its build) as the browser asked for it; its
   * headers cut down to KEPT. Throws proxy.ts's UpstreamFailure when the origin gives no usable answer.
   */
  async ask(folder: string, file: string, request: FastifyRequest): Promise<UpstreamAnswer> {
    const headers: Record<string, string | string[] | undefined> = {};
    for (const name of ASKED) if (request.headers[name] !== undefined) headers[name] = request.headers[name];
    const trace = requestContext(request);
    const asked = {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      url: file,
      headers,
      ip: request.ip,
      id: request.id,
      traceparent: trace && traceparentOf(trace),
    };
    const upstream = this.origin(folder).upstream;
    let answer: UpstreamAnswer;
    try {
      answer = await upstream.ask(asked);
    } catch (err) {
      // A kept-alive connection the origin had closed (it restarted): a read, asked once more on a new one.
      if (!(err instanceof UpstreamFailure) || err.reason !== 'malformed') throw err;
      answer = await upstream.ask(asked);
    }
    const kept: Record<string, string | string[]> = {};
    for (const name of KEPT) if (answer.headers[name] !== undefined) kept[name] = answer.headers[name]!;
    return { ...answer, headers: kept };
  }

  current(folder: string, file: string): Buffer | undefined {
    if (!this.origins.has(folder)) return undefined;
    const key = `${folder}/${file}`;
    const known = this.files.get(key);
    if (!known || (!known.reading && Date.now() - known.at >= this.refreshMs)) {
      const entry = { at: known?.at ?? 0, body: known?.body, reading: true };
      this.files.set(key, entry);
      void this.read(folder, file).then((body) => {
        // An origin down keeps the copy last read: hints and stamps of the version last seen.
        this.files.set(key, { at: Date.now(), body: body === null ? entry.body : body });
      });
    }
    return known?.body;
  }

  close(): Promise<void> {
    return Promise.all([...this.origins.values()].map((o) => o.upstream.close())).then(() => {});
  }

  private origin(folder: string): Origin {
    const origin = this.origins.get(folder);
    if (!origin) throw new Error(`${folder} is not served from an origin of its own`);
    return origin;
  }

  /** The file's content, undefined when the origin has none, null when it could not be asked. */
  private async read(folder: string, file: string): Promise<Buffer | undefined | null> {
    try {
      const answer = await this.origin(folder).upstream.ask({
        method: 'GET',
        url: `/${file}`,
        headers: {},
        ip: '127.0.0.1',
        id: `remote-files-${folder}`,
      });
      if (answer.statusCode !== 200) {
        answer.stream?.destroy();
        return answer.statusCode === 404 ? undefined : null;
      }
      if (answer.body) return answer.body;
      const chunks: Buffer[] = [];
      for await (const chunk of answer.stream!) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }
}
