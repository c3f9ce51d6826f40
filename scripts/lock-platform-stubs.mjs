// Some registry mirrors hold only this platform's prebuilt binaries (e.g. @swc/core-linux-x64-gnu, not
// -darwin-arm64). `npm install` then leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` refuses the lockfile as "out of sync". This adds those entries as
// optional packages with the os/cpu their names state, so npm ci skips them on this machine and a full
// registry simply fills them in. Run after `npm install` changes the lockfile: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openbsd',
  'sunos',
  'aix',
  'netbsd',
  'openharmony',
  'wasi',
];
const CPU = {
  x64: 'x64',
  ia32: 'ia32',
  arm64: 'arm64',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
  universal: null,
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p) || p === 'win' || p === 'macos');
  const cpu = parts.find((p) => p in CPU || p.startsWith('arm') || p === 'x86');
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : undefined;
  if (!os && !cpu) return null;
  return {
    ...(os ? { os: [os === 'win' ? 'win32' : os === 'macos' ? 'darwin' : os] } : {}),
    ...(cpu && CPU[cpu] !== null
      ? { cpu: [CPU[cpu] ?? (cpu === 'x86' ? 'ia32' : cpu.startsWith('arm') ? 'arm' : cpu)] }
      : {}),
    ...(libc ? { libc: [libc] } : {}),
  };
}

let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${dep}`] = { version, ...platform, optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform package entries to package-lock.json`);
