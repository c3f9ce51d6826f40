/**
 * Logins nobody can starve (not a test: it prints figures). `npm run bench:login-burst -w bench` (needs
 * DATABASE_URL like the tests, and nats-server; about a minute). Starts Core alone as `MODULES=core npm start`
 * does (svc-identity and the gateway, with their defaults: 2 hashes at once, 32 waiting per lane, 30 logins a
 * minute per address), signs 9 people up and logs each in once from an address of their own, then replays the
 * security review's burst through the gateway ROUNDS times (default 5): 150 logins from 50 loopback addresses
 * in 3 seconds, for unknown accounts and with wrong passwords for the people's, while the 9 log in again from
 * their addresses (`replayLoginBurst` in @platform/testing, as svc-identity's test replays it). Between
 * rounds the attempts' failures are forgotten, so each round meets the hasher, not the per-address limits.
 * Reports how many real logins succeeded and their p50, p99 and slowest (beside the same logins with no burst),
 * and what the burst was answered.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { countStatuses, homeAddress, loginFrom, replayLoginBurst, type BurstPerson } from '@platform/testing';
import { benchPlatform } from './bench-platform';
import { machineLine } from './machine';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PEOPLE = 9;
const say = (line: string) => console.log(line);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${Math.round(x)} ms`;

async function main() {
  const platform = await benchPlatform('login_burst', { modules: 'core', buildFrontends: false });
  try {
    await platform.boot();
    const base = platform.gatewayUrl();
    const people: BurstPerson[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const person = {
        email: `person${i}@bench.example`,
        password: `a long passphrase ${i}`,
        home: homeAddress(i),
      };
      const signup = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Person ${i}`,
          role: 'user',
          email: person.email,
          password: person.password,
        }),
      });
      if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
      const first = await loginFrom(base, person.home, person.email, person.password);
      if (first.status !== 200) throw new Error(`first login answered ${first.status}: ${first.body}`);
      people.push(person);
    }

    say(machineLine());
    say(`\nThe login burst through the gateway, ${ROUNDS} rounds (9 real logins and 150 attempts each)\n`);
    say('| round | real logins in | p50 | p99 | slowest | the burst was answered |');
    say('| --- | --- | --- | --- | --- | --- |');
    // The same 9 logins with no burst, for comparison: what this machine gives them at rest.
    const quiet: number[] = [];
    for (const p of people) {
      await sleep(250);
      const t = performance.now();
      const { status } = await loginFrom(base, p.home, p.email, p.password);
      if (status !== 200) throw new Error(`a quiet login answered ${status}`);
      quiet.push(performance.now() - t);
    }
    say(
      `| no burst | 9/9 | ${ms(percentile(quiet, 50))} | ${ms(percentile(quiet, 99))} | ` +
        `${ms(Math.max(...quiet))} | |`,
    );
    const all: Array<{ status: number; ms: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await platform.sql`delete from identity.login_failures`;
      const { attempts, logins } = await replayLoginBurst(base, people);
      all.push(...logins);
      const times = logins.map((l) => l.ms);
      const ok = logins.filter((l) => l.status === 200).length;
      const answered = Object.entries(countStatuses(attempts))
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ');
      say(
        `| ${round} | ${ok}/${logins.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ` +
          `${ms(Math.max(...times))} | ${answered} |`,
      );
      // The hasher's queues drain before the next burst.
      await sleep(2000);
    }
    const ok = all.filter((l) => l.status === 200).length;
    const times = all.map((l) => l.ms);
    say(
      `\nReal logins that succeeded: ${ok}/${all.length}; their p50 ${ms(percentile(times, 50))}, ` +
        `p99 ${ms(percentile(times, 99))}, slowest ${ms(Math.max(...times))}.`,
    );
    if (ok < all.length) process.exitCode = 1;
  } finally {
    await platform.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
