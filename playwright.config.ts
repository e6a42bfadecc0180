import { defineConfig } from '@playwright/test';

/** Debian's Chromium drives the real React UI; Playwright's own browser downloads are impossible here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  globalSetup: './e2e/support/global-setup.ts',
  // Two browsers at once on CI's two cores: most of a window test is waiting (for a printer's paper, a service's
  // restart), so two halve the run. TICKETERA_E2E_WORKERS=1 runs them one at a time (a busy machine, a debugging run).
  workers: Number(process.env.TICKETERA_E2E_WORKERS ?? (process.env.CI ? 2 : 1)),
  // One more try on CI (two browsers on two cores); a test that needed it is listed as "flaky" at the end of `npm test`.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
});
