import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import type { Language } from '../src/shared/contract/settings';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';
import { advancedHeader, openAdvancedSettings } from './support/settings-page';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, the Settings page as the owner of a café uses it, at 1366×768, 1024×768 and 800×600, in Spanish and English. */
const SHOTS = '/tmp/shots-settings';
const OTHER: Record<Language, Language> = { es: 'en', en: 'es' };

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Inside the window, not cut off at any side. */
async function expectInWindow(page: Page, locator: Locator, where: string): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) throw new Error(`${where}: not shown`);
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(size.height);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];
  const from = LOCALES[OTHER[language]];

  test(`picking ${language} in Settings switches the window at once and is saved: a reload keeps it, nothing typed is lost`, async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { language: OTHER[language] } });
    try {
      await page.setViewportSize(WINDOW_SIZES[0]);
      await page.goto(`${app.url}#/settings`);
      // Something typed elsewhere in the form, not saved: switching the language must not wipe it.
      await page.getByLabel(from.defaultPrinter).fill('Barra');
      await page.getByLabel(from.language).selectOption(language);

      // No Save pressed: the whole window speaks the new language, and the service has it.
      await expect(page.getByRole('tab', { name: text.settings })).toBeVisible();
      await expect(page.getByRole('heading', { name: text.settings, level: 2 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect.poll(async () => (await app.host.handlers.getSettings()).language).toBe(language);
      await expect(page.getByLabel(text.language)).toHaveValue(language);
      await expect(page.getByText(text.languageHint)).toBeVisible();
      expect(await foreignTextsShown(page, language)).toEqual([]);
      // The printer typed is still there, still unsaved, and nothing claims it was saved.
      await expect(page.getByLabel(text.defaultPrinter)).toHaveValue('Barra');
      await expect(page.getByTestId('settings-unsaved')).toBeVisible();
      await expect(page.getByTestId('settings-saved')).toHaveCount(0);
      expect((await app.host.handlers.getSettings()).defaultPrinter).toBeNull();
      await shoot(page, `language-${language}-picked`);

      // A setting shown as saved is in force: after a reload (the unsaved printer dropped), the window is in it.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(page.getByRole('tab', { name: text.settings })).toBeVisible();
      await expect(page.getByLabel(text.language)).toHaveValue(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
    } finally {
      await app.host.stop();
    }
  });

  test(`leaving Settings with unsaved changes asks: keep editing, discard, save — the menu, Back and a reload (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      const printer = page.getByLabel(text.defaultPrinter);
      const question = page.getByRole('alertdialog', { name: text.unsavedTitle });
      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await page.goto(`${app.url}#/settings`);
        await printer.fill(`Barra ${size.width}`);

        // The side menu: the question, with its three answers in sight.
        await page.getByRole('tab', { name: text.home }).click();
        await expect(question).toBeVisible();
        await expect(question).toContainText(text.settingsUnsavedText);
        for (const answer of [text.unsavedSave, text.unsavedDiscardChanges, text.unsavedKeepEditing]) {
          await expectInWindow(page, question.getByRole('button', { name: answer, exact: true }), `${where}: ${answer}`);
        }
        expect(await seriousViolations(page, '[role="alertdialog"]'), where).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `leave-question-${language}-${size.width}`);

        // Keep editing: still on Settings (its address too), what was typed still there.
        await question.getByRole('button', { name: text.unsavedKeepEditing }).click();
        await expect(question).toBeHidden();
        await expect(page).toHaveURL(/#\/settings$/);
        await expect(printer).toHaveValue(`Barra ${size.width}`);

        // Discard changes: Home, and nothing was saved.
        await page.getByRole('tab', { name: text.home }).click();
        await question.getByRole('button', { name: text.unsavedDiscardChanges }).click();
        await expect(page).toHaveURL(/#\/home$/);
        expect((await app.host.handlers.getSettings()).defaultPrinter).toBeNull();
        await page.getByRole('tab', { name: text.settings }).click();
        await expect(printer).toHaveValue('');
      }

      // Save: saved, then on to where the owner was going.
      await printer.fill('Barra');
      await page.getByRole('tab', { name: text.jobs }).click();
      await question.getByRole('button', { name: text.unsavedSave, exact: true }).click();
      await expect(page).toHaveURL(/#\/jobs$/);
      await expect.poll(async () => (await app.host.handlers.getSettings()).defaultPrinter).toBe('Barra');

      // The browser's Back asks too; keeping on editing leaves the page and its address as they were.
      await page.getByRole('tab', { name: text.settings }).click();
      await printer.fill('Cocina');
      await page.goBack();
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: text.unsavedKeepEditing }).click();
      await expect(page).toHaveURL(/#\/settings$/);
      await expect(printer).toHaveValue('Cocina');

      // Reloading (or closing) the page asks the browser's own question; staying keeps what was typed.
      const asked = page.waitForEvent('dialog');
      void page.reload();
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
      await expect(printer).toHaveValue('Cocina');

      // With nothing unsaved, nothing is asked.
      await printer.fill('Barra');
      await page.getByRole('tab', { name: text.home }).click();
      await expect(page).toHaveURL(/#\/home$/);
      await expect(question).toHaveCount(0);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`the café's settings come first, the technician's under "Avanzado", closed until opened for the visit (${language})`, async ({ page, built }) => {
    test.setTimeout(150_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      const header = advancedHeader(page);
      const technical = [text.port, text.environment, text.queueCapacity, text.rateLimit, text.tlsCertFile, text.tlsPort, text.fleetUrl, text.settingsServiceAddresses];
      const owners = [text.language, text.defaultPrinter, text.token, text.originsAdd, text.translationKey];
      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await page.goto(`${app.url}#/settings`);
        await page.reload();
        await expect(header).toHaveText(text.settingsAdvanced);
        await expect(header).toHaveAttribute('aria-expanded', 'false');
        for (const label of owners) await expect(page.getByLabel(label, { exact: true }), `${where}: ${label}`).toBeVisible();
        for (const label of technical) await expect(page.getByText(label, { exact: true }), `${where}: ${label}`).toHaveCount(0);
        // The café's own cards are all above "Avanzado".
        const headerTop = (await header.boundingBox())?.y ?? 0;
        expect((await page.getByTestId('origin-settings').boundingBox())?.y ?? Infinity, where).toBeLessThan(headerTop);
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main'), `${where}, closed`).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `advanced-closed-${language}-${size.width}`, true);

        await openAdvancedSettings(page);
        for (const label of [text.port, text.environment, text.queueCapacity, text.tlsCertFile, text.fleetUrl]) {
          await expect(page.getByLabel(label, { exact: true }), `${where}: ${label}`).toBeVisible();
        }
        await expect(page.getByTestId('tls-settings')).toBeVisible();
        await expect(page.getByTestId('fleet-settings')).toBeVisible();
        await expectNoHorizontalScroll(page);
        expect(await seriousViolations(page, 'main'), `${where}, open`).toEqual([]);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `advanced-open-${language}-${size.width}`, true);

        // Remembered while the window is open: another page and back, it is still open.
        await page.getByRole('tab', { name: text.printers }).click();
        await page.getByRole('tab', { name: text.settings }).click();
        await expect(header).toHaveAttribute('aria-expanded', 'true');
      }

      // A field to fix under a closed "Avanzado" is not left hidden: Save opens it at the field.
      await page.getByLabel(text.port, { exact: true }).fill('70000');
      await header.click();
      await expect(header).toHaveAttribute('aria-expanded', 'false');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(header).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(text.invalidRange.replace('{{min}}', '1').replace('{{max}}', '65535'))).toBeVisible();

      // A new visit (a reload) starts with it closed again.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(header).toHaveAttribute('aria-expanded', 'false');
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`"Allow another site" takes tpv2.cafeole.es without https://, keeps http://localhost:5173, and says plainly what is wrong (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.goto(`${app.url}#/settings`);
      const sites = page.getByTestId('origin-settings');
      const field = sites.getByLabel(text.originsAdd);
      const allow = sites.getByRole('button', { name: text.originAllow, exact: true });
      const allowed = sites.getByTestId('origins-allowed');

      await field.fill('tpv2.cafeole.es');
      await allow.click();
      await expect(allowed).toContainText('https://tpv2.cafeole.es');
      await expect(field).toHaveValue('');
      await field.fill('http://localhost:5173');
      await field.press('Enter');
      await expect(allowed).toContainText('http://localhost:5173');
      await expect.poll(async () => [...(await app.host.handlers.originRequests()).allowed].sort()).toEqual(['http://localhost:5173', 'https://tpv2.cafeole.es']);

      // A wrong entry is refused with a sentence in the window's language, at every size.
      await field.fill('tpv2 cafeole.es');
      await allow.click();
      const error = sites.getByText(text.originsInvalid.replace('{{origin}}', 'tpv2 cafeole.es'));
      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await expect(error, where).toBeVisible();
        await error.scrollIntoViewIfNeeded();
        await expectInWindow(page, error, where);
        await expectNoHorizontalScroll(page);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        await shoot(page, `origin-invalid-${language}-${size.width}`);
      }
      expect((await app.host.handlers.originRequests()).allowed).toHaveLength(2);
    } finally {
      await app.host.stop();
    }
  });
}
