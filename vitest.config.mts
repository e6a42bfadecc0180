import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Several suites start real servers, cupsd queues and child processes: keep the 2-core machine calm.
    maxWorkers: 2,
  },
});
