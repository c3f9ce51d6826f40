import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
