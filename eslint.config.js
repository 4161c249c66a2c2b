import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.config.*', 'scripts/**', '.ci/**', '.dependency-cruiser.cjs'] },
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
  {
    // Secrets cost the same (docs/SECURITY.md): no request path may branch on who the killer is. Only the content
    // checks, the results written when a game completes and what reads completed games may name the killer.
    files: ['apps/realtime/src/**/*.ts'],
    ignores: [
      'apps/realtime/src/**/*.test.ts',
      'apps/realtime/src/modules/storylines/content-*.ts',
      'apps/realtime/src/modules/game-runtime/projector.ts',
      'apps/realtime/src/modules/reports/report-data.ts',
      'apps/realtime/src/modules/analytics/analytics.service.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='killerCharacterId']",
          message: 'A request path must not read who the killer is: its work and answer would differ for the killer (docs/SECURITY.md, "Secrets cost the same").',
        },
      ],
    },
  },
);
