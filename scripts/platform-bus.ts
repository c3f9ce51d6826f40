import path from 'node:path';
import { OPEN_NATS_SWITCH, admitsAnonymous, openNatsRefusal } from '@platform/event-bus';
import { findOrStartNats, type RestartableServer } from '@platform/testing';
import type { StartConfig } from './config';
import {
  makePlatformStreams,
  natsCredentials,
  natsPasswords,
  platformNatsAuthorization,
} from './nats-accounts';

/** The NATS the platform runs on, and how each of its clients connects to it. */
export interface PlatformBus {
  url: string;
  /** The variables one client (a service's folder, `gateway`) needs: its NATS user and password. */
  credentials(user: string): Record<string, string>;
  /** The nats-server started here (none when the platform uses one it found): `npm start` supervises it. */
  server?: RestartableServer;
  stop(): Promise<void>;
}

export interface PlatformBusOptions {
  /** A nats-server of its own whatever NATS_URL or the local port offer (e2e, the demo test, benches). */
  own?: boolean;
  /** Where to look for a running NATS: 127.0.0.1:4222 unless a test says otherwise. */
  local?: { host: string; port: number };
}

/**
 * The bus `npm start` runs the platform on: every service and the gateway under its own NATS user, on a
 * server that admits nobody without one, its streams made first by the user `streams`.
 * - NATS_URL that requires credentials: used with the users' passwords kept under the data directory (the
 *   ones `npm run -s nats-config -- passwords` printed for that server's configuration).
 * - NATS_URL that admits anonymous clients: refused in one sentence, unless DANGEROUSLY_ALLOW_OPEN_NATS=1
 *   (then used as it is, without users, and said loudly).
 * - Else a NATS on 127.0.0.1:4222 that requires credentials, as above; one that does not is passed over
 *   for a nats-server of our own (a free port, its store under the data directory, the generated users).
 */
export async function platformBus(
  cfg: StartConfig,
  log: (line: string) => void,
  opts: PlatformBusOptions = {},
): Promise<PlatformBus> {
  const url = opts.own ? undefined : cfg.natsUrl;
  if (url && (await admitsAnonymous(url))) {
    if (!cfg.allowOpenNats) throw new Error(openNatsRefusal(url));
    log(`WARNING: ${openNatsRefusal(url)}. Running on it anyway (${OPEN_NATS_SWITCH}=1): development only.`);
    return { url, credentials: () => ({ [OPEN_NATS_SWITCH]: '1' }), stop: async () => {} };
  }
  // The users' passwords are made (and kept) only when the server is ours to start, or one that requires them.
  let passwords: Record<string, string> | undefined;
  const found = await findOrStartNats({
    url,
    passOverOpen: true,
    local: opts.local,
    // Its own: as if nothing listened where a NATS is looked for.
    ...(opts.own ? { isListening: async () => false } : {}),
    server: () => {
      passwords = natsPasswords(cfg.dataDir);
      return {
        storeDir: path.join(cfg.dataDir, 'nats'),
        config: platformNatsAuthorization(cfg.natsPrefix),
        env: passwords,
      };
    },
    log,
  });
  try {
    passwords ??= natsPasswords(cfg.dataDir);
    await makePlatformStreams(found.url, passwords, cfg.natsPrefix).catch((err: unknown) => {
      if (found.started || !/authorization violation/i.test(String(err))) throw err;
      throw new Error(
        `NATS at ${found.url} requires credentials but not the platform's: give it the users of ` +
          `\`npm run -s nats-config\` with the passwords of \`npm run -s nats-config -- passwords\``,
      );
    });
  } catch (err) {
    await found.stop();
    throw err;
  }
  const known = passwords;
  const own = found.server;
  return {
    url: found.url,
    credentials: (user) => natsCredentials(user, known),
    // Started again on the same port and store: its streams and consumers' places survive.
    ...(own && {
      server: {
        process: () => own.process(),
        start: async () => {
          await own.start();
          return own.process()!;
        },
      },
    }),
    stop: found.stop,
  };
}
