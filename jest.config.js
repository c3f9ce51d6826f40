// One jest run, two projects: `unit` (no I/O, fast) and `integration` (*.int.test.ts, real Postgres + NATS).
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
// A few dependencies ship ESM only; jest (on Node 20) loads CommonJS, so swc compiles them too.
const esmOnly = ['content-disposition', 'cookie'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const ignore = ['/node_modules/', '/dist/', '<rootDir>/e2e/', '<rootDir>/.data/'];

/** @type {import('jest').Config} */
module.exports = {
  // Some integration tests start a whole service (database, migrations, NATS catch-up) inside the test;
  // on a busy 2-core machine that takes longer than jest's 5 s default.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      slowTestThreshold: 20,
    },
  ],
};
