import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import moduleBoundaries from './scripts/eslint/module-boundaries.cjs';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Every module's folders, from the descriptors (`<folder>/module.json`). */
const moduleFolders = readdirSync(root)
  .filter((d) => existsSync(path.join(root, d, 'module.json')))
  .flatMap((d) => {
    const m = JSON.parse(readFileSync(path.join(root, d, 'module.json'), 'utf8'));
    return [m.service?.folder, m.remote?.folder].filter(Boolean);
  });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '**/drizzle/**',
      // Templates hold {{placeholders}}; what they make is linted in the seam test's scratch copy.
      'scripts/templates/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A module never imports another module's src/ or test/, its tests included: another service is started
    // through its helpers, `@platform/svc-<name>/testing`.
    files: ['svc-*/**', 'mf-*/**'],
    plugins: { platform: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'platform/module-boundaries': ['error', { root, modules: moduleFolders }] },
  },
  {
    // A list's value or null is NullableStringEnum: OpenAPI turns a union with null into `nullable`, which
    // allows null only where the enum lists it, so clients (and the fuzz test) read null as outside the schema.
    files: ['**/contract/**/*.ts', 'packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='Union'] > ArrayExpression:has(> CallExpression[callee.name='StringEnum']):has(> CallExpression[callee.property.name='Null'])",
          message: 'A StringEnum or null is NullableStringEnum(values).',
        },
      ],
    },
  },
  {
    // ESLint's own rules are CommonJS, as ESLint loads them.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Only config.ts files read the environment (ARCHITECTURE convention 7).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in a config.ts.' },
      ],
    },
  },
  {
    // One router context and one data cache on the page: remotes and the shell use the shared modules.
    files: ['shell/**', 'mf-*/**', 'packages/ui/**', 'packages/shell-state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router', 'wouter'].map((name) => ({
            name,
            message: 'Import the router from @platform/router.',
          })),
          patterns: [{ group: ['@tanstack/*'], message: 'Load data with @platform/data.' }],
        },
      ],
    },
  },
  {
    // A remote's pages call their services only through the remote's one typed client (src/api.ts).
    files: ['mf-*/src/features/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router-dom', 'react-router', 'wouter'].map((name) => ({
              name,
              message: 'Import the router from @platform/router.',
            })),
            {
              name: '@platform/shell-state',
              importNames: ['apiRequest'],
              message: "Call the service through the remote's client (src/api.ts).",
            },
          ],
          patterns: [{ group: ['@tanstack/*'], message: 'Load data with @platform/data.' }],
        },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      '**/*.test.ts',
      '**/*.int.test.ts',
      '**/test/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '**/webpack.config.*',
      '**/*.config.*',
      'packages/testing/**',
      'packages/mf-config/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
