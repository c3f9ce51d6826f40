import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNatsServer, type NatsServerOptions } from './nats';

/**
 * Finds or starts NATS (with JetStream) for `npm start` and for test runs, the same way for both:
 * NATS_URL when set, else one on 127.0.0.1:4222, else `nats-server` from PATH started here.
 */
export interface NatsFound {
  url: string;
  /** Whether the server was started here (and `stop()` stops it). */
  started: boolean;
  stop(): Promise<void>;
}

export interface FindNatsOptions {
  /** NATS_URL: used as it is when set. */
  url?: string;
  /**
   * For a server started here; without `storeDir` its store is temporary and removed on stop. A function
   * is called only when a server is started (e.g. to make its users' passwords only then).
   */
  server?: NatsServerOptions | (() => NatsServerOptions);
  log?: (line: string) => void;
  /** Whether something listens there; replaceable so the later fallbacks can be tested beside a running NATS. */
  isListening?: (host: string, port: number) => Promise<boolean>;
  /** Whether a command is on PATH; replaceable likewise. */
  onPath?: (command: string) => boolean;
}

export const LOCAL_NATS = { host: '127.0.0.1', port: 4222 };

export const NO_NATS =
  'NATS with JetStream is needed: set NATS_URL, run a NATS server on 127.0.0.1:4222, or install nats-server (e.g. `apt-get install nats-server` or `brew install nats-server`) so it can be started for you.';

function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect(port, host);
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => (s.destroy(), resolve(false)));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export async function findOrStartNats(opts: FindNatsOptions = {}): Promise<NatsFound> {
  if (opts.url) return { url: opts.url, started: false, stop: async () => {} };
  const { host, port } = LOCAL_NATS;
  if (await (opts.isListening ?? isListening)(host, port))
    return { url: `nats://${host}:${port}`, started: false, stop: async () => {} };
  if (!(opts.onPath ?? onPath)('nats-server')) throw new Error(NO_NATS);

  const serverOptions = typeof opts.server === 'function' ? opts.server() : opts.server;
  const temporary = serverOptions?.storeDir ? undefined : mkdtempSync(path.join(tmpdir(), 'afya-nats-'));
  // A run killed before stop() still leaves no store behind.
  const removeStore = () => temporary && rmSync(temporary, { recursive: true, force: true });
  process.once('exit', removeStore);
  const storeDir = serverOptions?.storeDir ?? temporary;
  opts.log?.(`starting nats-server with JetStream (store in ${storeDir})…`);
  try {
    const server = await startNatsServer({ ...serverOptions, storeDir });
    return {
      url: server.url,
      started: true,
      async stop() {
        await server.stop();
        removeStore();
        process.off('exit', removeStore);
      },
    };
  } catch (err) {
    removeStore();
    process.off('exit', removeStore);
    throw err;
  }
}
