import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { admitsAnonymous } from '@platform/event-bus';
import { startNatsServer, type NatsServerOptions, type OwnNatsServer } from './nats';

/**
 * Finds or starts NATS (with JetStream) for `npm start` and for test runs, the same way for both:
 * NATS_URL when set, else one on 127.0.0.1:4222 (for npm start, only one that requires credentials:
 * `passOverOpen`), else `nats-server` from PATH started here.
 */
export interface NatsFound {
  url: string;
  /** Whether the server was started here (and `stop()` stops it). */
  started: boolean;
  /** The server started here, for a supervisor to watch and start again; none for one found running. */
  server?: OwnNatsServer;
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
  /**
   * Pass over a server on 127.0.0.1:4222 that lets clients in without credentials, and start one here
   * instead: npm start runs the platform only on a bus where each service is its own user.
   */
  passOverOpen?: boolean;
  /** Whether a server admits anonymous clients; replaceable likewise. */
  admitsAnonymous?: (url: string) => Promise<boolean>;
  /** Where to look for a running NATS: 127.0.0.1:4222 unless a test says otherwise. */
  local?: { host: string; port: number };
}

export const LOCAL_NATS = { host: '127.0.0.1', port: 4222 };

/** Why a NATS found on the local port is not used, and what happens (or is needed) instead. */
const openLocalNats = (host: string, port: number, instead: string) =>
  `the NATS on ${host}:${port} lets clients in without a password, so any local process could publish ` +
  `events as any service; ${instead} with a NATS user per service`;

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
  const { host, port } = opts.local ?? LOCAL_NATS;
  const local = `nats://${host}:${port}`;
  let passedOver = false;
  if (await (opts.isListening ?? isListening)(host, port)) {
    if (!opts.passOverOpen || !(await (opts.admitsAnonymous ?? admitsAnonymous)(local)))
      return { url: local, started: false, stop: async () => {} };
    passedOver = true;
  }
  if (!(opts.onPath ?? onPath)('nats-server'))
    throw new Error(
      passedOver ? openLocalNats(host, port, 'install nats-server so one can be started') : NO_NATS,
    );
  if (passedOver) opts.log?.(openLocalNats(host, port, 'starting a nats-server of our own'));

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
      server,
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
