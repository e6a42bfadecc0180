import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/app-fixture';
import { seriousViolations } from './support/accessibility';
import { expectNoHorizontalScroll } from './support/layout';

/** Kept with the run's artifacts, and where the people reviewing the window look at them. */
const SHOTS = process.env['TICKETERA_SHOTS'] ?? '/tmp/shots-designer';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

async function openDesignerWithTable(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Diseño' }).click();
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('list', { name: 'Bloques del ticket' }).getByRole('button', { name: /^3 Tabla/ }).click();
  await expect(page.getByRole('region', { name: 'Bloque 3 · Tabla' })).toBeVisible();
  // Picked in the list, the block's form is in sight, even where it sits under the list.
  await expect(page.getByRole('heading', { name: 'Bloque 3 · Tabla' })).toBeInViewport();
}

/**
 * What a person would see as broken in the designer: a box whose text does not fit it (an input scrolled, a list
 * whose chosen option is cut), and two controls or titles drawn over each other.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.querySelector('.designer');
    if (!root) return ['no designer'];
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const nameOf = (element: Element): string => element.getAttribute('aria-label') ?? element.id ?? element.tagName;
    const boxes = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=file]):not([type=checkbox]):not([type=radio]):not([type=range]), textarea');
    for (const input of boxes) {
      if (!shown(input)) continue;
      // An input whose text is wider than it scrolls: "Café con leche" reads "Caf".
      if (input.scrollWidth > input.clientWidth + 1) problems.push(`${nameOf(input)}: text ${input.scrollWidth}px in ${input.clientWidth}px`);
      if (input.clientWidth < 48) problems.push(`${nameOf(input)}: only ${input.clientWidth}px wide`);
    }
    const context = document.createElement('canvas').getContext('2d');
    for (const select of root.querySelectorAll('select')) {
      if (!shown(select) || !context) continue;
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      // The padding on the right is where the list's arrow is drawn.
      const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      if (needed > select.clientWidth + 1) problems.push(`${nameOf(select)}: «${text}» needs ${Math.ceil(needed)}px, has ${select.clientWidth}px`);
    }
    // A control drawn outside the card, fieldset or bar it belongs to (the page does not scroll, but it looks broken).
    for (const control of root.querySelectorAll('button, input:not([type=file]), select, textarea')) {
      if (!shown(control) || control.closest('.designer-cells, .preview')) continue;
      const box = control.closest('.designer-column-card, .designer-fieldset, .designer-toolbar, .designer-block, .designer-editor');
      if (!box) continue;
      const inner = control.getBoundingClientRect();
      const outer = box.getBoundingClientRect();
      if (inner.right > outer.right + 1 || inner.left < outer.left - 1) problems.push(`${nameOf(control)} (${control.textContent ?? ''}) outside its ${box.className.split(' ')[0] ?? ''}`);
    }
    const parts = [...root.querySelectorAll('h2, [role=tab], button, label, input:not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea, [data-testid=preview-paper]')].filter(shown);
    for (const [at, one] of parts.entries()) {
      for (const other of parts.slice(at + 1)) {
        if (one.contains(other) || other.contains(one)) continue;
        const a = one.getBoundingClientRect();
        const b = other.getBoundingClientRect();
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (across > 2 && down > 2) problems.push(`«${(one.textContent ?? nameOf(one)).slice(0, 30)}» over «${(other.textContent ?? nameOf(other)).slice(0, 30)}»`);
      }
    }
    return problems;
  });
}

const SIZES = [
  { width: 800, height: 600 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

test.describe('the designer at shop-PC screen sizes', () => {
  for (const size of SIZES) {
    test(`${size.width}×${size.height} with a table selected: every field fits its text, nothing overlaps, no sideways scroll`, async ({ page, app }) => {
      await page.setViewportSize(size);
      await openDesignerWithTable(page, app.url);
      // The table's cells and titles read whole.
      await expect(page.getByLabel('Fila 1, Producto')).toHaveValue('Café con leche');
      await shoot(page, `designer-table-${size.width}x${size.height}.png`);
      // What a person sees without scrolling (the docs' screenshot is the 1280 one).
      await page.screenshot({ path: path.join(SHOTS, `designer-view-${size.width}x${size.height}.png`) });
      expect(await layoutProblems(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
      // The block's form is wide enough to work in, whatever the window.
      const editor = await page.getByRole('region', { name: 'Bloque 3 · Tabla' }).boundingBox();
      expect(editor?.width ?? 0).toBeGreaterThanOrEqual(380);
      expect(await seriousViolations(page)).toEqual([]);
      // The other forms with several fields side by side: a text's size, font and underline; a QR's options.
      for (const block of [/^1 Texto/, /^5 Código QR/]) {
        await page.getByRole('list', { name: 'Bloques del ticket' }).getByRole('button', { name: block }).click();
        expect(await layoutProblems(page), String(block)).toEqual([]);
      }
    });
  }

  test('the preview shows the printed dots 1:1 by default, and fitted with smooth scaling', async ({ page, app }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openDesignerWithTable(page, app.url);
    const image = page.getByTestId('preview-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(576);
    // One dot of the printer is one pixel of the window: letters are drawn as the printer draws them.
    await expect.poll(async () => (await image.boundingBox())?.width).toBe(576);
    const trueSize = page.getByRole('button', { name: 'Tamaño real (1:1)' });
    const fit = page.getByRole('button', { name: 'Ajustar al panel' });
    await expect(trueSize).toHaveAttribute('aria-pressed', 'true');
    await expect(fit).toHaveAttribute('aria-pressed', 'false');

    await fit.click();
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
    await expect(trueSize).toHaveAttribute('aria-pressed', 'false');
    // Fitted, the picture is scaled smoothly (pixelated scaling turns "Tostada" into "Toslada").
    expect(await image.evaluate((img) => getComputedStyle(img).imageRendering)).toBe('auto');
    const frame = await page.getByTestId('preview-frame').boundingBox();
    const sheet = await page.getByTestId('preview-paper').boundingBox();
    expect(Math.abs((sheet?.width ?? 0) - (frame?.width ?? 0))).toBeLessThan(40);
    await shoot(page, 'designer-preview-fit-1366x768.png');

    await trueSize.click();
    await expect.poll(async () => (await image.boundingBox())?.width).toBe(576);
    // In a window too narrow for the roll, the preview scrolls inside its frame: the page does not.
    await page.setViewportSize({ width: 800, height: 600 });
    await expect.poll(async () => (await image.boundingBox())?.width).toBe(576);
    await expectNoHorizontalScroll(page);
  });
});
