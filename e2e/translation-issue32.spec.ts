import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { SAMPLE_DOCUMENT } from '../src/renderer/src/designer/command-defaults';
import { receiptTexts } from '../src/renderer/src/designer/translate/receipt-texts';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import type { Language } from '../src/shared/contract/settings';
import { TRANSLATION_VENDOR } from '../src/shared/contract/translation-types';
import type { Preview } from '../src/shared/contract/types';
import { EMULATOR_KEYS, startTranslationEmulator } from '../test/emulators/translation-api/emulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, translation without a key: the way to the key, the English typed by hand, the page's words and table. */
const SHOTS = '/tmp/shots-translation';
/** Narrower than this a column holds only a few characters of a word (about 11 at the window's 14 px). */
const READABLE_COLUMN_PX = 88;

type Text = (typeof LOCALES)[Language];
const say = (text: string, values: Record<string, string>): string => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
const vendor = TRANSLATION_VENDOR.name;
/** The sentence that says which service translates and what its key is, as the window words it. */
const serviceWords = (text: Text): string =>
  `${say(text.trwService, { vendor })} ${say(text.trwKeyExplained, { vendor, site: TRANSLATION_VENDOR.site, plan: TRANSLATION_VENDOR.freePlan, designer: text.designer, translate: text.trTranslate })}`;
/** The texts of the designer's sample receipt the dialog offers to translate, in print order. */
const SAMPLE_TEXTS = receiptTexts(SAMPLE_DOCUMENT).map((entry) => entry.text);

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The pointer and the cursor off the menu: its tooltip would cover the page's first words.
  await page.mouse.move(page.viewportSize()?.width ?? 0, page.viewportSize()?.height ?? 0);
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('[role="tablist"]')) active.blur();
  });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Settings is open at the translation key: its section in sight and the cursor in the key's field. */
async function expectAtTranslationKey(page: Page, text: Text): Promise<void> {
  await expect(page.getByRole('tab', { name: text.settings })).toHaveAttribute('aria-selected', 'true');
  const section = page.locator('#settings-section-translationApiKey');
  await expect(section).toBeInViewport();
  await expect(section.getByLabel(text.translationKey)).toBeFocused();
}

/** Words cut off inside `scope`: an element (a cell, a button, a name) whose text is wider than the box showing it. */
async function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => element instanceof HTMLElement && element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
      // Headers kept for screen readers only (clipped on purpose where rows stack) are not words anyone sees.
      .filter((element) => {
        const head = element.closest('thead');
        return head === null || getComputedStyle(head).clipPath === 'none';
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().split(' ')[0] ?? ''}: "${(element.textContent ?? '').slice(0, 40)}"`),
  );
}

async function openDesigner(page: Page, app: RunningApp, text: Text): Promise<void> {
  await page.goto(app.url);
  await page.getByRole('tab', { name: text.designer }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible();
}

/** The preview the window asks for next whose document holds `words`. */
function previewWith(page: Page, words: string): Promise<Preview> {
  return page
    .waitForResponse((response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes(words))
    .then(async (response) => ((await response.json()) as { value: Preview }).value);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`the Translation page names ${vendor}, says what its key is, and leads to the key in Settings (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.goto(app.url);
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await page.getByRole('tab', { name: text.translation }).click();
        const noKey = page.getByTestId('translation-no-key');
        await expect(noKey).toContainText(text.trNoKeyTitle);
        await expect(noKey.getByTestId('translation-service')).toHaveText(serviceWords(text));
        await expectNoHorizontalScroll(page);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `page-no-key-${language}-${size.width}`);
        await noKey.getByRole('button', { name: text.trOpenSettings }).click();
        await expectAtTranslationKey(page, text);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`without a key "${text.trTranslate}" leads to the key in Settings and offers a field per text for the English (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await openDesigner(page, app, text);
        await page.getByRole('button', { name: text.trTranslate, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: text.trTranslateTitle });
        const noKey = dialog.getByTestId('translate-no-key');
        await expect(noKey).toContainText(say(text.trwNoKeyDialog, { vendor }));
        // One empty field per text of the receipt, the cursor in the first: the owner can start typing.
        await expect(dialog.getByTestId('translate-by-hand')).toHaveText(text.trwByHandIntro);
        for (const original of SAMPLE_TEXTS) await expect(dialog.getByLabel(say(text.trTranslationOf, { text: original }))).toHaveValue('');
        await expect(dialog.getByRole('textbox')).toHaveCount(SAMPLE_TEXTS.length);
        await expect(dialog.getByLabel(say(text.trTranslationOf, { text: SAMPLE_TEXTS[0]! }))).toBeFocused();
        const where = `${size.width}×${size.height}`;
        expect(await clippedTexts(dialog.locator('.translate-dialog-actions')), `${where}: a button's words cut off`).toEqual([]);
        expect(await clippedTexts(noKey), `${where}: the message's words cut off`).toEqual([]);
        // The receipt is not saved yet: the note saying so beside the save button is not squeezed to a word a line.
        const saveFirst = await dialog.getByText(text.trSaveFirst).boundingBox();
        expect(saveFirst?.width ?? 0, `${where}: "${text.trSaveFirst}" squeezed`).toBeGreaterThan(200);
        const surface = await dialog.boundingBox();
        expect(surface && surface.x >= 0 && surface.x + surface.width <= size.width, `${where}: the dialog wider than the window`).toBe(true);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
        await shoot(page, `dialog-no-key-${language}-${size.width}`, false);
        await noKey.getByRole('button', { name: text.trwOpenKey }).click();
        await expect(dialog).toBeHidden();
        await expectAtTranslationKey(page, text);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`without a key the English typed by hand is saved in the template, comes back after a reload and prints (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    const english: Record<string, string> = { Producto: 'Item', 'Café con leche': 'White coffee', Tostada: 'Toast', '¡Gracias por su visita!': 'Thank you for your visit!' };
    try {
      await page.setViewportSize(WINDOW_SIZES[2]);
      await openDesigner(page, app, text);
      await page.getByRole('button', { name: text.save, exact: true }).click();
      const nameDialog = page.getByRole('dialog', { name: text.tplSaveTitle });
      await nameDialog.getByLabel(text.templateName).fill('Café');
      await nameDialog.getByRole('button', { name: text.save }).click();
      await expect(page.getByTestId('template-name')).toHaveText('Café');

      await page.getByRole('button', { name: text.trTranslate, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: text.trTranslateTitle });
      for (const [original, typed] of Object.entries(english)) await dialog.getByLabel(say(text.trTranslationOf, { text: original })).fill(typed);
      const printed = previewWith(page, english['¡Gracias por su visita!']!);
      await dialog.getByRole('button', { name: say(text.trSaveVariant, { lang: new Intl.DisplayNames([language], { type: 'language' }).of('en')! }) }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('variant-banner')).toBeVisible();

      // Saved as the template's English version, exactly where a machine translation goes; the original unchanged,
      // and a text left empty kept as it was.
      const [template] = await app.host.handlers.listTemplates();
      const version = JSON.stringify(template?.variants?.['EN']?.document);
      for (const typed of Object.values(english)) expect(version).toContain(typed);
      expect(version).toContain('Cafetería Ñandú');
      expect(version).not.toContain('¡Gracias por su visita!');
      expect(JSON.stringify(template?.document)).toContain('¡Gracias por su visita!');
      expect(template?.variants?.['EN']?.billedCharacters).toBe(0);

      // The preview shows the English version: its bytes for the printer hold the English line.
      const preview = await printed;
      expect(preview.error).toBeNull();
      expect(Buffer.from(preview.bytesBase64, 'base64').toString('latin1')).toContain(english['¡Gracias por su visita!']);
      await shoot(page, `designer-english-by-hand-${language}-800`);

      // After a reload the English version is still there, and "Translate" starts from it.
      await page.reload();
      await page.getByRole('tab', { name: text.designer }).click();
      await page.getByLabel(text.trVersion).selectOption('EN');
      await expect(page.getByRole('list', { name: text.blocks })).toContainText(english['¡Gracias por su visita!']!);
      await page.getByRole('button', { name: text.trTranslate, exact: true }).click();
      for (const [original, typed] of Object.entries(english)) await expect(dialog.getByLabel(say(text.trTranslationOf, { text: original }))).toHaveValue(typed);
      await expect(dialog.getByLabel(say(text.trTranslationOf, { text: 'Cafetería Ñandú' }))).toHaveValue('Cafetería Ñandú');
      expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/** The emulator's translation: the text in capitals after its language (`[EN] ¡GRACIAS…`). */
const MADE_BY_SERVICE = /^\[EN(-GB)?\] /;

test('with a key, typing by hand starts from the English the service made and replaces it in the same version', async ({ page, app }) => {
  const emulator = await startTranslationEmulator();
  const text = LOCALES.es;
  try {
    await app.host.handlers.updateSettings({ settings: { translationBaseUrl: emulator.url }, secrets: { translationApiKey: EMULATOR_KEYS[0]! } });
    await app.host.settled();
    await page.setViewportSize(WINDOW_SIZES[1]);
    await openDesigner(page, app, text);
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await page.getByRole('dialog', { name: text.tplSaveTitle }).getByLabel(text.templateName).fill('Café');
    await page.getByRole('dialog', { name: text.tplSaveTitle }).getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('template-name')).toHaveText('Café');

    // The service makes the British English version.
    await page.getByRole('button', { name: text.trTranslate, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.trTranslateTitle });
    await dialog.getByLabel(text.trLanguageTarget).selectOption('EN-GB');
    await dialog.getByRole('button', { name: text.trTranslateNow }).click();
    const thanks = dialog.getByLabel(say(text.trTranslationOf, { text: '¡Gracias por su visita!' }));
    await expect(thanks).toHaveValue(MADE_BY_SERVICE);
    await dialog.getByRole('button', { name: /versión en inglés/ }).click();
    await expect(dialog).toBeHidden();
    const billed = (await app.host.handlers.listTemplates())[0]?.variants?.['EN-GB']?.billedCharacters ?? 0;
    expect(billed).toBeGreaterThan(0);

    // By hand: the fields hold what the service wrote; one line corrected is saved into that same version.
    await page.getByRole('button', { name: text.trTranslate, exact: true }).click();
    await dialog.getByRole('button', { name: text.trwByHand }).click();
    await expect(dialog.getByLabel(say(text.trTranslationOf, { text: SAMPLE_TEXTS[0]! }))).toBeFocused();
    await expect(thanks).toHaveValue(MADE_BY_SERVICE);
    await expect(dialog.getByLabel(say(text.trTranslationOf, { text: 'Producto' }))).toHaveValue(MADE_BY_SERVICE);
    await thanks.fill('Thanks for coming!');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await shoot(page, 'dialog-by-hand-with-key-es-1024', false);
    await dialog.getByRole('button', { name: /versión en inglés/ }).click();
    await expect(dialog).toBeHidden();
    const [template] = await app.host.handlers.listTemplates();
    expect(Object.keys(template?.variants ?? {})).toEqual(['EN-GB']);
    const version = JSON.stringify(template?.variants?.['EN-GB']?.document);
    expect(version).toContain('Thanks for coming!');
    expect(version).toMatch(/"\[EN[^\]]*\] PRODUCTO"/);
    // Typing cost nothing: the version keeps what the service's translation cost.
    expect(template?.variants?.['EN-GB']?.billedCharacters).toBe(billed);
  } finally {
    await emulator.close();
  }
});

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`the Translation page's tables keep readable columns and whole words at every size (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 50, translatingMs: 200 } });
    const app = await startApp({ settings: { language, translationBaseUrl: emulator.url } });
    try {
      await app.host.handlers.updateSettings({ secrets: { translationApiKey: EMULATOR_KEYS[0]! } });
      await app.host.settled();
      await app.host.handlers.translateTexts({ texts: ['Hola', 'Gracias'], targetLang: 'DE', template: 'Café de la esquina, carta de otoño' });
      const names = ['carta-de-temporada-otoño-invierno-2026-definitiva.docx', 'nota-7.txt'];
      for (const fileName of names) {
        await app.host.handlers.uploadTranslationDocument({ fileName, contentBase64: Buffer.from('Hola\nGracias\n').toString('base64'), targetLang: 'EN-GB' });
      }
      await expect.poll(async () => (await app.host.handlers.listTranslationDocuments()).map((job) => job.phase), { timeout: 20_000 }).toEqual(['ready', 'ready']);
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.translation }).click();
      const jobs = page.getByRole('table', { name: text.trJobsTitle });
      const usage = page.getByRole('table', { name: text.trPerTemplate });
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        for (const name of names) await expect(jobs.getByTestId(`translation-job-${name}`)).toContainText(name);
        for (const table of [jobs, usage]) {
          // Every cell shown is wide enough for words (headers kept only for screen readers aside), and no words
          // are cut off or run out of their cell.
          const widths = await table.evaluate((element) =>
            [...element.querySelectorAll('td, th')]
              .filter((cell) => getComputedStyle(cell.closest('thead') ?? cell).clipPath === 'none')
              .map((cell) => ({ cell: (cell.textContent ?? '').slice(0, 30), width: Math.round(cell.getBoundingClientRect().width) })),
          );
          expect(widths.filter((cell) => cell.width < READABLE_COLUMN_PX), `${where}: columns too narrow to read`).toEqual([]);
          expect(await clippedTexts(table), `${where}: words cut off or running out of their cell`).toEqual([]);
        }
        await expectNoHorizontalScroll(page);
        expect(await foreignTextsShown(page, language)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `page-tables-${language}-${size.width}`);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await emulator.close();
    }
  });
}
