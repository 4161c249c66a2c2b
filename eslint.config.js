import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.config.*', 'scripts/**', '.ci/**'] },
  js.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
  {
    // The service worker template: worker globals, and the two placeholders the web build fills in.
    files: ['apps/web/sw-template.js'],
    languageOptions: {
      globals: { self: 'readonly', caches: 'readonly', fetch: 'readonly', Response: 'readonly', URL: 'readonly', __SHELL__: 'readonly', __PAGES__: 'readonly', __VERSION__: 'readonly' },
    },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // env is read once in apps/realtime/src/env.ts; everywhere else takes the parsed config.
    files: ['apps/realtime/src/**/*.ts'],
    ignores: ['apps/realtime/src/env.ts', 'apps/realtime/src/**/*.test.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config from env.ts' }] },
  },
);
