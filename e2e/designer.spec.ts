import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
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

test.describe('the visual receipt designer', () => {
  test('designs a café receipt with blocks only and prints it', async ({ page, app }) => {
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
    await page.getByLabel('Texto', { exact: true }).fill('TOTAL 7,80 €');
    await page.getByRole('radio', { name: 'Derecha' }).check();
    await page.getByRole('checkbox', { name: 'Negrita' }).check();

    await addBlock(page, 'Código QR');
    await page.getByLabel('Contenido del QR').fill('https://cafe-central.example/ticket/81');
    await addBlock(page, 'Código de barras');
    await page.getByLabel('Contenido del código').fill('TCK0081');
    await addBlock(page, 'Corte de papel');

    await expect(blocks(page).getByRole('listitem')).toHaveCount(7);
    await expect(blocks(page)).toContainText('Café Central');
    await expect(blocks(page)).toContainText('2 × 4');
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    const image = page.getByTestId('preview-image');
    await expect(image).toBeVisible();
    // 58 mm paper: 384 dots across.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(384);
    await expect(page.locator('.marks')).toContainText('Corte');
    await shoot(page, 'designer-1280x800.png');

    // The document the service received is the one designed here, and it printed.
    await page.getByRole('button', { name: 'Imprimir' }).click();
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

    await page.setViewportSize({ width: 1024, height: 768 });
    await blocks(page).getByRole('button', { name: /^3 Tabla/ }).click();
    await shoot(page, 'designer-1024x768.png');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
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
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByRole('img', { name: 'Imagen original' })).toBeVisible();
    await page.getByLabel('Conversión a blanco y negro').selectOption('threshold');
    await page.getByRole('slider', { name: /Umbral/ }).fill('90');
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
