import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * Lines are written once this many bytes have gathered, and at least once a second. Each write holds
 * whole lines and at most PIPE_BUF (4096) bytes, which a pipe takes in one piece: the gateway's workers
 * share one stdout, and a longer write could interleave with another worker's inside a line.
 */
const BUFFER_BYTES = 2048;
const PIPE_BUF = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * The platform's logger: JSON lines on stdout (or `fd`), each naming its service. Lines are buffered and
 * written in batches: at `info`, Fastify's two lines a request, each its own write(2), cost the gateway
 * 0.08-0.13 ms of CPU a request, up to half again what proxying one costs; one line a request in batches
 * 0.02-0.05 (bench/notebook/2026-11.md, "The gateway's cost", 2026-11-27). At quiet times a line waits at most a
 * second; on exit pino writes what is left (and `fatal` writes at once), so only a killed process or a
 * power cut loses its last second of lines.
 */
export function createLogger(opts: { name: string; level: string; fd?: number }): Logger {
  const base = { service: opts.name };
  if (opts.level === 'silent') return pino({ level: 'silent', base });
  const destination = pino.destination({
    dest: opts.fd ?? 1,
    sync: false,
    minLength: BUFFER_BYTES,
    maxWrite: PIPE_BUF,
    periodicFlush: FLUSH_EVERY_MS,
  });
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
