import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Many suites spawn real processes (the CLI through tsx, serve, cupsd, Mosquitto, Wine): on a busy machine a spawn
    // alone can take seconds. A limit only bounds how long a hung test takes to fail; no test measures speed with it.
    testTimeout: 60_000,
    // expect.poll waits for a state (a job printing, a count reached), never checks a speed: on a busy 2-core machine
    // the encoder threads alone can take over the 1 s default to start.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    // On CI a test that fails gets one more try: timing cases at real printer speed share two cores with every other
    // suite. A test that needed it is listed as "flaky" at the end of `npm test`, so it is seen, not hidden.
    retry: process.env.CI ? 1 : 0,
    // Several suites start real servers, cupsd queues and child processes: keep the 2-core machine calm.
    maxWorkers: 2,
  },
});
