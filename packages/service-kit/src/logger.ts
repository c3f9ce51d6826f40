import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** Buffered lines are written once they reach this many bytes, and at least once a second. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * The platform's logger: JSON lines on stdout (or `fd`), each naming its service. Lines are buffered and
 * written in batches: at `info`, Fastify's two lines a request, each its own write(2), cost the gateway
 * 0.085-0.13 ms of CPU a request, half again what proxying one costs; one line a request in batches costs
 * 0.02-0.03 (bench/README.md, "The gateway's cost", 2026-11-27). At quiet times a line waits at most a
 * second; on exit pino writes what is left (and `fatal` writes at once), so only a killed process or a
 * power cut loses its last second of lines.
 */
export function createLogger(opts: { name: string; level: string; fd?: number }): Logger {
  const base = { service: opts.name };
  if (opts.level === 'silent') return pino({ level: 'silent', base });
  const destination = pino.destination({ dest: opts.fd ?? 1, sync: false, minLength: BUFFER_BYTES });
  const flusher = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Ended (the process is exiting): pino has written what was left.
    }
  }, FLUSH_EVERY_MS);
  flusher.unref();
  destination.on('close', () => clearInterval(flusher));
  return pino({ level: opts.level, base }, destination);
}

/**
 * One access line a request, written when it is answered: Fastify writes two (`incoming request` and
 * `request completed`), which doubles the cost of logging at `info`. The line carries what both did (the
 * request's method, URL, host and address; the status; the time taken); every other line Fastify writes
 * (errors, streams cut short, unknown routes) is unchanged.
 */
export class OneLineAccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
