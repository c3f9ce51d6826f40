import { randomUUID } from 'node:crypto';
import { serviceTestEnv, type ServiceTestEnv } from './service-env';
import { signToken, type TokenClaims } from './tokens';

export interface Persona {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'Clinic' | 'admin';
  orgId: string | null;
  token: string;
}

/** The part of a Fastify app the context uses (the testing package does not depend on Fastify). */
interface InjectableApp<R> {
  inject(opts: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: object;
  }): Promise<R>;
  close(): Promise<unknown>;
}

export interface ServiceContext<C, A, R> {
  app: A;
  config: C;
  db: ServiceTestEnv['db'];
  prefix: string;
  natsUrl: string;
  /** A signed token for a new account of `role` (a Clinic gets its own organisation). */
  persona(role: Persona['role'], over?: TokenClaims): Persona;
  /** A request as `who` (or anonymous); the payload is sent as JSON. */
  call(method: string, url: string, who?: Persona, payload?: unknown): Promise<R>;
  close(): Promise<void>;
}

/**
 * A service on its own database and NATS prefix, with a key pair standing in for svc-identity's:
 * what each service's integration tests start from (`startHire`, `startEvents`).
 */
export async function startServiceForTest<
  C extends { JWT_AUDIENCE: string; JWT_ISSUER: string },
  R,
  A extends InjectableApp<R>,
>(
  dbPrefix: string,
  readConfig: (env: Record<string, string>) => C,
  buildApp: (config: C) => Promise<A>,
  env: Record<string, string> = {},
): Promise<ServiceContext<C, A, R>> {
  const run = await serviceTestEnv(dbPrefix);
  let config: C;
  let app: A;
  try {
    config = readConfig({ ...run.env, ...env });
    app = await buildApp(config);
  } catch (err) {
    // A service that refuses to start (as tests of its refusals expect) leaves no database behind.
    await run.cleanup();
    throw err;
  }
  return {
    app,
    config,
    db: run.db,
    prefix: run.prefix,
    natsUrl: run.natsUrl,
    persona(role, over = {}) {
      const id = over.sub ?? randomUUID();
      const tag = id.slice(0, 8);
      const p = {
        id,
        email: over.email ?? `${role.toLowerCase()}.${tag}@example.org`,
        name: over.name ?? `${role} ${tag}`,
        role,
        orgId: over.orgId !== undefined ? over.orgId : role === 'Clinic' ? randomUUID() : null,
      };
      const token = signToken(
        run.keys.privateKey,
        { ...p, sub: id },
        { audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER },
      );
      return { ...p, token };
    },
    call(method, path, who, payload) {
      return app.inject({
        method,
        url: path,
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    async close() {
      await app.close();
      await run.cleanup();
    },
  };
}
