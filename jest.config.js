// One jest run, three projects: `unit` (no I/O, fast), `component` (*.test.tsx: React in jsdom) and
// `integration` (*.int.test.ts, real Postgres + NATS).
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
      testMatch: ['<rootDir>/**/*.test.ts'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
    },
    {
      // Screens as a person meets them: rendered in jsdom, read and used through @testing-library.
      displayName: 'component',
      testEnvironment: 'jsdom',
      transform,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/{shell,mf-*,packages}/**/*.test.tsx'],
      testPathIgnorePatterns: ignore,
      setupFilesAfterEnv: ['<rootDir>/packages/ui/test/dom-setup.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/packages/ui/test/style-stub.ts' },
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
