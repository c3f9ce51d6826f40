/**
 * `npm run new-module` as a new team runs it, on a scratch copy of this checkout (its files as they are
 * now, node_modules hard-linked): the module it makes typechecks, its remote builds, its own unit,
 * component and integration tests pass against the run's Postgres and NATS, and nothing outside its
 * folder pair and the generated files changed.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';

jest.setTimeout(300_000);

let copy: string;
/** Runs a command in the copy; a failure throws with everything it printed. */
function run(command: string, args: string[], cwd = copy): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'new-module-'));
  // The checkout's files, committed or not (ignored ones, such as builds and .data, left out).
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], REPO_ROOT)
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    try {
      copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
    } catch {
      // Listed by git but deleted in the working tree.
    }
  }
  // Every node_modules hard-linked (seconds, no disk), npm's own record of it copied so npm never writes
  // through a link into this checkout's.
  const modules = [
    'node_modules',
    ...readdirSync(REPO_ROOT).map((d) => `${d}/node_modules`),
    ...readdirSync(path.join(REPO_ROOT, 'packages')).map((d) => `packages/${d}/node_modules`),
  ];
  for (const dir of modules) {
    try {
      run('cp', ['-al', path.join(REPO_ROOT, dir), path.join(copy, dir)], REPO_ROOT);
    } catch {
      // No such folder.
    }
  }
  rmSync(path.join(copy, 'node_modules', '.package-lock.json'), { force: true });
  copyFileSync(
    path.join(REPO_ROOT, 'node_modules', '.package-lock.json'),
    path.join(copy, 'node_modules', '.package-lock.json'),
  );
  run('git', ['init', '-q']);
  run('git', ['add', '-A']);
  run('git', ['-c', 'user.name=seam', '-c', 'user.email=seam@example.org', 'commit', '-qm', 'before']);
  run('npm', ['run', 'new-module', 'pharmacy', '--', '--team', 'pharmacy']);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('changes only its folder pair and the generated files', () => {
  const changed = run('git', ['status', '--porcelain', '--untracked-files=normal'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  // The Kubernetes manifests: its service's and its remote's files, and the gateway's routes, NATS users and
  // kustomization.
  const k8s = changed.filter((file) => file.startsWith('deploy/k8s/'));
  expect(k8s).toEqual(
    expect.arrayContaining([
      'deploy/k8s/svc-pharmacy.yaml',
      'deploy/k8s/mf-pharmacy.yaml',
      'deploy/k8s/gateway.yaml',
      'deploy/k8s/nats-values.yaml',
      'deploy/k8s/kustomization.yaml',
    ]),
  );
  expect(changed.filter((file) => !k8s.includes(file)).sort()).toEqual(
    [
      '.env.example',
      '.github/CODEOWNERS',
      'docker-compose.yml',
      'mf-pharmacy/',
      'nats/nats.conf',
      'package-lock.json',
      'svc-pharmacy/',
    ].sort(),
  );
  expect(run('git', ['diff', '.github/CODEOWNERS'])).toContain('/svc-pharmacy/');
  expect(run('git', ['diff', 'docker-compose.yml'])).toContain('PHARMACY_URL: http://svc-pharmacy:');
});

it('typechecks, with the whole checkout', () => {
  run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
});

it('builds its remote (the federation build the gateway serves)', () => {
  run('npm', ['run', 'build', '-w', 'mf-pharmacy']);
  expect(readdirSync(path.join(copy, 'mf-pharmacy', 'dist'))).toContain('remoteEntry.js');
});

it('passes its own component and integration tests (its migration as drizzle-kit wrote it)', () => {
  // jest reports on stderr; a failure throws with it.
  run('npx', [
    'jest',
    '--selectProjects',
    'unit',
    'component',
    'integration',
    '--testPathPatterns',
    '(svc|mf)-pharmacy/',
  ]);
});
