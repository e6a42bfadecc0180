import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { FAST_MONITOR_TIMING } from '../test/support/printer-status-harness';
import { seriousViolations } from './support/accessibility';
import { SERVICE_RESTARTS, expect, startApp, test, type RunningApp } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, "the window, round 4": sign-in expiry, notices and toasts, as the café owner sees them. */
const SHOTS = '/tmp/shots-notices';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.locator('#token').fill(token);
  await page.locator('#token').press('Enter');
}

/** The owner looks away (the window loses focus): Fluent pauses the toasts up, so they stay while they are checked. */
async function holdToasts(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
}

const ticket = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }, { type: 'cut' }] });

/** The service sets a new token (as another computer would): this window is signed out. */
async function signOutByNewToken(app: RunningApp, page: Page, token: string): Promise<void> {
  await app.host.handlers.updateSettings({ secrets: { token } });
  await app.host.settled();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'signed-out', { timeout: 10_000 });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`after "sign in again" the owner is back on the Designer with the saved template and the unsaved edit (${language})`, async ({ page, built }) => {
    test.info().annotations.push(SERVICE_RESTARTS);
    test.setTimeout(150_000);
    expect(built).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-e2e-return-'));
    const app = await startApp({ dataDir, token: 'cafe-0', settings: { language } });
    try {
      await app.host.handlers.saveTemplate({ name: 'Carta del día', document: ticket('Menú del día') });
      for (const [index, size] of WINDOW_SIZES.entries()) {
        await page.setViewportSize(size);
        await page.context().clearCookies();
        await page.goto(app.url);
        await signIn(page, `cafe-${index}`);
        await expect(page.getByTestId('home-page')).toBeVisible();
        await page.getByRole('tab', { name: text.designer }).click();
        // The saved template opens, and the owner changes its first line without saving.
        await page.getByRole('button', { name: text.tplOpen }).click();
        await page.getByRole('menuitem', { name: 'Carta del día' }).click();
        await expect(page.getByTestId('template-name')).toHaveText('Carta del día');
        await page.getByTestId('block-1').locator('.designer-block-main').click();
        await page.keyboard.press('End');
        await page.keyboard.type(' y postre');
        await expect(page.getByTestId('block-1')).toContainText('Menú del día y postre');
        await expect(page.getByTestId('unsaved-badge')).toBeVisible();

        await signOutByNewToken(app, page, `cafe-${index + 1}`);
        await page.getByTestId('connection-banner').getByRole('button', { name: text.signInAgain }).click();
        await expect(page.locator('#token')).toBeVisible();
        await signIn(page, `cafe-${index + 1}`);

        // Back where they were: the Designer, the template, the edit (still unsaved) and a word that it was kept.
        await expect(page).toHaveURL(/#\/designer$/);
        await expect(page.getByRole('tab', { name: text.designer })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByTestId('template-name')).toHaveText('Carta del día');
        await expect(page.getByTestId('block-1')).toContainText('Menú del día y postre');
        await expect(page.getByTestId('unsaved-badge')).toBeVisible();
        await expect(page.getByTestId('designer-kept-draft')).toContainText(text.draftKeptTitle);
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `return-designer-${language}-${size.width}`);
        // Saved now: nothing is asked when the next round reloads the page.
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await expect(page.getByTestId('unsaved-badge')).toHaveCount(0);
        await app.host.handlers.saveTemplate({ name: 'Carta del día', document: ticket('Menú del día') });
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

test('the sign-in page only sends the browser back to a page of the window, never elsewhere', async ({ page, built }) => {
  expect(built).toBe(true);
  const app = await startApp({ token: 'cafe-1' });
  try {
    for (const next of ['//example.com/', 'https://example.com/', '/\\example.com', '/%2F%2Fexample.com', 'javascript:alert(1)', '/#/jobs@example.com']) {
      await page.goto(`${app.url}?next=${encodeURIComponent(next)}`);
      await signIn(page, 'cafe-1');
      await expect(page.getByTestId('home-page')).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
      expect(new URL(page.url()).hash).toBe('');
      await page.context().clearCookies();
    }
    await page.goto(`${app.url}?next=${encodeURIComponent('/#/jobs')}`);
    await signIn(page, 'wrong');
    // A wrong token keeps the way back for the next try.
    await signIn(page, 'cafe-1');
    await expect(page).toHaveURL(/#\/jobs$/);
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
  }
});

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`signed out, the header does not claim a printer state and one banner says it (${language})`, async ({ page, built }) => {
    test.info().annotations.push(SERVICE_RESTARTS);
    test.setTimeout(300_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({ token: 'cafe-0', settings: { language, defaultPrinter: printer.uri }, monitorTiming: FAST_MONITOR_TIMING });
    try {
      for (const [index, size] of WINDOW_SIZES.entries()) {
        await page.setViewportSize(size);
        await page.goto(app.url);
        await signIn(page, `cafe-${index}`);
        const badge = page.getByTestId('printer-summary-badge');
        await expect(badge).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
        await signOutByNewToken(app, page, `cafe-${index + 1}`);
        await expect(badge).toHaveText(text.printerStateSignedOut);
        await expect(badge).not.toContainText(text.liveState_ready);
        for (const tab of [text.jobs, text.printers, text.settings, text.designer, text.home]) {
          await page.getByRole('tab', { name: tab }).click();
          await page.waitForTimeout(400);
          await expect(badge).toHaveText(text.printerStateSignedOut);
          // One notice: the banner with its button, and no page's own "session expired".
          await expect(page.getByText(text.problemUnauthorized)).toHaveCount(0);
          await expect(page.getByRole('button', { name: text.signInAgain })).toHaveCount(1);
          await expect(page.locator('body')).not.toContainText('Sign in first');
          await page.mouse.move(0, 0);
          expect(await seriousViolations(page)).toEqual([]);
          expect(await foreignTextsShown(page, language)).toEqual([]);
          await shoot(page, `signed-out-${tab}-${language}-${size.width}`);
        }
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`Home's guide says copied, not connected, and never "ready" beside a pause or a stopped printer (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    await page.addInitScript(() => {
      if (location.protocol.startsWith('http') && !sessionStorage.getItem('guide-set')) {
        localStorage.setItem('ticketera.home.guide', JSON.stringify({ tested: true, copied: false, received: false, hidden: false }));
        sessionStorage.setItem('guide-set', '1');
      }
    });
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: FAST_MONITOR_TIMING,
    });
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
      await page.setViewportSize(WINDOW_SIZES[0]);
      await page.goto(app.url);
      const guide = page.getByTestId('home-guide');
      const step3 = guide.locator('ol > li').nth(2);
      await expect(page.getByTestId('home-guide-printer-state')).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
      // The printer stops (no paper), and the owner copies the address.
      printer.set({ paper: 'out' });
      await expect(page.getByTestId('home-guide-printer-state')).toHaveAttribute('data-state', 'paper-out', { timeout: 10_000 });
      await page.getByTestId('home-guide-copy').click();
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        // Copied is said as copied, not done; nothing claims the POS has the address.
        await expect(step3).toContainText(text.guideStepCopied);
        await expect(step3).not.toContainText(text.homeStepDone);
        await expect(step3).toContainText(text.guideStepCopiedHint);
        await expect(guide).toContainText(text.guideNotReadyWaitingTitle);
        await expect(guide).not.toContainText(text.guideNotReadyDone.split(':')[0] ?? '-');
        await expect(guide).not.toContainText(text.homeGuideDone);
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page, '[data-testid="home-guide"]')).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `guide-copied-${language}-${size.width}`);
      }
      // Paper back, printing paused: the guide says paused, never "ready to print".
      printer.set({ paper: 'ok' });
      await expect(page.getByTestId('home-guide-printer-state')).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
      await app.host.handlers.setPaused({ paused: true });
      // The window hears of the pause (the header's switch says "Resume") before the guide is read.
      await expect(page.getByTestId('pause-button')).toHaveText(text.resume, { timeout: 20_000 });
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await expect(guide.locator('h2')).toHaveText(text.guidePausedTitle, { timeout: 10_000 });
        await expect(guide).not.toContainText(text.homeGuideDoneTitle);
        await expect(guide).not.toContainText(text.homeGuideDone);
        await page.mouse.move(0, 0);
        await shoot(page, `guide-paused-${language}-${size.width}`);
      }
      // Resumed and a ticket from the POS arrived: now the step is done and it is ready.
      await app.host.handlers.setPaused({ paused: false });
      await app.host.handlers.submitJob({ document: ticket('TPV') });
      await expect(step3).toContainText(text.homeStepDone, { timeout: 10_000 });
      await expect(step3).toContainText(text.guideStepReceivedHint);
      await expect(guide.locator('h2')).toHaveText(text.homeGuideDoneTitle, { timeout: 10_000 });
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page, '[data-testid="home-guide"]')).toEqual([]);
        await shoot(page, `guide-ready-${language}-${size.width}`);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`a failed ticket's toast speaks the window's language with the printer's name; the service's words only under "Detail" (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.goto(`${app.url}#/jobs`);
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'hologram' }] } }).catch(() => undefined);
        const toast = page.locator('[data-testid="print-toast"][data-result="failed"]').first();
        await expect(toast).toBeVisible({ timeout: 5000 });
        await holdToasts(page);
        const sentence = toast.getByTestId('print-toast-explanation');
        await expect(sentence).toContainText(text.result_COMMAND);
        await expect(sentence).toContainText(text.homeVirtualPrinter);
        await expect(sentence).toContainText(text.failedDocument.split('): ')[1]?.split('.')[0] ?? '-');
        // The service's English words are folded away until the owner opens "Detalle".
        const words = toast.locator('[data-service]');
        await expect(words).toBeHidden();
        await expect(toast).not.toContainText('is not a known command', { useInnerText: true });
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await toast.getByText(text.failedDetail, { exact: true }).click();
        await expect(words).toBeVisible();
        await expect(words).toContainText('hologram');
        await shoot(page, `failed-toast-${language}-${size.width}`);
        await toast.getByRole('button', { name: text.toastDismiss }).click({ timeout: 5000 });
        await expect(page.getByTestId('print-toast')).toHaveCount(0);
        // Checked once the toast is closed: the check ends animations, the toast's timer among them.
        await page.mouse.move(0, 0);
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`tooltips go away once their button is pressed (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      // The side menu names its icons in tooltips below 960 px.
      await page.setViewportSize(WINDOW_SIZES[2]);
      await page.goto(app.url);
      const jobsTab = page.getByRole('tab', { name: text.jobs });
      await jobsTab.hover();
      const tooltip = page.getByRole('tooltip', { name: text.jobs });
      await expect(tooltip).toBeVisible();
      await jobsTab.click();
      await expect(page.locator('main h2').first()).toHaveText(text.jobs);
      await page.waitForTimeout(600);
      await expect(tooltip).toBeHidden();
      await shoot(page, `tooltip-menu-${language}-800`);
      // The Designer's block buttons, at every size.
      await page.getByRole('tab', { name: text.designer }).click();
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        const down = page.getByTestId('block-1').getByRole('button', { name: text.moveDown.replace('{{n}}', '1') });
        await down.hover({ timeout: 10_000 });
        const downTip = page.getByRole('tooltip', { name: text.moveDown.replace('{{n}}', '1') });
        await expect(downTip).toBeVisible();
        await down.click({ timeout: 10_000 });
        await page.waitForTimeout(600);
        await expect.poll(() => page.getByRole('tooltip').allTextContents()).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `tooltip-designer-${language}-${size.width}`);
        await page.mouse.move(0, 0);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/**
 * The page's action controls (header, menu, toolbars, filters, forms) that a toast covers, by their words or name; none
 * expected. A list's row buttons (a table row, a Designer block) are left out: they repeat down the whole page.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.fui-Toast')].map((toast) => toast.getBoundingClientRect()).filter((box) => box.width > 0);
    const controls = [...document.querySelectorAll('.app :is(button, input, select, textarea, [role="tab"], [role="combobox"], a[href])')];
    return controls
      .filter((control) => control.closest('tr, [role="row"], .designer-block') === null)
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return boxes.some((toast) => box.left < toast.right - 0.5 && toast.left < box.right - 0.5 && box.top < toast.bottom - 0.5 && toast.top < box.bottom - 0.5);
      })
      .map((control) => control.textContent || control.getAttribute('aria-label') || '?');
  });
}

/** Which toasts are up (their test ids), top to bottom. */
async function toastKinds(toasts: Locator): Promise<string[]> {
  const found: { y: number; kind: string }[] = [];
  for (const toast of await toasts.all()) {
    // A toast replaced by a newer one between the listing and the reading is gone: it is not in the column.
    const box = await toast.boundingBox({ timeout: 1000 }).catch(() => null);
    const kind = await toast.getAttribute('data-testid', { timeout: 1000 }).catch(() => null);
    if (box && kind !== null) found.push({ y: box.y, kind });
  }
  return found.sort((a, b) => a.y - b.y).map((entry) => entry.kind);
}

/** The toasts' times, top to bottom. */
async function toastTimes(toasts: Locator): Promise<number[]> {
  const found: { y: number; at: number }[] = [];
  for (const toast of await toasts.all()) {
    // A toast replaced by a newer one between the listing and the reading is gone: it is not in the column.
    const box = await toast.boundingBox({ timeout: 1000 }).catch(() => null);
    const at = await toast
      .getByTestId('toast-time')
      .getAttribute('data-at', { timeout: 1000 })
      .catch(() => null);
    if (box && at !== null) found.push({ y: box.y, at: Number(at) });
  }
  return found.sort((a, b) => a.y - b.y).map((entry) => entry.at);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`toasts keep clear of the page's buttons and read newest first, each with its time (${language})`, async ({ page, built }) => {
    test.setTimeout(420_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({ settings: { language, defaultPrinter: printer.uri }, monitorTiming: FAST_MONITOR_TIMING });
    try {
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        for (const where of ['', 'designer', 'jobs', 'printers']) {
          await page.goto(`${app.url}#/${where}`);
          await expect(page.getByTestId('printer-summary-badge')).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
          const toasts = page.locator('.fui-Toast');
          // The printer runs out of paper, then a ticket is refused: two toasts, the newest on top.
          printer.set({ paper: 'out' });
          await expect(page.locator('[data-testid="alert-toast"][data-alert="paper-out"]')).toBeVisible({ timeout: 10_000 });
          await page.waitForTimeout(1100);
          await app.host.handlers.submitJob({ document: ticket(`Mesa ${where}`) });
          await expect(page.locator('[data-testid="print-toast"][data-result="failed"]')).toBeVisible({ timeout: 10_000 });
          await page.mouse.move(0, 0);
          await holdToasts(page);
          // Both, newest first (the printer may say "no paper" again after the refusal: then that is the newest); or,
          // where the page leaves room for one only, the newest (the header still says "Sin papel").
          // Every toast up says its time: read together, as a toast may be replaced (the printer saying "no paper"
          // again) between two separate readings.
          await expect
            .poll(async () => {
              const shown = await toastKinds(toasts);
              const timed = await toasts.getByText(/^(A las|At) \d{1,2}:\d{2}:\d{2}/).count();
              return shown.length > 0 && timed === shown.length;
            })
            .toBe(true);
          // Newest on top: the times read down the column only go back (a toast still sliding in is waited for).
          await expect.poll(async () => {
            const times = await toastTimes(toasts);
            return times.every((at, index) => index === 0 || at <= (times[index - 1] ?? at));
          }).toBe(true);
          await expect.poll(() => coveredControls(page), { timeout: 5000 }).toEqual([]);
          await page.waitForTimeout(500);
          await shoot(page, `toasts-${where || 'home'}-${language}-${size.width}`);
          expect(await foreignTextsShown(page, language)).toEqual([]);
          // Paper back: that printer's toast is replaced, and the newer news goes to the top.
          await page.waitForTimeout(1100);
          printer.set({ paper: 'ok' });
          await expect(page.locator('[data-testid="alert-toast"][data-alert="paper-back"]')).toBeVisible({ timeout: 10_000 });
          await page.mouse.move(0, 0);
          await holdToasts(page);
          await expect.poll(async () => (await toastKinds(toasts))[0]).toBe('alert-toast');
          await expect.poll(() => coveredControls(page), { timeout: 5000 }).toEqual([]);
          for (const close of await page.getByRole('button', { name: text.toastDismiss }).all()) await close.click({ timeout: 2000 }).catch(() => undefined);
          await expect(toasts).toHaveCount(0, { timeout: 20_000 });
          // Checked once the toasts are closed: the check ends animations, the toasts' timers among them.
          expect(await seriousViolations(page)).toEqual([]);
        }
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
