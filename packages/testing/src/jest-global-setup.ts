import { findOrStartTestServers, type TestServers } from './test-servers';

/** Jest's integration project: one Postgres and one NATS for the whole run (see test-servers.ts). */
export default async function globalSetup(): Promise<void> {
  const servers = await findOrStartTestServers();
  // Jest starts its workers after this, with this environment: the way to hand them the servers.
  Object.assign(process.env, servers.env);
  // Read by jest-global-teardown.ts, which runs in this same process.
  (globalThis as { testServers?: TestServers }).testServers = servers;
}
