import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
