import type { TestServers } from './test-servers';

/** Stops what jest-global-setup.ts started (nothing when the servers came from the environment). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testServers?: TestServers }).testServers?.stop();
}
