/** A role the API fuzz test (security/) sends a live token of. */
export type FuzzRole = 'user' | 'Clinic' | 'admin';

/** What the fuzz test needs before each route: a live token per role, real ids for parameters. */
export interface FuzzFixtures {
  tokens: Record<FuzzRole, string>;
  /** Real ids for a route, by parameter or field name (`id`, `jobId`); the first is used in valid input. */
  idsFor(path: string): Record<string, string[]>;
}

export interface FuzzService<A> {
  app: A;
  /** Fresh each time: a fuzzed logout or delete may have used up the last ones. */
  fixtures(): Promise<FuzzFixtures>;
  close(): Promise<void>;
}

/**
 * A service under the fuzz test, started the way its own integration tests start it (own database, own
 * NATS prefix). Each service exports one as `fuzzTarget` from its `test/security-targets.ts`; the fuzz test
 * walks every module service its descriptor lists.
 */
export interface FuzzTarget<A> {
  name: string;
  start(): Promise<FuzzService<A>>;
}

/**
 * A service as the trust suite (security/trust.int.test.ts) attacks it beside the gateway: logged-out,
 * demoted and ended accounts' tokens must be refused on its write and its read, directly and through the
 * gateway, and a refused write must change nothing. Exported as `trustTarget` from `test/security-targets.ts`
 * by every service with a Clinic's write; the suite takes every one the descriptors list.
 */
export interface TrustTarget<A> {
  /** The service built on `env` (its own DATABASE_URL, the run's NATS prefix and key), not listening. */
  build(env: Record<string, string>): Promise<A>;
  /** A Clinic's write. */
  write: { url: string; payload: () => object };
  /** A read that needs a token. */
  read: string;
  /** A list showing what the write makes (`{ data: [] }`), read by an admin when `signedIn`. */
  count: { url: string; signedIn?: boolean };
  /** Its write is open to every signed-in role (a demoted Clinic's new token still writes). */
  openToEveryRole?: boolean;
}
