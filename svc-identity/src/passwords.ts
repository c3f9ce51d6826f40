import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: m=19 MiB, t=2, p=1 (about 26 ms a hash on our machines). */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Thrown when too many hashes are already waiting: the caller answers 503 rather than queueing forever. */
export class HashingBusyError extends Error {}

/**
 * Bounds how many hashes run at once (and how many may wait), so a flood of logins or signups
 * can never use up the machine's cores; everything else the service does keeps its share.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Hash of a random password: verified against when the e-mail is unknown, so timing tells nothing. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly concurrency: number,
    private readonly maxQueue: number,
  ) {}

  hash(password: string): Promise<string> {
    return this.limit(() => hash(password, PARAMS));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limit(() => verify(passwordHash, password).catch(() => false));
  }

  /** Spends the same work as a real verification, for unknown accounts. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= hash(`dummy-${Math.random()}`, PARAMS);
    await this.verify(await this.dummy, password);
    return false;
  }

  private async limit<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new HashingBusyError('busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
