import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Preview } from '../src/shared/contract/types';
import { difference, dotsOf, drawnDirectly, inkBox } from '../test/encoding/script-raster-helpers';
import { seriousViolations } from './support/accessibility';
import { expect, test } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-script-raster';
const CHINESE = '你好，欢迎光临';
const ARABIC = 'شكرا لزيارتكم';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

async function addTextBlock(page: Page, text: string, align?: 'Centro' | 'Derecha'): Promise<void> {
  await page.getByRole('button', { name: /^Añadir bloque/ }).click();
  await page.getByRole('menuitem', { name: 'Texto', exact: true }).click();
  await page.getByLabel('Texto', { exact: true }).fill(text);
  if (align) await page.getByRole('radio', { name: align }).check();
}

test('a ticket with a Chinese and an Arabic line shows and prints their glyphs', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  const blocks = page.getByRole('list', { name: 'Bloques del ticket' });
  while ((await blocks.getByRole('listitem').count()) > 0) await page.getByRole('button', { name: 'Borrar el bloque 1' }).click();

  await addTextBlock(page, 'Café Central', 'Centro');
  await addTextBlock(page, CHINESE, 'Centro');
  const previewed = page.waitForResponse(async (response) => response.url().endsWith('/api/renderPreview') && (response.request().postData() ?? '').includes(ARABIC));
  await addTextBlock(page, ARABIC, 'Derecha');
  const { value: preview } = (await (await previewed).json()) as { value: Preview };

  // The preview is drawn from the bytes the printer gets: the lines are there as the real glyphs, not `?`.
  expect(preview.error).toBeNull();
  const image = preview.image;
  if (!image) throw new Error('no preview picture');
  const picture = dotsOf(Buffer.from(image.base64, 'base64'));
  const rowsOf = (index: number): { top: number; bottom: number } => {
    const band = image.blocks.find((block) => block.index === index);
    if (!band) throw new Error(`no rows for block ${index}`);
    return band;
  };
  const chinese = rowsOf(1);
  const arabic = rowsOf(2);
  expect(difference(inkBox(picture, chinese.top, chinese.bottom), drawnDirectly(CHINESE))).toBeLessThan(0.08);
  expect(difference(inkBox(picture, arabic.top, arabic.bottom), drawnDirectly(ARABIC, 'rtl'))).toBeLessThan(0.08);
  await expect(page.getByTestId('preview-error')).toHaveCount(0);
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await shoot(page, 'print-any-script-1280x800.png');

  // Printed on the virtual printer: its picture of the job shows the same lines.
  await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
  const notice = page.getByTestId('designer-notice');
  await expect(notice).toHaveText('Ticket enviado a imprimir');
  const id = (await notice.getAttribute('data-job-id')) ?? '';
  await expect.poll(() => app.host.running().service.job(id)?.state).toBe('success');
  const printedPng = path.join(app.host.config().dataDir, 'virtual-printer', `${id}.png`);
  await expect.poll(() => fs.existsSync(printedPng)).toBe(true);
  const printed = dotsOf(fs.readFileSync(printedPng));
  fs.copyFileSync(printedPng, path.join(SHOTS, 'print-any-script-virtual-printer.png'));
  expect(difference(inkBox(printed, chinese.top, chinese.bottom), drawnDirectly(CHINESE))).toBeLessThan(0.08);
  expect(difference(inkBox(printed, arabic.top, arabic.bottom), drawnDirectly(ARABIC, 'rtl'))).toBeLessThan(0.08);

  await page.setViewportSize({ width: 1024, height: 768 });
  await shoot(page, 'print-any-script-1024x768.png');
  await expectNoHorizontalScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
