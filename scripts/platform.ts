import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { findOrStartPostgres, freePort, generateKeyPair, type RestartableServer } from '@platform/testing';
import { loadModules } from '@platform/modules';
import { REPO_ROOT, type StartConfig } from './config';
import { chooseModules, servicesToRun } from './modules';
import { buildPages } from './build-pages';
import { adoptPostgresPassword, embeddedPostgresPassword, superuserOn } from './embedded-postgres-password';
import { platformBus, type PlatformBusOptions } from './platform-bus';
import { startMailSandbox } from './mail-sandbox';
import { paymentsSandboxFor } from './payments-sandbox';
import { smsSandboxFor } from './sms-sandbox';
import { stopChild, supervise, type Supervised } from './supervise';

export interface RunningPlatform {
  url: string;
  /**
   * Every gateway process's own address, `url`'s first: with REPLICAS=2 two gateway processes, the first on
   * PORT and the other on a free port, sharing the rate limit's counts through NATS as gateways on two
   * machines behind a load balancer do.
   */
  gateways: string[];
  /** Each service's own URL (behind the gateway), e.g. for comparing direct and gateway throughput. */
  services: Record<string, string>;
  /**
   * Every service instance's and gateway process's own URL by its name (`svc-hire`, `svc-hire#2`, `gateway`,
   * `gateway#2`): a chaos run asks each whether it is ready again after a kill.
   */
  instances: Record<string, string>;
  /** The NATS the platform runs on (see platform-bus.ts). */
  natsUrl: string;
  /** The database every service's schema is in (DATABASE_URL, or the embedded one's, as its superuser). */
  databaseUrl: string;
  /**
   * One more gateway before the same services (e.g. other GATEWAY_WORKERS), on a free port; stopped with
   * the rest. `root`: another checkout of this repository (with its own `npm ci`) whose gateway to run,
   * for a bench that compares two versions side by side.
   */
  startGateway(env: Record<string, string>, root?: string): Promise<string>;
  /**
   * The process id a service instance (`svc-hire`, its second `svc-hire#2` with REPLICAS=2), a gateway
   * (`gateway`, `gateway#2`), or the nats-server and embedded Postgres started here (`nats-server`,
   * `postgres`) runs as now: tests kill it.
   */
  pid(name: string): number | undefined;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited (code ${child.exitCode}) while starting`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

/** Postgres from DATABASE_URL, else an embedded Postgres whose data lives under .data/postgres. */
async function startDatabase(
  cfg: StartConfig,
  log: Log,
): Promise<{ url: string; server?: RestartableServer; stop(): Promise<void> }> {
  if (cfg.databaseUrl) return { url: cfg.databaseUrl, stop: async () => {} };
  // A random superuser password per data directory (a directory made with the old fixed one is switched).
  const { password, file: passwordFile } = embeddedPostgresPassword(cfg.dataDir);
  const server = await findOrStartPostgres({
    embedded: { dataDir: path.join(cfg.dataDir, 'postgres'), port: cfg.embeddedPgPort, password, log },
  });
  if ((await adoptPostgresPassword(superuserOn(cfg.embeddedPgPort), password)) === 'migrated')
    log(`the embedded Postgres password is now random (kept in ${path.relative(REPO_ROOT, passwordFile)})`);
  // The embedded server keeps the platform's data in a database of its own.
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = 'afya'`;
  if (!exists) await admin.unsafe('CREATE DATABASE afya');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/afya';
  return { url: url.toString(), server: server.server, stop: server.stop };
}

/** The Ed25519 key pair svc-identity signs with; made on first start, kept under .data/keys (never committed). */
function ensureKeys(dataDir: string): { privateKeyFile: string; publicKeyFile: string } {
  const dir = path.join(dataDir, 'keys');
  const privateKeyFile = path.join(dir, 'jwt-ed25519.pem');
  const publicKeyFile = path.join(dir, 'jwt-ed25519.pub.pem');
  if (!existsSync(privateKeyFile) || !existsSync(publicKeyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const keys = generateKeyPair();
    writeFileSync(privateKeyFile, keys.privateKey, { mode: 0o600 });
    writeFileSync(publicKeyFile, keys.publicKey);
  }
  readFileSync(privateKeyFile);
  return { privateKeyFile, publicKeyFile };
}

function runTs(
  name: string,
  dir: string,
  env: Record<string, string>,
  log: Log,
  root = REPO_ROOT,
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, dir),
    env: { ...process.env, ...env },
    // An IPC channel only so the service sees the platform go (service-kit's listenUntilSignalled): killed
    // outright, npm start cannot stop what it started.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // Line by line: a service writes its log in batches (service-kit's createLogger), so a chunk read from
  // the pipe may end inside a line.
  const prefix = (line: string) => {
    if (line) log(`[${name}] ${line}`);
  };
  for (const output of [child.stdout, child.stderr])
    if (output) createInterface({ input: output, crlfDelay: Infinity }).on('line', prefix);
  return child;
}

const httpOk = (url: string) => fetch(url).then((r) => r.ok);

/**
 * Starts databases, bus, services and the gateway; resolves once the gateway answers. Missing or stale
 * frontends and prerendered pages are built first (build-pages.ts; `opts.buildOutput` is where the builds
 * write, the terminal by default) unless `opts.buildFrontends` is false (API load runs need no pages: the
 * gateway then has none to serve). `opts.nats` chooses the bus (platform-bus.ts): a run of tests or
 * benches asks for its own.
 */
export async function startPlatform(
  cfg: StartConfig,
  log: Log = console.log,
  opts: {
    buildFrontends?: boolean;
    buildOutput?: StdioOptions;
    nats?: PlatformBusOptions;
    /** false: no local mail sandbox when SMTP_URL is unset (the caller runs its own or wants none). */
    mailSandbox?: boolean;
    /**
     * Addresses whose X-Forwarded-For the gateway believes (none by default: each client is its socket's
     * address). The browser journeys name each visitor's network this way, as a load balancer would.
     */
    gatewayTrustedProxies?: string;
  } = {},
): Promise<RunningPlatform> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  // Every service and gateway runs under supervision: restarted on the same port when it exits unasked.
  const supervised = new Map<string, Supervised>();
  const startSupervised = async (
    name: string,
    dir: string,
    env: Record<string, string>,
    readyUrl: string,
    root?: string,
  ) => {
    const child = runTs(name, dir, env, log, root);
    stops.push(() => stopChild(child));
    await waitFor(name, () => httpOk(readyUrl), 60_000, child);
    stops.pop();
    const running = supervise(name, child, () => runTs(name, dir, env, log, root), log);
    stops.push(() => running.stop());
    if (!supervised.has(name)) supervised.set(name, running);
  };
  // The nats-server and Postgres started here are supervised too, as a cluster restarts its own: killed,
  // they come back on the same port and data, and the services reconnect (a NATS or Postgres found
  // running is somebody else's to look after).
  const superviseServer = (
    name: string,
    server: RestartableServer | undefined,
    stopIt: () => Promise<void>,
  ) => {
    const first = server?.process();
    if (!server || !first) return stopIt;
    const running = supervise(name, first, () => server.start(), log, { stop: () => stopIt() });
    supervised.set(name, running);
    return () => running.stop();
  };
  try {
    const modules = chooseModules(loadModules(REPO_ROOT), cfg.modules);
    if (opts.buildFrontends !== false) buildPages(log, modules, opts.buildOutput);
    const db = await startDatabase(cfg, log);
    stops.push(superviseServer('postgres', db.server, db.stop));
    const nats = await platformBus(cfg, log, opts.nats);
    stops.push(superviseServer('nats-server', nats.server, nats.stop));
    const keys = ensureKeys(cfg.dataDir);
    // E-mail: the configured SMTP server, else a local sandbox keeping each mail under .data/mail/.
    let smtpUrl = process.env.SMTP_URL;
    if (!smtpUrl && opts.mailSandbox !== false) {
      const sandbox = await startMailSandbox(cfg.dataDir, log);
      stops.push(sandbox.close);
      smtpUrl = sandbox.url;
      log(
        `E-mail: SMTP_URL is not set, so mails are kept under ${path.join(cfg.dataDir, 'mail')} and shown here`,
      );
    }
    // Payments: the providers configured, else the local payments sandbox (payments-sandbox.ts).
    const publicUrl = cfg.publicUrl ?? `http://localhost:${cfg.port}`;
    const payments = await paymentsSandboxFor(
      modules,
      { localUrl: `http://127.0.0.1:${cfg.port}`, publicUrl },
      log,
    );
    stops.push(payments.close);
    // SMS: Africa's Talking when its key is set, else the local SMS sandbox (sms-sandbox.ts).
    const sms = await smsSandboxFor(log);
    stops.push(sms.close);
    const common = {
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      DATABASE_URL: db.url,
      NATS_URL: nats.url,
      NATS_PREFIX: cfg.natsPrefix,
      JWT_PUBLIC_KEY_FILE: keys.publicKeyFile,
      LOG_LEVEL: cfg.logLevel,
      HOST: '127.0.0.1',
      ...(cfg.metricsToken ? { METRICS_TOKEN: cfg.metricsToken } : {}),
      ...(cfg.otlpEndpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: cfg.otlpEndpoint } : {}),
    };

    // Each its own NATS user (none only on an open NATS the development switch allows).
    const natsUser = nats.credentials;
    const gatewayEnv: Record<string, string> = {
      ...common,
      ...natsUser('gateway'),
      PORT: String(cfg.port),
      TRUSTED_PROXIES: opts.gatewayTrustedProxies ?? '',
      // Links in pages (og:url) name this origin, never a request's Host.
      PUBLIC_URL: cfg.publicUrl ?? `http://localhost:${cfg.port}`,
      // The gateway routes and links only the modules running here (a standalone deployment).
      MODULES: cfg.modules?.join(',') ?? '',
    };
    const services: Record<string, string> = {};
    const instances: Record<string, string> = {};
    // Every module's service, from the module descriptors (a new module needs no change here).
    for (const svc of servicesToRun(modules, REPO_ROOT)) {
      // Services believe X-Forwarded-For from the gateway alone (it connects from 127.0.0.1); the gateway
      // believes nobody's (TRUSTED_PROXIES empty above, unless told), so each client is its socket's address.
      const env: Record<string, string> = {
        ...common,
        ...natsUser(svc.name),
        TRUSTED_PROXIES: '127.0.0.1',
        // Links a service writes (e-mails, certificates' QR codes) lead to this gateway.
        PUBLIC_URL: cfg.publicUrl ?? `http://localhost:${cfg.port}`,
      };
      if (svc.name === 'svc-billing') Object.assign(env, payments.env);
      if (svc.signsTokens) {
        // Only svc-identity signs tokens and bootstraps the admin account.
        env.JWT_PRIVATE_KEY_FILE = keys.privateKeyFile;
        if (cfg.adminEmail) env.ADMIN_EMAIL = cfg.adminEmail;
        if (cfg.adminPassword) env.ADMIN_PASSWORD = cfg.adminPassword;
      }
      // The inbox takes every notifying module's notices (and mails and texts those that ask for it).
      if (svc.notificationProducers !== undefined) {
        env.NOTIFICATION_PRODUCERS = svc.notificationProducers;
        Object.assign(env, sms.env);
      }
      // The audit log keeps every module's admin actions that its descriptor says it records.
      if (svc.auditProducers !== undefined) env.AUDIT_PRODUCERS = svc.auditProducers;
      // REPLICAS instances, each on its own port (`svc-hire`, `svc-hire#2`, …), all given to the gateway.
      const urls: string[] = [];
      for (let i = 1; i <= cfg.replicas; i++) {
        const port = await freePort();
        const name = i === 1 ? svc.name : `${svc.name}#${i}`;
        await startSupervised(
          name,
          svc.name,
          { ...env, PORT: String(port) },
          `http://127.0.0.1:${port}/healthz`,
        );
        urls.push(`http://127.0.0.1:${port}`);
        instances[name] = `http://127.0.0.1:${port}`;
      }
      services[svc.name] = urls[0]!;
      gatewayEnv[svc.urlVariable] = urls.join(',');
    }
    // REPLICAS gateway processes too: the first on PORT, the others each on a free port.
    const gateways: string[] = [];
    for (let i = 1; i <= cfg.replicas; i++) {
      const port = i === 1 ? cfg.port : await freePort();
      instances[i === 1 ? 'gateway' : `gateway#${i}`] = `http://127.0.0.1:${port}`;
      await startSupervised(
        i === 1 ? 'gateway' : `gateway#${i}`,
        'gateway',
        { ...gatewayEnv, PORT: String(port) },
        `http://127.0.0.1:${port}/healthz`,
      );
      gateways.push(`http://localhost:${port}`);
    }
    const url = gateways[0]!;
    const startGateway = async (env: Record<string, string>, root?: string) => {
      const port = await freePort();
      const gatewayAt = { ...gatewayEnv, ...env, PORT: String(port) };
      await startSupervised('gateway', 'gateway', gatewayAt, `http://127.0.0.1:${port}/readyz`, root);
      return `http://127.0.0.1:${port}`;
    };
    const pid = (name: string) => supervised.get(name)?.current().pid;
    return {
      url,
      gateways,
      services,
      instances,
      natsUrl: nats.url,
      databaseUrl: db.url,
      startGateway,
      pid,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
