import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import type { Preview } from '../src/shared/contract/types';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, the receipt designer as a café owner uses it, at the window sizes and in the languages of the shop PC. */
const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-designer';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A locale text with its `{{name}}` slots filled. */
const fill = (template: string, values: Record<string, string | number>): string => template.replace(/\{\{(\w+)\}\}/g, (_all, key: string) => String(values[key] ?? ''));

/** The band marking block `index` on the preview lies over the rows that block printed (not beside them). */
async function expectBandOverRows(page: Page, preview: Preview, index: number, where: string): Promise<void> {
  const rows = preview.image?.blocks.find((block) => block.index === index);
  if (!preview.image || !rows) throw new Error(`${where}: no rows for block ${index + 1}`);
  const picture = await page.getByTestId('preview-image').boundingBox();
  const band = await page.getByTestId('preview-selected-band').boundingBox();
  if (!picture || !band) throw new Error(`${where}: preview not shown`);
  const scale = picture.height / preview.image.height;
  expect(Math.abs(band.y - (picture.y + rows.top * scale)), `${where}: band top`).toBeLessThanOrEqual(2);
  expect(Math.abs(band.y + band.height - (picture.y + rows.bottom * scale)), `${where}: band bottom`).toBeLessThanOrEqual(2);
}

async function openDesigner(page: Page, url: string, language: 'es' | 'en'): Promise<void> {
  await page.goto(`${url}#/designer`);
  await expect(page.getByRole('list', { name: LOCALES[language].blocks })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`editing a table's row, the preview of that row is in sight at once (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await openDesigner(page, app.url, language);
        await page.getByRole('list', { name: text.blocks }).getByRole('button', { name: new RegExp(`^3 ${text.block_table}`) }).click();
        const cell = page.getByLabel(fill(text.cellLabel, { row: 2, column: 'Producto' }));
        const typed = `Tostada ${size.width}`;
        const changed = page.waitForResponse((response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes(typed));
        await cell.fill(typed);
        const preview = ((await (await changed).json()) as { value: Preview }).value;
        // The field just typed in, the receipt, and on it the table's rows (marked as the block picked): all in the window.
        await expect(cell, where).toBeInViewport();
        await expect(page.getByTestId('preview-frame'), `${where}: the preview out of sight`).toBeInViewport({ ratio: 0.6 });
        await expect(page.getByTestId('preview-selected-band'), `${where}: the table's rows out of sight on the preview`).toBeInViewport({ ratio: 0.9 });
        await expectBandOverRows(page, preview, 2, where);
        // The whole roll across: nothing of the edited row hidden to the side of the preview.
        const across = await page.getByTestId('preview-frame').evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(across, `${where}: the preview cut at the side`).toBeLessThanOrEqual(1);
        await expectNoHorizontalScroll(page);
        await shoot(page, `designer-issue32-table-${language}-${size.width}x${size.height}`);
        expect(await seriousViolations(page, 'main'), where).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/** The printer's terms an owner does not use; none may show in the QR code's or the picture's options. */
const TECHNICAL: Record<'es' | 'en', RegExp> = {
  es: /módulo|puntos|corrección de errores|\([LMQH]\)|floyd|atkinson|tramado|umbral/i,
  en: /module|dots|error correction|\([LMQH]\)|floyd|atkinson|dithering|threshold/i,
};

/** Each list can show any of its options whole, and the page does not scroll sideways. */
async function expectOptionsFit(page: Page, where: string): Promise<void> {
  const cut = await page.locator('.designer-form select').evaluateAll((selects) =>
    selects.flatMap((select) => {
      if (!(select instanceof HTMLSelectElement)) return [];
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return [];
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // Whichever option is chosen reads whole (the padding on the right is where the arrow is drawn).
      return [...select.options].flatMap((option) => {
        const needed = context.measureText(option.text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return needed > select.clientWidth + 1 ? [option.text] : [];
      });
    }),
  );
  expect(cut, `${where}: options cut short`).toEqual([]);
  await expectNoHorizontalScroll(page);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`the QR code's and the picture's options in words a café owner knows (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await openDesigner(page, app.url, language);
      const list = page.getByRole('list', { name: text.blocks });
      await list.getByRole('button', { name: new RegExp(`^5 ${text.block_qr}`) }).click();
      const editor = page.getByRole('region', { name: fill(text.editingBlock, { n: 5, name: text.block_qr }) });
      const size = editor.getByRole('radiogroup', { name: text.field_size });
      const stains = editor.getByRole('combobox', { name: text.qrStains });
      for (const windowSize of WINDOW_SIZES) {
        const where = `${windowSize.width}×${windowSize.height}`;
        await page.setViewportSize(windowSize);
        // How big, in three words; whether it reads when stained, in plain words; nothing of modules or levels.
        await expect(size.getByRole('radio')).toHaveCount(3);
        for (const name of [text.qrSize_small, text.qrSize_medium, text.qrSize_large]) await expect(size.getByRole('radio', { name }), where).toBeInViewport();
        await expect(size.getByRole('radio', { name: text.qrSize_medium })).toBeChecked();
        await expect(stains.locator('option:checked')).toHaveText(text.qrStains_M);
        await expect(editor).not.toContainText(TECHNICAL[language]);
        expect(await stains.locator('option').allTextContents()).toEqual([text.qrStains_L, text.qrStains_M, text.qrStains_Q, text.qrStains_H]);
        await expectOptionsFit(page, where);
        await editor.scrollIntoViewIfNeeded();
        await shoot(page, `designer-issue32-qr-${language}-${windowSize.width}x${windowSize.height}`);
        expect(await seriousViolations(page, 'main'), where).toEqual([]);
      }
      // The same document fields as before: a large code that reads with a piece missing is size 8, level H.
      await size.getByRole('radio', { name: text.qrSize_large }).check();
      await stains.selectOption({ label: text.qrStains_H });
      await page.getByRole('tab', { name: text.jsonTab }).click();
      const json = JSON.parse(await page.getByLabel(text.document).inputValue()) as { commands: { type: string; data: Record<string, unknown> }[] };
      expect(json.commands[4]).toEqual({ type: 'qr', data: { data: 'https://example.com/ticket/42', size: 8, align: 'center', error_correction: 'H' } });
      await page.getByRole('tab', { name: text.blockTab }).click();

      // A picture: how it turns into ink and how wide it prints, in the owner's words and millimetres.
      await page.getByRole('button', { name: fill(text.addBlockAfter, { n: 5 }) }).click();
      await page.getByRole('menuitem', { name: text.block_image, exact: true }).click();
      const picture = page.getByRole('region', { name: fill(text.editingBlock, { n: 6, name: text.block_image }) });
      const how = picture.getByRole('combobox', { name: text.imagePrint });
      expect(await how.locator('option').allTextContents()).toEqual([text.imagePrint_auto, text.imagePrint_logo, text.imagePrint_photo, text.imagePrint_photoLight]);
      await how.selectOption({ label: text.imagePrint_logo });
      await expect(picture.getByRole('slider', { name: text.imageDarkness })).toBeVisible();
      await expect(picture.getByRole('spinbutton', { name: text.imageWidthMm })).toBeVisible();
      await expect(picture).not.toContainText(TECHNICAL[language]);
      for (const windowSize of WINDOW_SIZES) {
        await page.setViewportSize(windowSize);
        await expectOptionsFit(page, `${windowSize.width}×${windowSize.height}`);
        await picture.scrollIntoViewIfNeeded();
        await shoot(page, `designer-issue32-picture-${language}-${windowSize.width}x${windowSize.height}`);
      }
      // 40 mm of an 80 mm roll on a 203 dpi head: 320 dots in the document.
      await picture.getByRole('spinbutton', { name: text.imageWidthMm }).fill('40');
      await page.getByRole('tab', { name: text.jsonTab }).click();
      const withPicture = JSON.parse(await page.getByLabel(text.document).inputValue()) as { commands: { type: string; data: Record<string, unknown> }[] };
      expect(withPicture.commands[5]).toEqual({ type: 'image', data: { image: '', align: 'center', dither: 'threshold', width: 320 } });
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

/** Every click of the owner goes through here, and is counted; typing is not. */
class Clicks {
  count = 0;
  constructor(private readonly page: Page) {}
  async click(target: Locator): Promise<void> {
    this.count += 1;
    await target.click();
  }
  async check(target: Locator): Promise<void> {
    this.count += 1;
    await target.check();
  }
  async selectOption(target: Locator, label: string): Promise<void> {
    this.count += 1;
    await target.selectOption({ label });
  }
  /** A click that opens the system's file dialog, where the owner picks `file`. */
  async chooseFile(target: Locator, file: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.click(target);
    await (await chooser).setFiles(file);
  }
}

/** The shop's logo as a drawing program saves it: black letters on white, edges smoothed. */
function logoFile(): string {
  const png = new PNG({ width: 160, height: 60 });
  for (let y = 0; y < 60; y++) {
    for (let x = 0; x < 160; x++) {
      const ring = Math.hypot(x - 30, y - 30);
      const ink = Math.max(0, Math.min(1, 1 - Math.abs(ring - 20) / 2 + 3), Math.min(1, Math.max(0, 8 - Math.abs(x - 80))) * (y > 8 && y < 52 ? 1 : 0));
      const grey = Math.round(255 * (1 - Math.min(1, ink)));
      png.data.set([grey, grey, grey, 255], (y * 160 + x) * 4);
    }
  }
  const file = test.info().outputPath('logo.png');
  fs.writeFileSync(file, PNG.sync.write(png));
  return file;
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`a café's receipt from the sample in at most 20 clicks, saved with every part (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      await openDesigner(page, app.url, language);
      const clicks = new Clicks(page);
      const list = page.getByRole('list', { name: text.blocks });
      const block = (n: number, name: string) => list.getByRole('button', { name: new RegExp(`^${n} ${name}`) });
      const addAfter = async (n: number, name: string): Promise<void> => {
        await clicks.click(page.getByRole('button', { name: fill(text.addBlockAfter, { n }) }));
        await clicks.click(page.getByRole('menuitem', { name, exact: true }));
      };
      const textBox = page.getByRole('textbox', { name: text.field_text, exact: true });

      // The shop's name, then its address and tax number under it, centred like the name.
      await clicks.click(block(1, text.block_text));
      await textBox.fill('Café Olé');
      await addAfter(1, text.block_text);
      await textBox.fill('Calle Mayor 12, 28013 Madrid\nNIF B12345678');
      await clicks.check(page.getByRole('radio', { name: text.align_center }));
      // The logo, chosen from a file, moved to the top.
      await addAfter(2, text.block_image);
      await clicks.chooseFile(page.getByRole('button', { name: text.chooseImage }), logoFile());
      await expect(page.getByRole('img', { name: text.imageOriginal })).toBeVisible();
      await clicks.click(page.getByRole('button', { name: fill(text.moveUp, { n: 3 }) }));
      await clicks.click(page.getByRole('button', { name: fill(text.moveUp, { n: 2 }) }));
      // What was sold: the sample's table, its rows rewritten and one more.
      await clicks.click(block(5, text.block_table));
      const cell = (row: number, column: string) => page.getByLabel(fill(text.cellLabel, { row, column }));
      await cell(1, 'Producto').fill('Café con leche');
      await cell(1, 'Total').fill('1,60 €');
      await cell(2, 'Producto').fill('Tostada con tomate');
      await cell(2, 'Total').fill('2,80 €');
      await clicks.click(page.getByRole('button', { name: text.addRow }));
      await cell(3, 'Producto').fill('Zumo de naranja');
      await cell(3, 'Total').fill('3,00 €');
      // The total, the QR code (the receipt online) and the footer: the sample's, rewritten.
      await clicks.click(block(6, text.block_text));
      await textBox.fill('TOTAL 7,40 €');
      await clicks.click(block(7, text.block_qr));
      await page.getByRole('textbox', { name: text.field_qrData }).fill('https://cafeole.example/ticket/1');
      await clicks.click(block(8, text.block_text));
      const footerPreview = page.waitForResponse((response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes('vuelva pronto'));
      await textBox.fill('¡Gracias, vuelva pronto!');
      // A receipt longer than the window: the preview scrolls inside itself to the footer just written, marked where it prints.
      const preview = ((await (await footerPreview).json()) as { value: Preview }).value;
      await expect(page.getByTestId('preview-selected-band')).toBeInViewport({ ratio: 0.9 });
      await expectBandOverRows(page, preview, 7, 'footer');
      // Saved as a template, named in the dialog.
      await clicks.click(page.getByRole('button', { name: text.save, exact: true }));
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Café Olé');
      await clicks.click(dialog.getByRole('button', { name: text.save, exact: true }));
      await expect(page.getByTestId('designer-notice')).toHaveText(fill(text.templateSaved, { name: 'Café Olé' }));

      expect(clicks.count, 'clicks for the whole receipt').toBeLessThanOrEqual(20);
      test.info().annotations.push({ type: 'clicks', description: String(clicks.count) });
      await shoot(page, `designer-issue32-receipt-${language}-1366x768`);

      // Reloaded, the template is back whole: logo, name, address, table, total, QR, footer.
      await page.reload();
      await expect(page.getByTestId('template-name')).toHaveText('Café Olé');
      await expect(page.getByTestId('block-1-thumb')).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(9);
      await expect(list).toContainText('Café Olé');
      await expect(list).toContainText('Calle Mayor 12');
      await expect(list).toContainText('TOTAL 7,40 €');
      await expect(list).toContainText('https://cafeole.example/ticket/1');
      await expect(list).toContainText('¡Gracias, vuelva pronto!');
      const [saved] = await app.host.handlers.listTemplates();
      const commands = (saved!.document as { commands: { type: string; data?: Record<string, unknown> }[] }).commands;
      expect(commands.map((command) => command.type)).toEqual(['image', 'text', 'text', 'line', 'table', 'text', 'qr', 'text', 'cut']);
      expect(String(commands[0]?.data?.['image'])).toMatch(/^data:image\/png;base64,./);
      expect(commands[2]?.data).toMatchObject({ text: 'Calle Mayor 12, 28013 Madrid\nNIF B12345678', align: 'center' });
      expect(commands[4]?.data?.['rows']).toEqual([
        ['Café con leche', '1,60 €'],
        ['Tostada con tomate', '2,80 €'],
        ['Zumo de naranja', '3,00 €'],
      ]);
      expect(commands[6]?.data).toMatchObject({ data: 'https://cafeole.example/ticket/1' });
      await expect(page.getByTestId('preview-image')).toBeVisible();
      expect(await seriousViolations(page, 'main')).toEqual([]);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
