import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/** Issue 32, "layout", as a café owner sees it at 1366×768, 1024×768 and 800×600, in Spanish and English. */
const SHOTS = '/tmp/shots-issue32';
const SIZES = WINDOW_SIZES;
const LANGUAGES = WINDOW_LANGUAGES;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** What is drawn on top at the middle of `locator` once it is scrolled into view is the control itself (or its label). */
async function reachable(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    const label = element.closest('label') ?? element.parentElement?.querySelector('label') ?? null;
    return top !== null && (element.contains(top) || top.contains(element) || (label !== null && label.contains(top)));
  });
}

/** Where the words of `locator` are drawn (a Range: the element may be wider than its text, or clip it). */
async function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rect = range.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`the Add-printer dialog shows every control, its buttons apart from what scrolls (${language})`, async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.goto(`${app.url}#/printers`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByRole('button', { name: text.addPrinter }).click();
        const dialog = page.getByRole('dialog', { name: text.addPrinter });
        await expect(dialog).toBeVisible();
        const where = `${size.width}×${size.height}`;
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        await shoot(page, `add-printer-${language}-${size.width}`);
        // The buttons sit below what scrolls, never over it.
        const scroller = dialog.getByTestId('add-printer-content');
        const content = await box(scroller);
        for (const button of [dialog.getByRole('button', { name: text.addPrinterCancel }), dialog.getByTestId('add-printer-save')]) {
          const seen = await box(button);
          expect(overlaps(seen, content), `${where}: a button over the content`).toBe(false);
          expect(seen.y + seen.height, `${where}: a button below the window`).toBeLessThanOrEqual(size.height);
        }
        // Content that scrolls says so: a line under it (its edge), and a scroll bar the owner can see.
        const scrolls = await scroller.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
        if (scrolls) {
          const edge = await scroller.evaluate((element) => {
            const style = getComputedStyle(element);
            return style.borderBottomStyle === 'none' || parseFloat(style.borderBottomWidth) < 1 ? 'none' : style.borderBottomColor;
          });
          expect(edge, `${where}: content that scrolls has a visible edge above the buttons`).not.toMatch(/^none$|rgba\(0, 0, 0, 0\)/);
        }
        // Every control, the checkbox above all, can be brought into view and is not under anything.
        const checkbox = dialog.getByRole('checkbox', { name: text.addPrinterAsDefault });
        // Seen from the moment the dialog opens, without scrolling: inside the content's frame.
        const seenAtOnce = await box(checkbox);
        expect(seenAtOnce.y + seenAtOnce.height, `${where}: "${text.addPrinterAsDefault}" out of sight at first`).toBeLessThanOrEqual(content.y + content.height);
        expect(await reachable(checkbox), `${where}: "${text.addPrinterAsDefault}" hidden`).toBe(true);
        const controls = dialog.locator('input, button, select');
        for (let index = 0; index < (await controls.count()); index += 1) {
          const control = controls.nth(index);
          if (!(await control.isVisible())) continue;
          expect(await reachable(control), `${where}: control ${index} hidden`).toBe(true);
        }
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await dialog.getByRole('button', { name: text.addPrinterCancel }).click();
        await expect(dialog).toBeHidden();
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`Printers: "${text.liveConfirmsShort_yes}" stays in its column, clear of the model dropdown (${language})`, async ({ page, built }) => {
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    // A printer that reads back and confirms each ticket (an Epson), asked about itself quickly.
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
      monitorTiming: { idlePollMs: 150, answerMs: 600, settleMs: 80 },
    });
    try {
      await page.goto(`${app.url}#/printers`);
      const row = page.getByTestId(`printer-${printer.uri}`);
      const words = row.getByText(text.liveConfirmsShort_yes, { exact: true });
      await expect(words).toBeVisible({ timeout: 15_000 });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        const drawn = await textBox(words);
        const model = await box(row.getByRole('combobox'));
        expect(overlaps(drawn, model), `${where}: the words run under the model dropdown`).toBe(false);
        // All of it drawn: not cut off at the cell's edge either.
        const cut = await words.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
        expect(cut, `${where}: the words cut off`).toBe(false);
        await shoot(page, `printers-${language}-${size.width}`);
        expect(await seriousViolations(page, 'main')).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`a job's detail opens its preview fitted to the panel, the whole ticket across (${language})`, async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      const document = { version: '1.0', commands: [{ type: 'text', data: { text: 'Café con leche 1,40 €' } }, { type: 'cut' }] };
      const { id } = await app.host.handlers.submitJob({ document });
      await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
      await page.goto(`${app.url}#/jobs`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        await page.getByTestId(`job-${id}`).getByRole('button', { name: text.details }).click();
        const dialog = page.getByRole('dialog');
        const frame = dialog.getByTestId('preview-frame');
        await expect(frame).toBeVisible();
        await expect(dialog.getByRole('button', { name: text.zoomFit }), where).toHaveAttribute('aria-pressed', 'true');
        // Nothing of the roll hidden to the side: the paper is no wider than its frame.
        const across = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(across, `${where}: the ticket cropped at the side`).toBeLessThanOrEqual(1);
        const paper = await box(dialog.getByTestId('preview-paper'));
        const seen = await box(frame);
        expect(paper.x + paper.width, where).toBeLessThanOrEqual(seen.x + seen.width + 1);
        await shoot(page, `job-detail-${language}-${size.width}`);
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await dialog.getByRole('button', { name: text.close, exact: true }).click();
        await expect(dialog).toBeHidden();
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`picking a block in the designer puts the cursor in its first field (${language})`, async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      await page.goto(`${app.url}#/designer`);
      const list = page.getByRole('list', { name: text.blocks });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        for (const index of [0, 2]) {
          await list.getByRole('listitem').nth(index).locator('.designer-block-main').click();
          const first = page.locator('.designer-form').locator('input, textarea, select, button[role="combobox"]').first();
          await expect(first, `${where}: block ${index + 1}`).toBeFocused();
        }
        await shoot(page, `designer-pick-${language}-${size.width}`);
        expect(await seriousViolations(page, 'main')).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });
}
