import { HashingBusyError, PasswordHasher, type HashLane } from './passwords';

// Real argon2id hashes (about 26 ms each): the order and the refusals below are the hasher's own.
let stored: string;
beforeAll(async () => {
  stored = await new PasswordHasher(1, 0).hash('correct horse battery', 'owner');
});

/** Starts a verification in `lane` and records when it finished, by name. */
function verifyAs(hasher: PasswordHasher, lane: HashLane, name: string, done: string[]) {
  return hasher.verify(stored, 'correct horse battery', lane).then((ok) => {
    done.push(name);
    return ok;
  });
}

it('never lets strangers hold every worker: an owner starts at once beside them', async () => {
  // No queue at all: a check that cannot start at once is refused, so the owner's success proves that it
  // started at once beside the strangers, whatever the machine's speed (finishing orders depend on it).
  const hasher = new PasswordHasher(2, 0);
  const done: string[] = [];
  const s1 = verifyAs(hasher, 'stranger', 's1', done);
  // A second stranger finds the strangers' share (all workers but one) taken, and no queue.
  await expect(verifyAs(hasher, 'stranger', 's2', done)).rejects.toBeInstanceOf(HashingBusyError);
  await expect(verifyAs(hasher, 'owner', 'owner', done)).resolves.toBe(true);
  await expect(s1).resolves.toBe(true);
  expect(done.sort()).toEqual(['owner', 's1']);
});

it('gives a freed worker to an owner, then a returning address, then strangers who waited longer', async () => {
  const hasher = new PasswordHasher(1, 32);
  const done: string[] = [];
  const all = [
    verifyAs(hasher, 'stranger', 'stranger-1', done),
    verifyAs(hasher, 'stranger', 'stranger-2', done),
    verifyAs(hasher, 'returning', 'returning', done),
    verifyAs(hasher, 'owner', 'owner', done),
  ];
  await Promise.all(all);
  expect(done).toEqual(['stranger-1', 'owner', 'returning', 'stranger-2']);
});

it('keeps a queue per lane: strangers filling theirs are refused, an owner still waits its turn', async () => {
  const hasher = new PasswordHasher(1, 1);
  const done: string[] = [];
  const running = verifyAs(hasher, 'stranger', 'running', done);
  const waiting = verifyAs(hasher, 'stranger', 'waiting', done);
  expect([hasher.isFull('stranger'), hasher.isFull('owner')]).toEqual([true, false]);
  await expect(hasher.verify(stored, 'x', 'stranger')).rejects.toThrow(HashingBusyError);
  await expect(verifyAs(hasher, 'owner', 'owner', done)).resolves.toBe(true);
  await Promise.all([running, waiting]);
  expect(done).toEqual(['running', 'owner', 'waiting']);
});

it("spends a real check's turn and time on an account that does not exist, but not its CPU", async () => {
  const hasher = new PasswordHasher(1, 32);
  const cpu = async (work: () => Promise<unknown>) => {
    const before = process.cpuUsage();
    const t = performance.now();
    await work();
    const used = process.cpuUsage(before);
    return { cpuMs: (used.user + used.system) / 1000, ms: performance.now() - t };
  };
  // Several of each (the first real one warms up): one run of each compares a machine's hiccup, not the hasher.
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const reals = [await cpu(() => hasher.verify(stored, 'warm-up', 'stranger'))];
  const nothings = [];
  for (let i = 0; i < 5; i++) {
    reals.push(await cpu(() => hasher.verify(stored, 'a wrong guess', 'stranger')));
    nothings.push(await cpu(() => hasher.verifyNothing('a wrong guess', 'stranger')));
  }
  expect(await hasher.verifyNothing('a wrong guess', 'stranger')).toBe(false);
  // As long as a real one took (it sleeps a duration it measured of them: at least the fastest, whatever
  // else the machine is doing meanwhile), for a fraction of their CPU.
  const fastest = Math.min(...reals.map((r) => r.ms));
  for (const n of nothings) expect(n.ms).toBeGreaterThanOrEqual(fastest * 0.8);
  expect(median(nothings.map((n) => n.cpuMs))).toBeLessThan(median(reals.slice(1).map((r) => r.cpuMs)) / 4);

  // It holds its worker that long: an owner behind it waits for it, as behind a real check.
  const done: string[] = [];
  const decoy = hasher.verifyNothing('guess', 'stranger').then(() => done.push('decoy'));
  await verifyAs(hasher, 'owner', 'owner', done);
  await decoy;
  expect(done).toEqual(['decoy', 'owner']);
});
