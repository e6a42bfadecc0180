import { buildRenderer } from './app-fixture';

/**
 * Builds the window once for the whole run, before any worker starts: with two workers a build per worker would write
 * the same out/ directory at the same time.
 */
export default function globalSetup(): void {
  buildRenderer();
}
