import { defineConfig } from 'vitest/config';

// Browser journeys: real server (embedded mode) + Debian chromium through playwright-core.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
