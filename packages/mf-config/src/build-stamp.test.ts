import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildNeeded, inputsStamp, writeBuildStamp } from './build-stamp';

let root: string;
let remote: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
/** What a build does: its output, then the stamp of the inputs it started from. */
const build = () => {
  const inputs = inputsStamp(root, remote);
  write(path.join(remote, 'dist', 'remoteEntry.js'), `entry ${Math.random()}`);
  writeBuildStamp(root, remote, 'remote', inputs);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
  remote = path.join(root, 'mf-demo');
  write(path.join(root, 'package-lock.json'), '{}');
  write(path.join(root, 'packages', 'ui', 'src', 'index.ts'), 'export const a = 1;');
  write(path.join(remote, 'src', 'page.tsx'), 'export default 1;');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('a remote never built is missing; once built, nothing is needed until a source changes', () => {
    expect(buildNeeded(root, remote, 'remote')).toBe('missing');
    build();
    expect(buildNeeded(root, remote, 'remote')).toBeUndefined();
    write(path.join(remote, 'src', 'page.tsx'), 'export default 2;');
    expect(buildNeeded(root, remote, 'remote')).toBe('stale');
    build();
    expect(buildNeeded(root, remote, 'remote')).toBeUndefined();
  });

  it('a change to a shared package or the lockfile makes it stale; tests, docs and build output do not', () => {
    build();
    write(path.join(remote, 'src', 'page.test.tsx'), 'test');
    write(path.join(remote, 'README.md'), 'docs');
    write(path.join(remote, 'dist-server', 'pages.js'), 'built');
    write(path.join(remote, 'node_modules', 'x', 'index.js'), 'installed');
    expect(buildNeeded(root, remote, 'remote')).toBeUndefined();
    write(path.join(root, 'packages', 'ui', 'src', 'index.ts'), 'export const a = 2;');
    expect(buildNeeded(root, remote, 'remote')).toBe('stale');
    build();
    write(path.join(root, 'package-lock.json'), '{"v":2}');
    expect(buildNeeded(root, remote, 'remote')).toBe('stale');
  });

  it('a build folder replaced by hand (another entry than the stamped one) is stale', () => {
    build();
    write(path.join(remote, 'dist', 'remoteEntry.js'), 'someone else built this');
    expect(buildNeeded(root, remote, 'remote')).toBe('stale');
  });

  it('a renamed source file changes the stamp', () => {
    const before = inputsStamp(root, remote);
    rmSync(path.join(remote, 'src', 'page.tsx'));
    write(path.join(remote, 'src', 'other.tsx'), 'export default 1;');
    expect(inputsStamp(root, remote)).not.toBe(before);
  });
});
