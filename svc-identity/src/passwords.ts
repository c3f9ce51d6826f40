import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: m=19 MiB, t=2, p=1 (about 26 ms a hash on our machines). */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Thrown when too many hashes are already waiting: the caller answers 503 rather than queueing forever. */
export class HashingBusyError extends Error {}

/**
 * Who asks for a hash, as far as the service knows before computing one (never whether the account exists):
 * - `owner`: a login to an account from an address it logged in from lately (only its owner's network has
 *   that, and only by having known the password);
 * - `returning`: from an address someone logged in from lately (a clinic's network, a known phone);
 * - `stranger`: everything else (signups, and logins from addresses with no recent success).
 */
export type HashLane = 'owner' | 'returning' | 'stranger';

/** Whose hashes go first when workers free up. */
const PRIORITY: HashLane[] = ['owner', 'returning', 'stranger'];

/**
 * Recent verifications' durations kept, to give an unknown account's attempt the time a real one takes.
 * Few, so the sample follows the machine's present load: after a burst, a long memory made unknown accounts
 * answer slower than real ones (a timing tell, and a flaky test).
 */
const DURATIONS_KEPT = 16;

/**
 * Bounds how many hashes run at once (and how many may wait), so a flood of logins or signups can never
 * use up the machine's cores, and shares the workers so that no flood from strangers starves the people
 * the service knows: each lane has its own queue (a full one answers busy for that lane alone), workers
 * go to the lanes in order of `PRIORITY`, and strangers never hold every worker at once (with 2, one is
 * always left for owners and returning addresses).
 */
export class PasswordHasher {
  private running = 0;
  private readonly runningIn: Record<HashLane, number> = { owner: 0, returning: 0, stranger: 0 };
  private readonly waiting: Record<HashLane, Array<() => void>> = { owner: [], returning: [], stranger: [] };
  private readonly durations: number[] = [];
  /** Hash of a random password: what the first unknown accounts are verified against, before any real one. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  hash(password: string, lane: HashLane): Promise<string> {
    return this.inTurn(lane, () => hash(password, PARAMS));
  }

  verify(passwordHash: string, password: string, lane: HashLane): Promise<boolean> {
    return this.inTurn(lane, async () => {
      const started = performance.now();
      const ok = await verify(passwordHash, password).catch(() => false);
      this.durations.push(performance.now() - started);
      if (this.durations.length > DURATIONS_KEPT) this.durations.shift();
      return ok;
    });
  }

  /**
   * An attempt for an account that does not exist, which will certainly fail: it waits for its turn in its
   * lane and holds its worker exactly as long as a real verification lately took (a random one of the last
   * 16), so neither its answer, its timing nor its place in the queue tells that the account does not
   * exist, but it computes nothing: the CPU goes to the logins that can succeed. Until the service has
   * verified a real password, it verifies against a dummy hash instead.
   */
  async verifyNothing(password: string, lane: HashLane): Promise<false> {
    if (this.durations.length === 0) {
      this.dummy ??= hash(`dummy-${Math.random()}`, PARAMS);
      await this.verify(await this.dummy, password, lane);
      return false;
    }
    await this.inTurn(lane, () => sleep(this.durations[Math.floor(Math.random() * this.durations.length)]));
    return false;
  }

  /** Whether a hash asked in `lane` now would be refused as busy: its queue is full. */
  isFull(lane: HashLane): boolean {
    return !this.canStart(lane) && this.waiting[lane].length >= this.maxQueue;
  }

  /** Strangers may hold all workers but one (one at least): the rest is kept for people the service knows. */
  private limitOf(lane: HashLane): number {
    return lane === 'stranger' ? Math.max(1, this.concurrency - 1) : this.concurrency;
  }

  private canStart(lane: HashLane): boolean {
    return this.running < this.concurrency && this.runningIn[lane] < this.limitOf(lane);
  }

  private take(lane: HashLane): void {
    this.running++;
    this.runningIn[lane]++;
  }

  private async inTurn<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    // Those already waiting in the lane go first.
    if (this.waiting[lane].length === 0 && this.canStart(lane)) this.take(lane);
    else {
      if (this.waiting[lane].length >= this.maxQueue) throw new HashingBusyError('busy');
      // Resolved by `release`, which has taken the worker for us.
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    }
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  private release(lane: HashLane): void {
    this.running--;
    this.runningIn[lane]--;
    for (const next of PRIORITY) {
      while (this.waiting[next].length > 0 && this.canStart(next)) {
        this.take(next);
        this.waiting[next].shift()!();
      }
    }
  }
}
