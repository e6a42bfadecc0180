import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';

const blocks = (page: Page) => page.getByRole('list', { name: 'Bloques del ticket' });

async function openDesigner(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
}

async function addBlock(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^Añadir bloque/ }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: new RegExp(`· ${name}$`) })).toBeVisible();
}

const json = async (page: Page): Promise<{ commands: { type: string; data: Record<string, unknown> }[] }> => {
  await page.getByRole('tab', { name: 'JSON (avanzado)' }).click();
  const text = await page.getByLabel('Documento (JSON)').inputValue();
  await page.getByRole('tab', { name: 'Bloque', exact: true }).click();
  return JSON.parse(text) as { commands: { type: string; data: Record<string, unknown> }[] };
};

test.describe('designer details', () => {
  test('a new text block starts empty, with a hint of what to write', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await addBlock(page, 'Texto');
    const text = page.getByLabel('Texto', { exact: true });
    await expect(text).toHaveValue('');
    await expect(text).toHaveAttribute('placeholder', 'Escriba aquí el texto, por ejemplo el nombre del local');
  });

  test('table columns: widths in percentages adding up to 100, and reordered with their cells', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await blocks(page).getByRole('button', { name: /^3 Tabla/ }).click();
    // 30:18 is 62.5 % and 37.5 %: shown whole, adding up to 100 (not 63 + 38).
    await expect(page.getByLabel('Ancho de la columna 1 (% de la línea)')).toHaveValue('63');
    await expect(page.getByLabel('Ancho de la columna 2 (% de la línea)')).toHaveValue('37');
    await expect(page.getByTestId('column-share-total')).toHaveText('Los anchos suman 100 % de la línea.');
    await page.getByLabel('Ancho de la columna 1 (% de la línea)').fill('70');
    await expect(page.getByLabel('Ancho de la columna 2 (% de la línea)')).toHaveValue('30');
    let table = (await json(page)).commands[2]?.data;
    expect(table?.['columns']).toEqual([{ header: 'Producto', width: 70 }, { header: 'Total', width: 30, align: 'right' }]);

    await page.getByRole('button', { name: 'Mover la columna 2 a la izquierda' }).click();
    await expect(page.getByLabel('Título de la columna 1')).toHaveValue('Total');
    await expect(page.getByLabel('Fila 1, Total')).toHaveValue('1,50 €');
    table = (await json(page)).commands[2]?.data;
    expect(table?.['columns']).toEqual([{ header: 'Total', width: 30, align: 'right' }, { header: 'Producto', width: 70 }]);
    expect(table?.['rows']).toEqual([['1,50 €', 'Café con leche'], ['2,20 €', 'Tostada']]);
    await expect(page.getByRole('button', { name: 'Mover la columna 1 a la izquierda' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a picture block without its picture is marked on its own; with one, the list shows it small', async ({ page, app }) => {
    await openDesigner(page, app.url);
    await blocks(page).getByRole('button', { name: /^1 Texto/ }).click();
    await addBlock(page, 'Imagen');
    // The rest of the receipt still previews; the missing picture is said where it goes, by its block.
    await expect(page.getByTestId('preview-missing')).toHaveText('Bloque 2: falta la imagen');
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('block-2').getByRole('alert')).toContainText('Bloque 2');
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();

    const png = new PNG({ width: 64, height: 32 });
    png.data.fill(0);
    await page.locator('input[type=file][accept^="image"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByTestId('preview-missing')).toHaveCount(0);
    await expect(page.getByTestId('block-2-thumb')).toBeVisible();
    await expect(page.getByTestId('block-2-thumb')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
  });

  test('after a reload the template last edited is back; "Duplicar" opens the copy', async ({ page, app }) => {
    await openDesigner(page, app.url);
    const title = page.getByTestId('template-name');
    await blocks(page).getByRole('button', { name: /Cafetería Ñandú/ }).click();
    await page.getByLabel('Texto', { exact: true }).fill('Bar Pepe');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Nombre de la plantilla').fill('Barra');
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect(title).toHaveText('Barra');

    await page.reload();
    await page.getByRole('tab', { name: 'Diseño' }).click();
    await expect(title).toHaveText('Barra');
    await expect(blocks(page)).toContainText('Bar Pepe');
    await expect(page.getByTestId('unsaved-badge')).toHaveCount(0);

    await page.getByRole('button', { name: 'Más acciones' }).click();
    await page.getByRole('menuitem', { name: 'Duplicar' }).click();
    await expect(title).toHaveText('Barra (2)');
    await expect(page.getByTestId('designer-notice')).toHaveText('Copia guardada como «Barra (2)»');
    await expect(blocks(page)).toContainText('Bar Pepe');
    await page.reload();
    await page.getByRole('tab', { name: 'Diseño' }).click();
    await expect(title).toHaveText('Barra (2)');
  });
});
