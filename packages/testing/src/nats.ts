import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Envelope } from '@platform/contracts';

/** The shared NATS (with JetStream) tests use unless they run their own. */
export function natsUrl(): string {
  return process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
}

/** A subject/stream prefix unique to one test file, e.g. `t_k3j2a9_`. */
export function testNatsPrefix(): string {
  return `t_${Date.now().toString(36)}${randomBytes(3).toString('hex')}_`;
}

/**
 * Deletes every stream whose name starts with the (upper-cased) prefix, and every key-value bucket's
 * (`KV_<PREFIX>...`): a test run's own, nobody else's.
 */
export async function deleteStreamsWithPrefix(url: string, prefix: string): Promise<void> {
  const upper = prefix.toUpperCase();
  if (!upper) throw new Error('refusing to delete streams without a prefix');
  const nc = await connect({ servers: url, timeout: 2000 });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const s of jsm.streams.list()) {
      if (s.config.name.startsWith(upper) || s.config.name.startsWith(`KV_${upper}`))
        await jsm.streams.delete(s.config.name);
    }
  } finally {
    await nc.close();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const sock = tcpConnect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > until) reject(new Error(`nats-server did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export interface OwnNatsServer {
  url: string;
  /**
   * Starts the server again on the same port and store (JetStream data survives), also after it died
   * unasked (a supervisor's restart).
   */
  start(): Promise<void>;
  /** The nats-server process running now (undefined once stopped): a supervisor watches it. */
  process(): ChildProcess | undefined;
  /** Stops it (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
  /** Stops it and removes its store. */
  destroy(): Promise<void>;
}

export interface NatsServerOptions {
  /** A server configuration (e.g. users and permissions) written to a file the server reads with `-c`. */
  config?: string;
  /** Environment of the server: the variables the configuration refers to (`$NAME`), e.g. passwords. */
  env?: Record<string, string>;
  /** JetStream store; omitted: a new temporary directory. */
  storeDir?: string;
}

/**
 * A private `nats-server -js` (from PATH) on a free port with its own store, for tests that stop and
 * start NATS or need a server configured their way. Needs the nats-server binary; our machines have Debian's.
 */
export async function startNatsServer(opts: NatsServerOptions = {}): Promise<OwnNatsServer> {
  const port = await freePort();
  const storeDir = opts.storeDir ?? mkdtempSync(path.join(tmpdir(), 'nats-test-'));
  mkdirSync(storeDir, { recursive: true });
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir];
  if (opts.config !== undefined) {
    const file = path.join(storeDir, 'server.conf');
    writeFileSync(file, opts.config, { mode: 0o600 });
    args.unshift('-c', file);
  }
  let proc: ChildProcess | undefined;
  const start = async () => {
    if (proc) return;
    const child = spawn('nats-server', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...opts.env },
    });
    proc = child;
    // Died unasked (killed): start() may start it again.
    child.once('exit', () => {
      if (proc === child) proc = undefined;
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    // A server that cannot start (e.g. a bad configuration) says why at once, rather than by a timeout.
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${stderr.trim()}`))),
    );
    exited.catch(() => {});
    await Promise.race([waitForPort(port, 10_000), exited]);
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => p.kill('SIGKILL'), 5000);
      p.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      p.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    process: () => proc,
    stop,
    async destroy() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** Every envelope stored on the stream that holds `subject` whose subject is exactly `subject`. */
export async function readEvents<D = unknown>(url: string, subject: string): Promise<Envelope<D>[]> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = await jsm.streams.find(subject);
    const info = await jsm.streams.info(stream);
    const out: Envelope<D>[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (msg && msg.subject === subject) out.push(msg.json<Envelope<D>>());
    }
    return out;
  } finally {
    await nc.close();
  }
}

export interface StoredDeadLetter {
  subject: string;
  /** The `Dead-Letter-*` headers: where the message came from and why it was dead-lettered. */
  headers: Record<string, string>;
  /** The original message as it arrived. */
  payload: string;
}

/** Every message on the run's dead-letter stream (`<PREFIX>DEADLETTER`); none when it was never made. */
export async function readDeadLetters(url: string, prefix: string): Promise<StoredDeadLetter[]> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = `${prefix}deadletter`.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
    const info = await jsm.streams.info(stream).catch(() => undefined);
    const out: StoredDeadLetter[] = [];
    for (
      let seq = info?.state.first_seq ?? 1;
      info && info.state.messages > 0 && seq <= info.state.last_seq;
      seq++
    ) {
      const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (!msg) continue;
      const headers: Record<string, string> = {};
      for (const [k, v] of msg.header ?? []) headers[k] = v.join(', ');
      out.push({ subject: msg.subject, headers, payload: msg.string() });
    }
    return out;
  } finally {
    await nc.close();
  }
}

export interface DurableConsumerState {
  name: string;
  /** Messages delivered (first deliveries and redeliveries alike) and redelivered. */
  delivered: number;
  redelivered: number;
}

/** The durable consumers on a stream, by the stream's name (`<PREFIX>IDENTITY`): how many, and what each got. */
export async function durableConsumers(url: string, stream: string): Promise<DurableConsumerState[]> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const out: DurableConsumerState[] = [];
    for await (const c of jsm.consumers.list(stream))
      if (c.config.durable_name)
        out.push({ name: c.name, delivered: c.delivered.consumer_seq, redelivered: c.num_redelivered });
    return out;
  } finally {
    await nc.close();
  }
}
