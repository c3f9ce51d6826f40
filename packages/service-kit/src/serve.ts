import type { FastifyInstance } from 'fastify';

/** Listens, then closes gracefully on SIGINT/SIGTERM (in-flight requests finish, hooks release resources). */
export async function listenUntilSignalled(
  app: FastifyInstance,
  where: { port: number; host: string },
): Promise<void> {
  await app.listen(where);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

/** The end of every server.ts: a start-up failure is one clear line and exit code 1. */
export function exitOnStartupError(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
