import type { FastifyInstance } from 'fastify';

/**
 * Listens, then closes gracefully on SIGINT/SIGTERM (in-flight requests finish, hooks release resources), or
 * when the process that started it with an IPC channel (`npm start`) is gone: killed outright, it could not
 * stop its services, which would have kept running (and their ports taken) with nobody to stop them.
 */
export async function listenUntilSignalled(
  app: FastifyInstance,
  where: { port: number; host: string },
): Promise<void> {
  await app.listen(where);
  let closing = false;
  const close = (why: Record<string, string>) => {
    if (closing) return;
    closing = true;
    app.log.info(why, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => close({ signal }));
  if (process.connected) process.once('disconnect', () => close({ reason: 'parent gone' }));
}

/** The end of every server.ts: a start-up failure is one clear line and exit code 1. */
export function exitOnStartupError(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
