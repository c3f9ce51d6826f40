import { AuthorizationError, connect } from '@nats-io/transport-node';

/**
 * The development switch that lets the platform run on a NATS server anyone may connect to. Named so
 * nobody sets it by accident: on such a server any local process can publish any service's events.
 */
export const OPEN_NATS_SWITCH = 'DANGEROUSLY_ALLOW_OPEN_NATS';

/** The one sentence every part of the platform says when it will not use an open NATS server. */
export function openNatsRefusal(server: string): string {
  return (
    `NATS at ${server} lets clients in without a user and password, so any process that reaches it could ` +
    `publish events as any service: give it the platform's NATS users (docs/running.md: "NATS users"), or set ` +
    `${OPEN_NATS_SWITCH}=1 on a development machine nobody else can reach`
  );
}

const isAuthorizationError = (err: unknown): boolean =>
  err instanceof AuthorizationError ||
  /authorization violation/i.test(`${(err as Error)?.message} ${(err as Error)?.cause}`);

/**
 * Whether the server at `server` lets a client in without credentials: tried for real, not read from the
 * server's INFO (a server with users may still take anonymous clients as its `no_auth_user`). An
 * unreachable server is an error, not an answer.
 */
export async function admitsAnonymous(server: string): Promise<boolean> {
  try {
    const nc = await connect({ servers: server, timeout: 3000, reconnect: false });
    await nc.close();
    return true;
  } catch (err) {
    if (isAuthorizationError(err)) return false;
    throw err;
  }
}
