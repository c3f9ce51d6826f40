/**
 * The chaos run's faults: every `everyMs` a random service instance or gateway process is killed outright
 * (SIGKILL), and once the nats-server and once Postgres, as machines and processes die in production. Each
 * fault records when it came and when the platform was whole again (every instance answering /readyz, which
 * checks its Postgres and NATS); the requests that failed meanwhile are counted from the load's outcomes.
 */
import type { RunningPlatform } from '../../scripts/platform';
import { sleep } from './client';

export interface Fault {
  /** What was killed: `svc-hire#2`, `gateway`, `nats-server`, `postgres`. */
  target: string;
  pid: number;
  /** When (ms since the run's start). */
  at: number;
  /** When every instance answered ready again (ms since the run's start); undefined: not within the run. */
  readyAt?: number;
}

const ready = (url: string) =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

/** Whether every service instance and gateway answers ready, but those `left` (killed themselves meanwhile). */
async function allReady(platform: RunningPlatform, left: Map<string, number>): Promise<boolean> {
  const urls = Object.entries(platform.instances).filter(([name]) => !left.has(name));
  const answers = await Promise.all(urls.map(([, url]) => ready(url)));
  return answers.every(Boolean);
}

export async function runFaults(
  platform: RunningPlatform,
  now: () => number,
  opts: { seconds: number; everyMs: number; natsAtMs: number; postgresAtMs: number },
  log: (line: string) => void,
): Promise<Fault[]> {
  const faults: Fault[] = [];
  // Instances killed and not back yet (how many kills of each): a NATS or Postgres fault's recovery does
  // not wait for them.
  const pending = new Map<string, number>();
  const watching: Promise<void>[] = [];
  const end = opts.seconds * 1000;
  const instances = Object.keys(platform.instances);
  const plan: { at: number; target: () => string }[] = [];
  for (let at = opts.everyMs; at < end; at += opts.everyMs)
    plan.push({ at, target: () => instances[Math.floor(Math.random() * instances.length)]! });
  plan.push({ at: opts.natsAtMs, target: () => 'nats-server' });
  plan.push({ at: opts.postgresAtMs, target: () => 'postgres' });
  plan.sort((a, b) => a.at - b.at);

  for (const step of plan) {
    await sleep(Math.max(0, step.at - now()));
    const target = step.target();
    const pid = platform.pid(target);
    if (pid === undefined) {
      log(`chaos: ${target} has no process to kill`);
      continue;
    }
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone (it was restarting): nothing killed.
      log(`chaos: ${target} (pid ${pid}) was already gone`);
      continue;
    }
    const fault: Fault = { target, pid, at: now() };
    faults.push(fault);
    log(`chaos: ${(fault.at / 1000).toFixed(1)} s: killed ${target} (pid ${pid})`);
    watching.push(watchRecovery(platform, fault, now, end + 120_000, pending));
  }
  await Promise.all(watching);
  return faults;
}

/**
 * Polls until the platform is whole again after the fault: the killed process's replacement running and
 * ready (an instance), or every instance ready (NATS, Postgres: each checks both). A readiness check that
 * still passes just after a kill (the bus's client has not noticed yet) does not count: the replacement
 * must run first.
 */
async function watchRecovery(
  platform: RunningPlatform,
  fault: Fault,
  now: () => number,
  untilMs: number,
  pending: Map<string, number>,
) {
  const own = platform.instances[fault.target];
  if (own) pending.set(fault.target, (pending.get(fault.target) ?? 0) + 1);
  try {
    while (now() < untilMs) {
      const replaced = platform.pid(fault.target) !== fault.pid;
      if (replaced && (own ? await ready(own) : await allReady(platform, pending))) {
        fault.readyAt = now();
        return;
      }
      await sleep(250);
    }
  } finally {
    if (own) {
      const left = pending.get(fault.target)! - 1;
      if (left > 0) pending.set(fault.target, left);
      else pending.delete(fault.target);
    }
  }
}
