import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: retakes the README's and docs' screenshots (not a test; never part of `npm test`). */
export default defineConfig({ ...base, testDir: 'scripts/docs-screenshots', reporter: [['list']] });
