import { spawn } from 'node:child_process';
import { supervise } from './supervise';

/** A real Node process running `code`. */
const node = (code: string) => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('supervise', () => {
  it('starts a killed process again, says so, and stop() stops the new one for good', async () => {
    const lines: string[] = [];
    let starts = 0;
    const forever = () => (starts++, node('setInterval(() => {}, 1000)'));
    const first = forever();
    const running = supervise('svc-x', first, forever, (l) => lines.push(l), { backoffMs: [50] });
    first.kill('SIGKILL');
    await until(() => starts === 2 && running.current() !== first);
    expect(lines).toEqual(['[svc-x] was killed (SIGKILL); restarting in 0.05 s']);
    const second = running.current();
    await running.stop();
    expect(second.signalCode).toBe('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(starts).toBe(2);
  });

  it('waits longer while a process keeps exiting, and says once that it keeps failing', async () => {
    const lines: string[] = [];
    const failing = () => node('process.exit(3)');
    const running = supervise('svc-y', failing(), failing, (l) => lines.push(l), {
      backoffMs: [10, 20, 40],
      failingAfter: 3,
    });
    await until(() => lines.filter((l) => l.includes('restarting')).length >= 5);
    await running.stop();
    const restarts = lines.filter((l) => l.includes('restarting'));
    expect(restarts.slice(0, 4)).toEqual([
      '[svc-y] exited (code 3); restarting in 0.01 s',
      '[svc-y] exited (code 3); restarting in 0.02 s',
      '[svc-y] exited (code 3); restarting in 0.04 s',
      '[svc-y] exited (code 3); restarting in 0.04 s',
    ]);
    expect(lines.filter((l) => l.includes('keeps failing'))).toEqual([
      '[svc-y] keeps failing: 3 exits within 60 s. It is started again every 0.04 s from now on; its own lines above say why it stops.',
    ]);
  });

  it('leaves a process that exited cleanly (code 0: a stop somebody asked for) stopped', async () => {
    const lines: string[] = [];
    let starts = 0;
    const clean = () => (starts++, node('process.exit(0)'));
    const running = supervise('svc-z', clean(), clean, (l) => lines.push(l), { backoffMs: [10] });
    await until(() => lines.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(starts).toBe(1);
    expect(lines).toEqual(['[svc-z] stopped (code 0); not restarted']);
    await running.stop();
  });

  it('waits for a restart that takes time, counts a start that fails as one more exit, and stops with its own stop', async () => {
    const lines: string[] = [];
    let attempts = 0;
    // As Postgres killed outright: its first start again fails (its old memory still held), the next serves.
    const restart = async () => {
      attempts++;
      await new Promise((r) => setTimeout(r, 20));
      if (attempts === 1) throw new Error('shared memory still in use');
      return node('setInterval(() => {}, 1000)');
    };
    const stoppedWith: string[] = [];
    const first = node('setInterval(() => {}, 1000)');
    const running = supervise('postgres', first, restart, (l) => lines.push(l), {
      backoffMs: [10, 30],
      stop: async (child) => {
        stoppedWith.push('its own stop');
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      },
    });
    first.kill('SIGKILL');
    await until(() => attempts === 2 && running.current() !== first);
    expect(lines).toEqual([
      '[postgres] was killed (SIGKILL); restarting in 0.01 s',
      '[postgres] did not start (shared memory still in use); restarting in 0.03 s',
    ]);
    const second = running.current();
    await running.stop();
    expect(stoppedWith).toEqual(['its own stop']);
    expect(second.signalCode).toBe('SIGINT');
  });

  it('stops a process whose restart was still under way when stop() came, and starts none after', async () => {
    let started: ReturnType<typeof node> | undefined;
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 200));
      started = node('setInterval(() => {}, 1000)');
      return started;
    };
    const first = node('setInterval(() => {}, 1000)');
    const running = supervise('nats-server', first, slow, () => {}, { backoffMs: [10] });
    first.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 80));
    await running.stop();
    expect(started).toBeDefined();
    expect(started!.signalCode).toBe('SIGTERM');
  });
});
