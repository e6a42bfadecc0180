import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { seriousViolations } from './support/accessibility';
import { SERVICE_RESTARTS, expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { WINDOW_SIZES } from './support/window-sizes';

const SIZES = WINDOW_SIZES;

/**
 * Issue 32, "worst moments": the service restarts (an update, the PC's service manager) while the owner's window is
 * open with a token set. The window must stay signed in, not say the service is down or ask for a sign-in it cannot do.
 */
for (const language of ['es', 'en'] as const) {
  test(`a service restart keeps the open window signed in (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.info().annotations.push(SERVICE_RESTARTS);
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-e2e-restart-'));
    const token = 'cafe-token-1';
    let app = await startApp({ dataDir, token, settings: { language } });
    const port = app.host.running().address.port;
    try {
      await page.goto(app.url);
      // The sign-in page's field by its id: its wording is the sign-in page's business, not this test's.
      await page.locator('#token').fill(token);
      await page.locator('#token').press('Enter');
      await expect(page.getByTestId('home-page')).toBeVisible();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByRole('tab', { name: text.jobs }).click();
        await app.host.stop();
        await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 10_000 });
        app = await startApp({ dataDir, token, port, settings: { language } });
        await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 15_000 });
        // Something that asks the service: still signed in, so it answers (no "Sign in first", no "session expired").
        await page.getByRole('tab', { name: text.home }).click();
        await page.getByRole('tab', { name: text.jobs }).click();
        await expect(page.locator('main h2')).toHaveText(text.jobs);
        await expect(page.getByText(text.problemUnauthorized)).toHaveCount(0);
        await expect(page.locator('body')).not.toContainText('Sign in first');
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`restart-${language}-${size.width}.png`) });
      }
      // The session is kept as its hash only: the file alone signs nobody in.
      const stored = fs.readFileSync(path.join(dataDir, 'sessions.json'), 'utf8');
      const cookie = (await page.context().cookies()).find((entry) => entry.name === 'ticketera_session');
      expect(cookie?.value).toBeTruthy();
      expect(stored).not.toContain(cookie?.value ?? '-');
      expect(stored).not.toContain(token);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/** Signed out for real (here: the token changed elsewhere): the window says so and offers to sign in, not "no connection". */
for (const language of ['es', 'en'] as const) {
  test(`a window signed out by the service says "sign in again" with a button (${language}, 1366/1024/800)`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const text = LOCALES[language];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-e2e-signed-out-'));
    const app = await startApp({ dataDir, token: 'cafe-token-0', settings: { language } });
    try {
      for (const [index, size] of SIZES.entries()) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        await page.locator('#token').fill(`cafe-token-${index}`);
        await page.locator('#token').press('Enter');
        await expect(page.getByTestId('home-page')).toBeVisible();
        // The page itself says the window's language: signed out before the settings are read, it is still in it.
        expect(await (await page.request.get(app.url)).text()).toContain(`<html lang="${language}">`);
        // Another computer sets a new token: every other browser must sign in again.
        await app.host.handlers.updateSettings({ secrets: { token: `cafe-token-${index + 1}` } });
        await app.host.settled();
        const banner = page.getByTestId('connection-banner');
        await expect(banner).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
        await expect(banner).toContainText(text.signedOutHint);
        await expect(banner).not.toContainText(text.connectionOffline);
        // The cards' "last reading" note does not say "no connection" either.
        await expect(page.getByTestId('stale-note').first()).toContainText(text.staleSignedOut.split(':')[0] ?? '');
        await expect(page.getByRole('main')).not.toContainText(text.homeStaleSince.split(':')[0] ?? '');
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`signed-out-${language}-${size.width}.png`) });
        await banner.getByRole('button', { name: text.signInAgain }).click();
        await expect(page.locator('#token')).toBeVisible();
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
