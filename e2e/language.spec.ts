import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/contract/settings';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { expect, test, type RunningApp } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';

/** Words the service itself writes (protocol texts, preview marks): the window must say them its own way. */
const SERVICE_WORDS: Record<Language, string[]> = {
  es: ['Print completed', 'Reprint queued', 'Job unknown', '(CUT)', 'cancelled in the Ticketera window', 'Ticketera Virtual Printer', 'Failed to fetch'],
  en: ['Reimpresión en cola', 'Trabajo desconocido', '(CORTE)', 'Failed to fetch'],
};

const PAGES = ['home', 'designer', 'printers', 'jobs', 'translation', 'admin', 'campus', 'settings'] as const;

async function someJobs(app: RunningApp): Promise<void> {
  const { id: good } = await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'text', data: { text: 'café solo' } }, { type: 'cut', data: {} }] } });
  const { id: bad } = await app.host.handlers.submitJob({ document: { version: '1.0', commands: [{ type: 'hologram' }] } });
  await expect.poll(() => app.host.running().service.job(bad)?.state).toBe('error');
  await expect.poll(() => app.host.running().service.job(good)?.state).toBe('success');
}

async function expectOnlyLanguage(page: Page, language: Language, where: string): Promise<void> {
  await expect(page.locator('[role="progressbar"], .fui-Spinner')).toHaveCount(0);
  const shown = await foreignTextsShown(page, language);
  const serviceWords = await page.evaluate(
    (words) => words.filter((word) => document.body.innerText.includes(word)),
    SERVICE_WORDS[language],
  );
  expect([...shown, ...serviceWords], `${where} (${language})`).toEqual([]);
}

test.describe('one language at a time', () => {
  for (const language of ['es', 'en'] as const) {
    test(`every page and dialog speaks ${language} only, service texts included`, async ({ page, app }) => {
      await someJobs(app);
      // Campus and Administración are optional services (issue 24): switched on, so their pages are walked too.
      await app.host.handlers.updateSettings({ settings: { language, campusEnabled: true, adminEnabled: true } });
      const text = LOCALES[language];
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(app.url);
      for (const key of PAGES) {
        await page.getByRole('tab', { name: text[key] }).click();
        await expectOnlyLanguage(page, language, key);
        if (key === 'designer') {
          await page.getByRole('button', { name: text.addBlockEnd }).first().click();
          await expectOnlyLanguage(page, language, 'designer: add a block');
          await page.keyboard.press('Escape');
        }
        if (key === 'printers') {
          await page.getByRole('button', { name: text.addPrinter }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectOnlyLanguage(page, language, 'printers: add a printer');
          await page.keyboard.press('Escape');
        }
        if (key === 'jobs') {
          await page.getByRole('button', { name: text.details }).first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectOnlyLanguage(page, language, 'jobs: a job in detail');
          await page.keyboard.press('Escape');
        }
      }
    });
  }
});
