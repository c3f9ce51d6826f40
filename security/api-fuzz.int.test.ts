import type { LightMyRequestResponse } from 'fastify';
import { casesFor, type FuzzCase } from './fuzz/inputs';
import { operationsOf } from './fuzz/openapi';
import { Random } from './fuzz/random';
import { ResponseChecker } from './fuzz/responses';
import { TARGETS, type Role, type RunningService } from './fuzz/targets';

/**
 * Every route of every service (from its OpenAPI document), sent generated bad input without a token
 * and with a live token of each role. No answer may be a 5xx, and every answer must match what the
 * route declares for its status (undeclared: only service-kit's error shape, for the statuses in
 * GENERIC_STATUSES). The generator is seeded, so a failure is reproduced by running the test again.
 */

const SEED = 20_240_611;
const ROLES: Array<Role | undefined> = [undefined, 'user', 'Clinic', 'admin'];
/** Answered before any token is looked at (parsing and validation): other roles would see the same. */
const REFUSED_BEFORE_AUTH = [400, 413, 414, 415];

// A deadline, not a speed check: a service takes ~10 s alone, six times that on a two-core machine under load.
jest.setTimeout(300_000);

const preview = (value: unknown) => {
  const text = Buffer.isBuffer(value) ? `<bytes ${value.toString('hex').slice(0, 80)}>` : String(value);
  return text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;
};
const reproduce = (method: string, c: FuzzCase, res: LightMyRequestResponse) =>
  `${method} ${preview(c.url)} ${JSON.stringify(c.headers['content-type'] ?? '')} ${preview(c.payload ?? '')}\n` +
  `    -> ${res.statusCode} ${preview(res.body)}`;

describe.each(TARGETS.map((t) => [t.name, t] as const))('%s', (_name, target) => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await target.start();
    await svc.app.ready();
  });
  afterAll(async () => svc?.close());

  it('answers bad input on every route without a 5xx and within its declared responses', async () => {
    const operations = operationsOf(svc.app.swagger());
    expect(operations.length).toBeGreaterThan(0);
    const rng = new Random(SEED);
    const checker = new ResponseChecker();
    const problems: string[] = [];
    let sent = 0;

    for (const op of operations) {
      const { tokens, idsFor } = await svc.fixtures();
      for (const [i, c] of casesFor(op, idsFor(op.path), rng).entries()) {
        // One role per case in turn. On a route that takes a token, input that got past validation
        // is sent with every other role too, so each role's handler path sees it.
        const turn = [...ROLES.slice(i % 4), ...ROLES.slice(0, i % 4)];
        const roles = 'authorization' in c.headers ? [undefined] : op.secured ? turn : turn.slice(0, 1);
        for (const [n, role] of roles.entries()) {
          const res = await svc.app.inject({
            method: op.method as 'GET',
            url: c.url,
            headers: { ...c.headers, ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}) },
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          });
          sent++;
          const problem = checker.check(op, res);
          if (problem)
            problems.push(
              `${op.method} ${op.path} [${role ?? 'no token'}] ${c.label}: ${problem}\n    ${reproduce(op.method, c, res)}`,
            );
          if (n === 0 && REFUSED_BEFORE_AUTH.includes(res.statusCode)) break;
        }
      }
    }

    if (problems.length > 0)
      throw new Error(
        `${problems.length} of ${sent} answers broke the rules (seed ${SEED}):\n` +
          problems.slice(0, 40).join('\n'),
      );
  });
});
