import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The self-tests mostly wait on loopback servers (timeouts, settle polls), not on CPU: run more files at once.
    maxWorkers: 4,
  },
});
