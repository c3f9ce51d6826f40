import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createTestDatabase, freePort, signToken, type TokenClaims } from '@platform/testing';
import { readStartConfig } from '../scripts/config';
import { startPlatform, type RunningPlatform } from '../scripts/platform';

export type BenchPlatform = Awaited<ReturnType<typeof benchPlatform>>;

/**
 * The platform for one benchmark, started as `npm start` starts it, on its own database, data directory and
 * nats-server (with the platform's users; its store in the data directory), all removed by `cleanup()`. The gateway's per-address limit is raised: a load generator
 * is one address. `modules` makes a standalone deployment (`MODULES`).
 */
export async function benchPlatform(
  name: string,
  opts: {
    modules?: string;
    /** False for runs that load APIs only: frontends missing from this checkout are not built. */
    buildFrontends?: boolean;
  } = {},
) {
  const db = await createTestDatabase(`bench_${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'afya-bench-'));
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  process.env.RATE_LIMIT_PER_MINUTE = '100000000';
  let running: RunningPlatform | undefined;

  return {
    sql,
    /** Starts the platform, or restarts it, with `env` added to the environment every process inherits. */
    async boot(env: Record<string, string> = {}): Promise<RunningPlatform> {
      await running?.stop();
      Object.assign(process.env, env);
      running = await startPlatform(
        readStartConfig({
          PORT: String(await freePort()),
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          // Instances of every service and gateways (npm start's REPLICAS).
          ...(env.REPLICAS ? { REPLICAS: env.REPLICAS } : {}),
          ...(opts.modules ? { MODULES: opts.modules } : {}),
        }),
        () => {},
        { buildFrontends: opts.buildFrontends, nats: { own: true } },
      );
      return running;
    },
    /** The gateway's address as a load generator should dial it (IPv4: no resolver in the way). */
    gatewayUrl(): string {
      if (!running) throw new Error('boot() first');
      return running.url.replace('localhost', '127.0.0.1');
    },
    /** A token signed with this platform's own key, as svc-identity would sign it. */
    token(claims: TokenClaims): string {
      const key = readFileSync(path.join(dataDir, 'keys', 'jwt-ed25519.pem'), 'utf8');
      return signToken(key, claims, { audience: 'afya-platform', issuer: 'svc-identity' });
    },
    async cleanup(): Promise<void> {
      await sql.end().catch(() => {});
      await running?.stop();
      await db.drop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
