import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { PNG } from 'pngjs';
import type { Preview } from '../src/shared/contract/types';
import { expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { expectNoHorizontalScroll } from './support/layout';

/** Kept with the run's artifacts, and where the people reviewing the window look at them. */
const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-designer';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

const blocks = (page: Page) => page.getByRole('list', { name: 'Bloques del ticket' });

async function openDesigner(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible();
}

/** Adds a block of that type after the selected one (at the end when none is), which then opens in its form. */
async function addBlock(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Añadir bloque/ }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: new RegExp(`· ${name}$`) })).toBeVisible();
}

/** The document the window sent to be previewed, and the preview it got back. */
async function nextPreview(page: Page, match: (document: string) => boolean = () => true): Promise<{ document: string; preview: Preview }> {
  const response = await page.waitForResponse((candidate) => {
    const request: Request = candidate.request();
    return request.url().endsWith('/api/renderPreview') && match(request.postData() ?? '');
  });
  const body = (await response.json()) as { value: Preview };
  return { document: response.request().postData() ?? '', preview: body.value };
}

/** Clicks the preview picture in the middle of the rows block `index` printed. */
async function clickBand(page: Page, preview: Preview, index: number): Promise<void> {
  const image = preview.image;
  const band = image?.blocks.find((block) => block.index === index);
  if (!image || !band) throw new Error(`no band for block ${index}`);
  const print = page.getByTestId('preview-print');
  const box = await print.boundingBox();
  if (!box) throw new Error('preview not shown');
  await print.click({ position: { x: box.width / 2, y: (((band.top + band.bottom) / 2) / image.height) * box.height } });
}

const menu = async (page: Page, item: string | RegExp): Promise<void> => {
  await page.getByRole('button', { name: 'Más acciones' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

test.describe('the visual receipt designer', () => {
  test('designs a café receipt with blocks only, with a placeholder, and prints a sample', async ({ page, app }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesigner(page, app.url);
    // Start from an empty receipt: delete the sample's blocks one by one.
    while ((await blocks(page).getByRole('listitem').count()) > 0) await page.getByRole('button', { name: 'Borrar el bloque 1' }).click();
    await expect(page.getByText('El ticket está vacío')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();

    await page.getByRole('radio', { name: '58 mm' }).check();

    await addBlock(page, 'Texto');
    await page.getByLabel('Texto', { exact: true }).fill('Café Central');
    await page.getByRole('radio', { name: 'Centro' }).check();
    await page.getByRole('checkbox', { name: 'Negrita' }).check();
    await page.getByLabel('Tamaño').selectOption('2x2');

    await addBlock(page, 'Texto');
    await page.getByLabel('Texto', { exact: true }).fill('Calle Mayor 5, Madrid');
    await page.getByRole('radio', { name: 'Centro' }).check();

    await addBlock(page, 'Tabla');
    await page.getByLabel('Título de la columna 1').fill('Producto');
    await page.getByLabel('Título de la columna 2').fill('Importe');
    for (let row = 0; row < 3; row++) await page.getByRole('button', { name: 'Añadir fila' }).click();
    const items: [string, string][] = [['Café con leche', '1,50 €'], ['Tostada', '2,20 €'], ['Zumo de naranja', '2,80 €'], ['Croissant', '1,30 €']];
    for (const [index, [product, amount]] of items.entries()) {
      await page.getByLabel(`Fila ${index + 1}, Producto`).fill(product);
      await page.getByLabel(`Fila ${index + 1}, Importe`).fill(amount);
    }

    await addBlock(page, 'Texto');
    await page.getByLabel('Texto', { exact: true }).fill('TOTAL {{total}}');
    await page.getByRole('radio', { name: 'Derecha' }).check();
    await page.getByRole('checkbox', { name: 'Negrita' }).check();
    // The placeholder gets a field of its own with a plausible first value, which the owner changes.
    const total = page.getByLabel('{{total}}');
    await expect(total).toHaveValue('12,50 €');
    await expect(page.getByText('el TPV rellena cada hueco al enviar el ticket')).toBeVisible();
    const filled = nextPreview(page, (document) => document.includes('TOTAL 7,80 €'));
    await total.fill('7,80 €');
    await filled;

    await addBlock(page, 'Código QR');
    await page.getByLabel('Contenido del QR').fill('https://cafe-central.example/ticket/81');
    await addBlock(page, 'Código de barras');
    await page.getByLabel('Contenido del código').fill('TCK0081');
    const last = nextPreview(page, (document) => document.includes('"cut"'));
    await addBlock(page, 'Corte de papel');
    const { preview } = await last;

    await expect(blocks(page).getByRole('listitem')).toHaveCount(7);
    await expect(blocks(page)).toContainText('Café Central');
    await expect(blocks(page)).toContainText('2 × 4');
    await expect(blocks(page)).toContainText('TOTAL {{total}}');
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    const image = page.getByTestId('preview-image');
    await expect(image).toBeVisible();
    // 58 mm paper: 384 dots across; one band of rows per block, in order.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(384);
    expect(preview.image?.blocks.map((block) => block.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The mark says what it is in the window's language, and leads to its block.
    await expect(page.locator('.marks')).toHaveText('Corte (bloque 7)');
    await page.locator('.marks').getByRole('button', { name: 'Corte (bloque 7)' }).click();
    await expect(page.getByRole('region', { name: 'Bloque 7 · Corte de papel' })).toBeVisible();

    // A click on the table's rows in the picture opens the table's form; its rows are highlighted.
    await clickBand(page, preview, 2);
    await expect(page.getByRole('region', { name: 'Bloque 3 · Tabla' })).toBeVisible();
    await expect(page.getByTestId('block-3').getByRole('button', { name: /^3 Tabla/ })).toHaveAttribute('aria-pressed', 'true');
    const band = page.getByTestId('preview-selected-band');
    const table = preview.image?.blocks[2];
    const bandTop = (): Promise<number> => band.evaluate((element: HTMLElement) => parseFloat(element.style.top));
    await expect.poll(bandTop).toBeCloseTo(((table?.top ?? 0) / (preview.image?.height ?? 1)) * 100, 2);
    // And the other way round: the QR picked in the list is the band highlighted.
    await blocks(page).getByRole('button', { name: /^5 Código QR/ }).click();
    const qr = preview.image?.blocks[4];
    await expect.poll(bandTop).toBeCloseTo(((qr?.top ?? 0) / (preview.image?.height ?? 1)) * 100, 2);
    await shoot(page, 'designer-1280x800.png');

    // Printing sends the sample: the document the service printed has the value in place of the placeholder.
    await page.getByRole('button', { name: 'Imprimir muestra' }).click();
    const notice = page.getByTestId('designer-notice');
    await expect(notice).toHaveText('Ticket enviado a imprimir');
    const id = (await notice.getAttribute('data-job-id')) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => app.host.running().service.job(id)?.state).toBe('success');
    const datos = app.host.running().service.job(id)?.datos as { profile: { paper_width: number }; commands: { type: string; data?: Record<string, unknown> }[] };
    expect(datos.profile.paper_width).toBe(58);
    expect(datos.commands.map((command) => command.type)).toEqual(['text', 'text', 'table', 'text', 'qr', 'barcode', 'cut']);
    expect(datos.commands[0]?.data).toMatchObject({ text: 'Café Central', align: 'center', bold: true, size: { width: 2, height: 2 } });
    expect(datos.commands[2]?.data?.['rows']).toHaveLength(4);
    expect(datos.commands[3]?.data).toMatchObject({ text: 'TOTAL 7,80 €', align: 'right', bold: true });

    // The template keeps the placeholder, and its sample value beside it.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar el ticket como plantilla' });
    await dialog.getByLabel('Nombre de la plantilla').fill('Café Central');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('template-name')).toHaveText('Café Central');
    const [saved] = await app.host.handlers.listTemplates();
    expect(JSON.stringify(saved?.document)).toContain('TOTAL {{total}}');
    expect(saved?.samples).toEqual([{ name: 'total', value: '7,80 €' }]);

    await page.setViewportSize({ width: 1024, height: 768 });
    await blocks(page).getByRole('button', { name: /^3 Tabla/ }).click();
    await shoot(page, 'designer-1024x768.png');
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('shows 58 and 80 mm paper at the same scale (one printed dot, one pixel), or fitted to the pane', async ({ page, app }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesigner(page, app.url);
    const paper = page.getByTestId('preview-paper');
    const widthOf = async (): Promise<number> => (await paper.boundingBox())?.width ?? 0;
    const imageWidth = async (): Promise<number> => (await page.getByTestId('preview-image').boundingBox())?.width ?? 0;
    // The roll at 8 pixels a millimetre: 80 mm is 640 px, and its 576 printed dots are 576 px.
    await expect.poll(widthOf).toBeCloseTo(640, 0);
    expect(await imageWidth()).toBeCloseTo(576, 0);
    await page.getByRole('radio', { name: '58 mm' }).check();
    await expect.poll(widthOf).toBeCloseTo(464, 0);
    await expect.poll(imageWidth).toBeCloseTo(384, 0);
    await shoot(page, 'designer-58mm-1280x800.png');

    await page.getByRole('button', { name: 'Ajustar al panel' }).click();
    await expect.poll(widthOf).toBeGreaterThan(464);
    await page.getByRole('button', { name: 'Tamaño real (1:1)' }).click();
    await expect.poll(widthOf).toBeCloseTo(464, 0);

    // The smallest window the app supports: still no sideways scrolling.
    await page.setViewportSize({ width: 800, height: 600 });
    await shoot(page, 'designer-800x600.png');
    await expectNoHorizontalScroll(page);
  });

  test('warns on the block when a column title will wrap or a picture is wider than the paper', async ({ page, app }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesigner(page, app.url);
    await page.getByRole('radio', { name: '58 mm' }).check();
    const table = page.getByTestId('block-3');
    await table.getByRole('button', { name: /^3 Tabla/ }).click();
    // 30:18 of 32 characters on 58 mm paper: 19 and 12 characters.
    await page.getByLabel('Título de la columna 2').fill('Importe con IVA');
    await expect(page.getByTestId('block-3-warnings')).toHaveText('El título «Importe con IVA» de la columna 2 tiene 15 letras y la columna solo 12: ocupará dos líneas.');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    await page.getByLabel('Título de la columna 2').fill('Importe');
    await expect(page.getByTestId('block-3-warnings')).toHaveCount(0);

    const wide = new PNG({ width: 800, height: 40 });
    wide.data.fill(255);
    await addBlock(page, 'Imagen');
    await page.locator('input[type=file][accept^="image"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(wide) });
    await expect(page.getByTestId('block-4-warnings')).toHaveText(
      'La imagen es más ancha que el papel de 58 mm: se reducirá para que quepa (no se recorta).',
    );
    await shoot(page, 'designer-warnings-1280x800.png');
    await page.getByRole('radio', { name: '80 mm' }).check();
    await expect(page.getByTestId('block-4-warnings')).toContainText('el papel de 80 mm:');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('templates: save, save as, rename, duplicate, delete, export and import, never losing changes', async ({ page, app }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDesigner(page, app.url);
    const title = page.getByTestId('template-name');
    const unsaved = page.getByTestId('unsaved-badge');
    const names = async (): Promise<string[]> => (await app.host.handlers.listTemplates()).map((template) => template.name);
    await expect(title).toHaveText('Ticket nuevo');
    await expect(unsaved).toHaveCount(0);

    // Save: a first save asks for the name.
    await blocks(page).getByRole('button', { name: /Cafetería Ñandú/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe');
    await expect(unsaved).toHaveText('Cambios sin guardar');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre de la plantilla').fill('../x');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toContainText('Use letras, números, espacios');
    await dialog.getByLabel('Nombre de la plantilla').fill('Barra');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(title).toHaveText('Barra');
    await expect(unsaved).toHaveCount(0);

    // Save as: a copy under a new name, which is then the one being edited.
    await page.getByRole('button', { name: 'Guardar como…' }).click();
    dialog = page.getByRole('dialog', { name: 'Guardar una copia con otro nombre' });
    await expect(dialog.getByLabel('Nombre de la plantilla')).toHaveValue('Barra (2)');
    await dialog.getByLabel('Nombre de la plantilla').fill('Terraza');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(title).toHaveText('Terraza');
    await expect.poll(names).toEqual(['Barra', 'Terraza']);

    // Rename: never over another template.
    await menu(page, 'Renombrar…');
    dialog = page.getByRole('dialog', { name: 'Renombrar «Terraza»' });
    await dialog.getByLabel('Nombre de la plantilla').fill('Barra');
    await expect(dialog).toContainText('Ya hay una plantilla con ese nombre');
    expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
    await shoot(page, 'designer-rename-1280x800.png');
    await dialog.getByLabel('Nombre de la plantilla').fill('Terraza verano');
    await dialog.getByRole('button', { name: 'Renombrar' }).click();
    await expect(title).toHaveText('Terraza verano');
    await expect.poll(names).toEqual(['Barra', 'Terraza verano']);

    // Duplicate opens the copy; then delete the one being edited (asked first): the receipt stays in the editor, now unsaved.
    await menu(page, 'Duplicar');
    await expect(page.getByTestId('designer-notice')).toHaveText('Copia guardada como «Terraza verano (2)»');
    await expect(title).toHaveText('Terraza verano (2)');
    await expect.poll(names).toEqual(['Barra', 'Terraza verano', 'Terraza verano (2)']);
    await menu(page, 'Borrar…');
    dialog = page.getByRole('alertdialog', { name: '¿Borrar la plantilla «Terraza verano (2)»?' });
    expect(await seriousViolations(page, '[role=alertdialog]')).toEqual([]);
    await shoot(page, 'designer-delete-1280x800.png');
    await dialog.getByRole('button', { name: 'Borrar' }).click();
    await expect.poll(names).toEqual(['Barra', 'Terraza verano']);
    await expect(title).toHaveText('Ticket nuevo');
    await expect(unsaved).toBeVisible();

    // Opening another template with unsaved changes asks: Keep editing keeps them, Discard changes drops them.
    const open = async (name: string) => {
      await page.getByRole('button', { name: 'Abrir' }).click();
      await page.getByRole('menuitem', { name }).click();
    };
    await open('Barra');
    dialog = page.getByRole('alertdialog', { name: '¿Guardar los cambios?' });
    await expect(dialog).toContainText('Este ticket no está guardado');
    expect(await seriousViolations(page, '[role=alertdialog]')).toEqual([]);
    await shoot(page, 'designer-unsaved-1280x800.png');
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(title).toHaveText('Ticket nuevo');
    await open('Barra');
    await dialog.getByRole('button', { name: 'Descartar cambios' }).click();
    await expect(title).toHaveText('Barra');
    await expect(blocks(page)).toContainText('Bar Pepe');

    // Save in that question saves first, then goes on.
    await blocks(page).getByRole('button', { name: /Bar Pepe/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe y Lola');
    await open('Terraza verano');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(title).toHaveText('Terraza verano');
    const barra = (await app.host.handlers.listTemplates()).find((template) => template.name === 'Barra');
    expect(JSON.stringify(barra?.document)).toContain('Bar Pepe y Lola');

    // Export downloads the template as a .json file; importing it back brings the receipt, to be saved by name.
    await open('Barra');
    const download = page.waitForEvent('download');
    await menu(page, 'Exportar a un archivo');
    const file = await download;
    expect(file.suggestedFilename()).toBe('Barra.json');
    const exported = JSON.parse(fs.readFileSync((await file.path()) ?? '', 'utf8')) as { name: string; document: unknown };
    expect(exported.name).toBe('Barra');
    expect(JSON.stringify(exported.document)).toContain('Bar Pepe y Lola');
    const importInput = page.getByTestId('import-file');
    await importInput.setInputFiles({ name: 'notas.json', mimeType: 'application/json', buffer: Buffer.from('{"nota": "no es un ticket"}') });
    await expect(page.getByTestId('import-problem')).toHaveText(/El archivo no es un ticket de Ticketera: le falta la lista de bloques/);
    await importInput.setInputFiles({ name: 'barra.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...exported, name: 'Barra importada' })) });
    await expect(page.getByTestId('import-problem')).toHaveCount(0);
    await expect(title).toHaveText('Ticket nuevo');
    await expect(unsaved).toBeVisible();
    await expect(blocks(page)).toContainText('Bar Pepe y Lola');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Nombre de la plantilla')).toHaveValue('Barra importada');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(title).toHaveText('Barra importada');

    // Leaving the page with unsaved changes asks too.
    await blocks(page).getByRole('button', { name: /Bar Pepe y Lola/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Lola');
    await page.getByRole('tab', { name: 'Impresoras' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page.getByRole('region', { name: /· Texto$/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Impresoras' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar cambios' }).click();
    await expect(page.getByRole('tab', { name: 'Impresoras' })).toHaveAttribute('aria-selected', 'true');

    // Saved templates outlive the page: reload and open one again.
    await page.reload();
    await page.getByRole('tab', { name: 'Diseño' }).click();
    await open('Barra importada');
    await expect(title).toHaveText('Barra importada');
    await expect(blocks(page)).toContainText('Bar Pepe y Lola');
    await expect(unsaved).toHaveCount(0);
  });

  test('asks the browser to confirm closing or reloading with unsaved changes', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await blocks(page).getByRole('button', { name: /Cafetería Ñandú/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe');
    const asked = page.waitForEvent('dialog');
    void page.reload();
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(page.getByLabel('Texto', { exact: true })).toHaveValue('Bar Pepe');
  });

  test('reorders blocks by keyboard and with the move buttons, deletes with undo', async ({ page, app }) => {
    await openDesigner(page, app.url);
    const first = blocks(page).getByRole('listitem').first();
    await expect(first).toContainText('Cafetería Ñandú');
    // dnd-kit's keyboard sensor: space picks the block up, arrows move it, space drops it.
    const handle = page.getByRole('button', { name: /^Arrastrar el bloque 1 / });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect(blocks(page).getByRole('listitem').nth(1)).toContainText('Cafetería Ñandú');
    await expect(first).toContainText('Línea separadora');

    await page.getByRole('button', { name: 'Subir el bloque 2' }).click();
    await expect(first).toContainText('Cafetería Ñandú');

    await page.getByRole('button', { name: 'Borrar el bloque 1' }).click();
    await expect(first).not.toContainText('Cafetería Ñandú');
    await page.getByRole('button', { name: 'Deshacer' }).first().click();
    await expect(first).toContainText('Cafetería Ñandú');

    await page.getByRole('button', { name: 'Duplicar el bloque 1' }).click();
    await expect(blocks(page).getByRole('listitem').nth(1)).toContainText('Cafetería Ñandú');
  });

  test('an invalid block shows its error on the block and printing is disabled', async ({ page, app }) => {
    await openDesigner(page, app.url);
    const qr = page.getByTestId('block-5');
    await qr.getByRole('button', { name: /^5 Código QR/ }).click();
    await page.getByLabel('Contenido del QR').fill('');
    await expect(qr.getByRole('alert')).toContainText('Bloque 5: Escriba el contenido del QR');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    await expect(page.getByText('Revise el bloque 5 para imprimir')).toBeVisible();
    await expect(qr).not.toContainText('commands[');
    await expect(page.getByTestId('preview-error')).toContainText('revise el bloque 5');

    // A barcode that cannot hold its data is flagged while typing.
    await page.getByRole('button', { name: /^Añadir bloque/ }).click();
    await page.getByRole('menuitem', { name: 'Código de barras' }).click();
    await page.getByLabel('Tipo de código').selectOption('EAN13');
    await page.getByLabel('Contenido del código').fill('12AB');
    await expect(page.getByTestId('block-6').getByRole('alert')).toContainText('EAN13 lleva de 12 a 13 dígitos');

    await page.getByLabel('Contenido del código').fill('400638133393');
    await expect(page.getByTestId('block-6').getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: /^5 Código QR/ }).click();
    await page.getByLabel('Contenido del QR').fill('https://example.com');
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    await page.getByRole('button', { name: /^6 Código de barras/ }).click();

    // Only the service can tell a code is too wide for the paper: its verdict lands on the block, in the user's words.
    await page.getByLabel('Tipo de código').selectOption('CODE128');
    await page.getByLabel('Contenido del código').fill('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(3));
    const barcode = page.getByTestId('block-6');
    await expect(barcode.getByRole('alert')).toContainText('Bloque 6: El código de barras no es válido');
    await expect(barcode).toContainText('dots wide');
    await expect(barcode).not.toContainText('commands[');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'designer-invalid-1280x800.png');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Contenido del código').fill('TCK0081');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
  });

  test('uploads a picture, picks threshold conversion and previews it', async ({ page, app }) => {
    await openDesigner(page, app.url);
    const png = new PNG({ width: 64, height: 32 });
    for (let at = 0; at < 64 * 32; at++) {
      const grey = (at % 64) * 4;
      png.data.set([grey, grey, grey, 255], at * 4);
    }
    await addBlock(page, 'Imagen');
    await expect(page.getByTestId('block-8').getByRole('alert')).toContainText('Bloque 8: Elija una imagen PNG o JPEG');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    await page.locator('input[type=file][accept^="image"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByRole('img', { name: 'Imagen original' })).toBeVisible();
    await page.getByLabel('Cómo se imprime').selectOption('threshold');
    await page.getByRole('slider', { name: 'Oscuridad' }).fill('90');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    await page.getByRole('tab', { name: 'JSON (avanzado)' }).click();
    const json = page.getByLabel('Documento (JSON)');
    await expect(json).toHaveValue(/"image": "data:image\/png;base64,/);
    await expect(json).toHaveValue(/"dither": "threshold"/);
    await expect(json).toHaveValue(/"threshold": 90/);
  });

  test('the advanced JSON view follows the blocks, and the blocks follow it', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await blocks(page).getByRole('button', { name: /Cafetería Ñandú/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe');
    await page.getByRole('tab', { name: 'JSON (avanzado)' }).click();
    const json = page.getByLabel('Documento (JSON)');
    await expect(json).toHaveValue(/"text": "Bar Pepe"/);
    await json.fill(((await json.inputValue()) ?? '').replace('Bar Pepe', 'Bar Manolo'));
    await expect(blocks(page)).toContainText('Bar Manolo');
    await json.fill('{"version": "1.0", "commands": [');
    await expect(page.getByText(/JSON no válido/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    // Typing in the JSON is one step to undo: back to the blocks as they were before it.
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(blocks(page)).toContainText('Bar Pepe');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
