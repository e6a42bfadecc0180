import fs from 'node:fs';
import type { Language } from '../src/shared/contract/settings';
import { expect, startApp, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { LOCALES } from '../src/renderer/src/i18n/locales';

const SHOTS = '/tmp/shots-login-page';
const TOKEN = 'caja-principal-2026';
const WORDS: Record<Language, { heading: string; label: string; submit: string; where: string; wrong: string }> = {
  es: { heading: 'Entrar en Ticketera', label: 'Token de acceso', submit: 'Entrar', where: `${LOCALES.es.settings} → ${LOCALES.es.security}`, wrong: 'Token incorrecto.' },
  en: { heading: 'Sign in to Ticketera', label: 'Access token', submit: 'Sign in', where: `${LOCALES.en.settings} → ${LOCALES.en.security}`, wrong: 'Wrong token.' },
};

for (const language of ['es', 'en'] as const) {
  test(`the sign-in page looks like the window and speaks ${language}`, async ({ page, built }) => {
    expect(built).toBe(true);
    fs.mkdirSync(SHOTS, { recursive: true });
    const app = await startApp({ token: TOKEN, settings: { language } });
    const words = WORDS[language];
    const other = WORDS[language === 'es' ? 'en' : 'es'];
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(app.url);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
      await expect(page.getByLabel(words.label)).toBeFocused();
      // Where the token really is in the window: its Settings page, section Seguridad / Security (issue 32).
      await expect(page.locator('body')).toContainText(words.where);
      await expect(page.locator('body')).not.toContainText(language === 'es' ? 'Ajustes → Red' : 'Settings → Network');
      for (const text of Object.values(other)) await expect(page.locator('body')).not.toContainText(text);
      // The window's look: its brand header, its font and its primary button colour.
      await expect(page.locator('header')).toHaveText('Ticketera');
      const submit = page.getByRole('button', { name: words.submit });
      expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(15, 108, 189)');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontFamily)).toContain('Segoe UI');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/login-${language}-1024.png` });

      await page.getByLabel(words.label).fill('otro');
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(words.wrong);
      await page.screenshot({ path: `${SHOTS}/login-wrong-${language}-1024.png` });
      await page.getByLabel(words.label).fill(TOKEN);
      await page.getByRole('button', { name: words.submit }).click();
      await expect(page.getByTestId('home-page')).toBeVisible();
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
