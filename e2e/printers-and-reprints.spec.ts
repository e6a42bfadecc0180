import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/contract/settings';
import { DEFAULT_JOB_LIMITS } from '../src/shared/document/job-limits';
import { MARK_TEXTS } from '../src/shared/escpos/mark-texts';
import { previewBounds, renderEscPos } from '../src/shared/escpos/render-escpos';
import { rasterToPng } from '../src/main/services/encoding/raster-png';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';

/** Issue 24, round 3: printers by names an owner understands, one list of models, labels and reprints in words. */
const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-printers-and-reprints';
const LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];
const fill = (text: string, values: Record<string, string | number>): string => text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

async function printed(app: RunningApp, document: unknown): Promise<string> {
  const { id } = await app.host.handlers.submitJob({ document });
  await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
  return id;
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A receipt that names no roll: the model of the printer decides it (80 mm on a TM-T20III, 58 mm on a POS-5890). */
const receipt = { version: '1.0', commands: [{ type: 'text', data: { text: 'Café con leche' } }, { type: 'text', data: { text: 'Tostada 2,50' } }, { type: 'cut' }] };

for (const language of LANGUAGES) {
  const text = LOCALES[language];

  test(`a reprint on a printer whose model changed says what changes and lets the owner go on or cancel (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const app = await startApp({ settings: { language, defaultPrinter: 'virtual', printerProfiles: [{ printer: 'virtual', model: 'epson-tm-t20iii' }] } });
    try {
      const id = await printed(app, receipt);
      // The print keeps the model it was laid out for.
      expect((await app.host.handlers.getJob({ id }))?.printedModel).toBe('epson-tm-t20iii');
      // Printed once more on the same model: nothing to ask.
      const same = await printed(app, receipt);

      // The owner sets the printer to a 58 mm model since.
      await app.host.handlers.updateSettings({ settings: { printerProfiles: [{ printer: 'virtual', model: 'pos-5890' }] } });
      await app.host.settled();
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.jobs }).click();
      const row = page.getByTestId(`job-${id}`);
      await row.getByRole('button', { name: text.reprint, exact: true }).click();
      const dialog = page.getByTestId('reprint-changed-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading')).toHaveText(text.reprintChangedTitle);
      await expect(page.getByTestId('reprint-changed-text')).toHaveText(
        fill(text.reprintChangedBody, { before: fill(text.layoutWords, { mm: 80, columns: 48 }), now: fill(text.layoutWords, { mm: 58, columns: 32 }) }),
      );
      if (language === 'es') {
        await expect(page.getByTestId('reprint-changed-text')).toHaveText('Se imprimió en 80 mm · 48 columnas; ahora la impresora es de 58 mm · 32 columnas: las columnas se reordenarán.');
      }
      // Once it has faded in, for the picture.
      await expect.poll(() => dialog.evaluate((surface) => getComputedStyle(surface).opacity)).toBe('1');
      await shoot(page, `reprint-changed-${language}-1024`);
      expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
      expect(await foreignTextsShown(page, language)).toEqual([]);

      // Cancel: nothing is printed again.
      await dialog.getByRole('button', { name: text.reprintChangedCancel }).click();
      await expect(dialog).toBeHidden();
      expect(app.host.running().service.job(id)?.reprints).toBe(0);

      // Go on: it prints again, on the printer as it is now.
      await row.getByRole('button', { name: text.reprint, exact: true }).click();
      await dialog.getByRole('button', { name: text.reprintAnyway }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => app.host.running().service.job(id)?.reprints).toBe(1);
      await expect.poll(() => app.host.running().service.job(id)?.state, { timeout: 20_000 }).toBe('success');
      expect((await app.host.handlers.getJob({ id }))?.printedModel).toBe('pos-5890');

      // The same job again: it printed on the printer as it is now, so the detail's reprint asks nothing.
      await row.getByRole('button', { name: text.details }).click();
      const detail = page.getByRole('dialog', { name: new RegExp(text.jobDetailTitle.replace('{{id}}', '').trim()) });
      await detail.getByRole('button', { name: text.reprint, exact: true }).click();
      await expect(page.getByTestId('jobs-notice').filter({ hasText: text.reprintQueued }).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => app.host.running().service.job(id)?.reprints).toBe(2);
      // The history says what each print was laid out for: the first on 80 mm, the reprint on 58 mm.
      await expect(detail.getByTestId('job-print-1').getByTestId('job-print-layout')).toHaveText(fill(text.layoutWords, { mm: 80, columns: 48 }));
      await expect(detail.getByTestId('job-print-2').getByTestId('job-print-layout')).toHaveText(fill(text.layoutWords, { mm: 58, columns: 32 }));
      await shoot(page, `reprint-history-${language}-1024`);
      await detail.getByRole('button', { name: text.close }).click();
      expect(app.host.running().service.job(same)?.reprints).toBe(0);
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`preview images and the virtual printer's pictures label beeps and the drawer in the window's language (${language})`, async ({ page, built }) => {
    expect(built).toBe(true);
    const app = await startApp({ settings: { language } });
    try {
      const document = {
        version: '1.0',
        commands: [{ type: 'text', data: { text: 'Café' } }, { type: 'beep', data: { times: 2, duration: 3 } }, { type: 'drawer', data: { pin: 2 } }],
      };
      const id = await printed(app, document);
      const folder = (await app.host.handlers.getStatus()).overview?.virtualPrinterDir ?? '';
      const png = path.join(folder, `${id}.png`);
      await expect.poll(() => fs.existsSync(png)).toBe(true);
      const bytes = new Uint8Array(fs.readFileSync(path.join(folder, `${id}.bin`)));
      const drawn = (marks: (typeof MARK_TEXTS)[Language]) => Buffer.from(rasterToPng(renderEscPos(bytes, { width: 576, ...previewBounds(DEFAULT_JOB_LIMITS), marks })));
      // The picture the owner opens is labelled in the window's language, not in English whatever the language.
      expect(Buffer.from(fs.readFileSync(png)).equals(drawn(MARK_TEXTS[language]))).toBe(true);
      if (language === 'es') expect(Buffer.from(fs.readFileSync(png)).equals(drawn(MARK_TEXTS.en))).toBe(false);

      // The job's preview in the window draws the same words.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(app.url);
      await page.getByRole('tab', { name: text.jobs }).click();
      await page.getByTestId(`job-${id}`).getByRole('button', { name: text.details }).click();
      const image = page.getByRole('dialog').getByTestId('preview-image');
      await expect(image).toBeVisible({ timeout: 20_000 });
      const shown = Buffer.from(((await image.getAttribute('src')) ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
      const preview = await app.host.handlers.renderPreview({ document });
      const previewBytes = new Uint8Array(Buffer.from(preview.bytesBase64, 'base64'));
      const expected = (marks: (typeof MARK_TEXTS)[Language]) => Buffer.from(rasterToPng(renderEscPos(previewBytes, { width: 576, ...previewBounds(DEFAULT_JOB_LIMITS), marks })));
      expect(shown.equals(expected(MARK_TEXTS[language]))).toBe(true);
      if (language === 'es') expect(shown.equals(expected(MARK_TEXTS.en))).toBe(false);
      expect(preview.image?.marks.map((mark) => mark.detail)).toEqual(
        language === 'es' ? ['PITIDO x2 (3)', 'CAJON pulso pin 2'] : ['BEEP x2 (3)', 'DRAWER pulse pin 2'],
      );
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`network printers are named in words with their address, never cut, on the Printers page and in the Jobs filter (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const printers = ['tcp://127.0.0.10:9100', 'tcp://127.0.0.11:9100'];
    const app = await startApp({ settings: { language, printerProfiles: printers.map((printer) => ({ printer, model: 'generic' })) } });
    try {
      // A job asked for each (the journal lists every printer named), finished as not reachable.
      const journal = app.host.running().service.journal;
      for (const [at, printer] of printers.entries()) {
        const datos = { version: '1.0', printer, commands: [{ type: 'text', data: { text: `Mesa ${at}` } }] };
        journal.insertMany([{ id: `red-${at}`, datos, requestedPrinter: printer, datosJson: JSON.stringify(datos) }]);
        journal.markFinished(`red-${at}`, 'error', 'PRINTER: connection timed out', Date.now(), 'failed', printer);
      }
      // Nobody answers at those addresses: once the service has found both silent, their "not responding" alerts are
      // behind it (toasted when they happen, before this window opens: their language is not what is checked here).
      await expect
        .poll(async () => (await app.host.handlers.getStatus()).printerStatuses.filter((status) => status.link === 'silent').length, { timeout: 30_000 })
        .toBe(2);
      for (const [width, height] of [
        [1024, 768],
        [800, 600],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(app.url);
        await page.getByRole('tab', { name: text.printers }).click();
        for (const printer of printers) {
          const row = page.getByTestId(`printer-${printer}`);
          const label = row.getByTestId('printer-label');
          const host = printer.slice('tcp://'.length, -':9100'.length);
          await expect(label).toContainText(fill(text.networkPrinterName, { host }));
          await expect(label).toContainText(`${host}:9100`);
          await expect(label).toHaveAttribute('title', new RegExp(printer));
          // Nothing of it is cut: every line of the name and the address fits its cell.
          const cut = await label.evaluate((element) => [element, ...element.children].some((part) => part.scrollWidth > part.clientWidth + 1));
          expect(cut).toBe(false);
          const box = await label.boundingBox();
          expect(box !== null && box.x + box.width <= width).toBe(true);
        }
        await shoot(page, `printers-${language}-${width}`);
        expect(await foreignTextsShown(page, language)).toEqual([]);

        await page.getByRole('tab', { name: text.jobs }).click();
        const filter = page.getByRole('search').getByLabel(text.printerFilter, { exact: true });
        await expect(filter.locator('option')).toHaveText([text.allPrinters, fill(text.networkPrinterName, { host: '127.0.0.10' }), fill(text.networkPrinterName, { host: '127.0.0.11' })]);
        await filter.selectOption({ label: fill(text.networkPrinterName, { host: '127.0.0.11' }) });
        await expect(page.getByTestId('job-red-1')).toBeVisible();
        await expect(page.getByTestId('job-red-0')).toHaveCount(0);
        await shoot(page, `jobs-${language}-${width}`);
        expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
    }
  });

  test(`one list of printer models, each with its roll and columns, in Añadir impresora and the designer (${language})`, async ({ page, app }) => {
    await app.host.handlers.updateSettings({ settings: { language } });
    await app.host.settled();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await page.getByRole('tab', { name: text.printers }).click();
    await page.getByRole('button', { name: text.addPrinter }).click();
    const dialog = page.getByRole('dialog', { name: text.addPrinter });
    const added = (await dialog.getByTestId('add-printer-model').locator('option').allTextContents()).slice(1);
    expect(added).toContain(fill(text.modelChoice, { name: 'Epson TM-T88VI', mm: 80, columns: 42 }));
    expect(added).toContain(fill(text.modelChoice, { name: 'Generic POS-5890', mm: 58, columns: 32 }));
    expect(added).toContain(fill(text.modelChoiceBothRolls, { name: 'Star (Star Line Mode)' }));
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: text.addPrinterCancel }).click();

    await page.getByRole('tab', { name: text.designer }).click();
    const picker = page.getByLabel(text.printerModelField);
    await expect(picker).toBeVisible({ timeout: 20_000 });
    const designed = (await picker.locator('option').allTextContents()).slice(1);
    // The same models in the same words and order.
    expect(designed).toEqual(added);
  });
}
