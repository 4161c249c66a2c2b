import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // PGlite and argon2 are CPU heavy; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
