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
      // One Postgres and one NATS for the run: DATABASE_URL/NATS_URL, else found or started like npm start.
      globalSetup: '<rootDir>/packages/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/packages/testing/src/jest-global-teardown.ts',
      slowTestThreshold: 20,
      // 30 s per test (a project's own `testTimeout` is ignored by jest).
      setupFilesAfterEnv: ['<rootDir>/packages/testing/src/jest-integration-timeout.ts'],
    },
  ],
};
