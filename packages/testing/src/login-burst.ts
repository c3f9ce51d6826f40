import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { rawRequest, type RawResponse } from './http';

/**
 * The login burst of the security review, replayed the same way by svc-identity's test and the bench:
 * 150 logins from 50 addresses in 3 seconds (3 each, far under every per-address limit), for accounts
 * that do not exist and with wrong passwords for real ones, while real people log in from the addresses
 * they logged in from before. Every request is a real connection from its own loopback address (Node's
 * `localAddress`), so the server sees the socket's address, not a header.
 */
export const LOGIN_BURST = { attackers: 50, attemptsEach: 3, seconds: 3 } as const;

/** The burst's n-th attacking address: 127.0.0.2 … 127.0.0.51. */
export const attackerAddress = (n: number) => `127.0.0.${2 + (n % LOGIN_BURST.attackers)}`;
/** The n-th real person's address: 127.0.0.52 and up (after the attackers'). */
export const homeAddress = (n: number) => `127.0.0.${52 + n}`;

export interface BurstPerson {
  email: string;
  password: string;
  /** The address the person logged in from before (see `homeAddress`). */
  home: string;
}

export interface LoginBurstResult {
  /** Each attacking attempt's status. */
  attempts: number[];
  /** Each real login's status and time (ms), in the order of `people`. */
  logins: Array<{ status: number; ms: number }>;
  /** From the first attempt to the last answer. */
  elapsedMs: number;
}

/** POST /api/user/login from `from`. */
export const loginFrom = (
  base: string,
  from: string,
  email: string,
  password: string,
): Promise<RawResponse> =>
  rawRequest(base, {
    method: 'POST',
    path: '/api/user/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    localAddress: from,
  });

/**
 * Replays the burst against `base` (a service or the gateway): its attempts evenly spread over its three
 * seconds (one in three a real person's e-mail with a wrong password, the rest unknown e-mails), and each
 * person's login once during it, one every quarter second from half a second in.
 */
export async function replayLoginBurst(base: string, people: BurstPerson[]): Promise<LoginBurstResult> {
  const total = LOGIN_BURST.attackers * LOGIN_BURST.attemptsEach;
  const spacing = (LOGIN_BURST.seconds * 1000) / total;
  const started = performance.now();
  const tag = Math.random().toString(36).slice(2, 8);
  const attempts = Array.from({ length: total }, async (_, n) => {
    await sleep(n * spacing);
    const email =
      n % 3 === 1 && people.length ? people[n % people.length]!.email : `nobody.${tag}.${n}@x.example`;
    return (await loginFrom(base, attackerAddress(n), email, `guess-${n}`)).status;
  });
  const logins = people.map(async (p, i) => {
    await sleep(500 + i * 250);
    const t = performance.now();
    const { status } = await loginFrom(base, p.home, p.email, p.password);
    return { status, ms: performance.now() - t };
  });
  const [a, l] = await Promise.all([Promise.all(attempts), Promise.all(logins)]);
  return { attempts: a, logins: l, elapsedMs: performance.now() - started };
}

/** How many answers had each status: `{ 200: 9 }`. */
export function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}
