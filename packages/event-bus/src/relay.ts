import type { Sql } from 'postgres';
import type { Envelope } from '@platform/contracts';
import type { EventBus } from './bus';
import { outboxChannel } from './outbox';

export interface RelayOptions {
  sql: Sql;
  /** The service's schema holding its `outbox` table. */
  schema: string;
  bus: EventBus;
  /** Fallback poll when no notification arrives (ms). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Sent rows are deleted after this long (ms). */
  retainSentMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Publishes the outbox in order. A row is marked sent only after JetStream acknowledged it; when
 * NATS is down the rows wait and the service keeps working; when it returns they go out. A crash
 * between publish and mark-sent republishes the same message id, which JetStream drops.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private unlisten: (() => Promise<void>) | undefined;
  private lastPrune = 0;
  private readonly table: string;

  constructor(private readonly opts: RelayOptions) {
    this.table = `"${opts.schema}"."outbox"`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.opts.sql
      .listen(outboxChannel(this.opts.schema), () => this.wake())
      .then((l) => {
        this.unlisten = () => l.unlisten();
        // Stopped while LISTEN was starting: the database may already be closing, so a failure here is
        // expected and must not become an unhandled rejection (it failed a test that closed a service at once).
        if (this.stopped) l.unlisten().catch(() => {});
      })
      .catch((err) => this.opts.log?.warn({ err }, 'outbox LISTEN failed; polling only'));
    this.schedule(0);
  }

  /** Runs a pass now (or right after the one in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const next = this.again ? 0 : (this.opts.pollIntervalMs ?? 1000);
          this.again = false;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  /** Publishes what is unsent; stops at the first failure so events keep their order. Returns how many went out. */
  async pass(): Promise<number> {
    if (!this.opts.bus.isConnected()) return 0;
    let sent = 0;
    try {
      for (;;) {
        const n = await this.opts.sql.begin(async (tx) => {
          const rows = await tx.unsafe<Array<{ seq: string; payload: Envelope }>>(
            `select seq, payload from ${this.table} where sent_at is null order by seq limit $1 for update skip locked`,
            [this.opts.batchSize ?? 100],
          );
          let done = 0;
          for (const row of rows) {
            try {
              await this.opts.bus.publish(row.payload);
            } catch (err) {
              await tx.unsafe(
                `update ${this.table} set attempts = attempts + 1, last_error = $2 where seq = $1`,
                [row.seq, err instanceof Error ? err.message : String(err)],
              );
              this.opts.log?.warn({ err, id: row.payload.id }, 'publish failed; will retry');
              return -1;
            }
            await tx.unsafe(
              `update ${this.table} set sent_at = now(), attempts = attempts + 1 where seq = $1`,
              [row.seq],
            );
            done++;
          }
          return done;
        });
        if (n <= 0) break;
        sent += n;
      }
      await this.prune();
    } catch (err) {
      this.opts.log?.error({ err }, 'outbox relay pass failed');
    }
    return sent;
  }

  private async prune() {
    if (Date.now() - this.lastPrune < 3600_000) return;
    this.lastPrune = Date.now();
    const keepMs = this.opts.retainSentMs ?? 7 * 24 * 3600_000;
    await this.opts.sql.unsafe(
      `delete from ${this.table} where sent_at is not null and sent_at < now() - ($1::bigint * interval '1 millisecond')`,
      [keepMs],
    );
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.unlisten?.().catch(() => {});
  }
}
