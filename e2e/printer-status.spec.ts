import { FAST_MONITOR_TIMING } from '../test/support/printer-status-harness';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';

const SHOTS = '/tmp/shots-printer-window';
/** Short, so the window sees the printer's changes in a fraction of a second; how fast is not what is tested. */
const TIMING = FAST_MONITOR_TIMING;

const receipt = (lines: string[]) => ({ version: '1.0' as const, commands: [...lines.map((text) => ({ type: 'text' as const, data: { text } })), { type: 'cut' as const }] });
/** A long receipt whose last line comes after the paper runs out (three lines in): it is held with that line unprinted. */
const longReceipt = (marker: string) => receipt([...Array.from({ length: 12 }, (_, index) => `Linea ${index + 1}`), marker]);
const timesPrinted = (printer: TcpPrinterSimulator, text: string): number => printer.printedText().split(text).length - 1;

async function heldJob(app: RunningApp, printer: TcpPrinterSimulator, marker: string): Promise<string> {
  printer.paperOutAfterLines(3);
  const { id } = await app.host.handlers.submitJob({ document: longReceipt(marker) });
  await expect.poll(() => app.host.running().service.job(id)?.outcome).toBe('held');
  return id;
}

const liveState = (page: Page) => page.getByTestId('home-live-printers').getByTestId('live-state');

/** Closes every toast on screen, and those waiting behind them, as a cashier would with their × buttons. */
async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Cerrar', exact: true });
  for (let round = 0; round < 30; round += 1) {
    if ((await close.count()) === 0) {
      await page.waitForTimeout(300); // one waiting behind may be about to show
      if ((await close.count()) === 0) return;
    }
    // A toast may leave by itself between the count and the click: then there is nothing to close.
    await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  }
}

test('printer status: live state on Home, alerts, a held ticket printed once with "Print now", another discarded', async ({ page, built }) => {
  test.setTimeout(150_000); // A long scenario (paper out, two held tickets, the drawer) on a possibly busy machine.
  expect(built).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
  const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
  // Not the `app` fixture: this one starts with the simulated printer as the default, on an Epson model that confirms.
  const app = await startApp({
    settings: { defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }], heldJobExpiryMinutes: 90 },
    monitorTiming: TIMING,
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(app.url);

    // Ready, as the printer itself says, and it confirms each ticket on paper.
    const card = page.getByTestId('home-live-printers');
    await expect(liveState(page)).toHaveText('Lista');
    await expect(card).toContainText(printer.uri.replace('tcp://', ''));
    await expect(card).toContainText(/Confirma en papel\s*Sí/);
    await expect(page.getByTestId('home-printer-status')).toHaveText('Lista');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Out of paper: the badge says so, and a toast tells whoever is looking at any page.
    printer.set({ paper: 'out' });
    await expect(liveState(page)).toHaveText('Sin papel');
    await expect(page.getByTestId('alert-toast').filter({ hasText: 'La impresora se quedó sin papel' })).toBeVisible();
    // The card of where tickets go follows the printer's word too, not the spooler's "unknown".
    await expect(page.getByTestId('home-printer-status')).toHaveText('Sin papel');
    // A ticket sent now is refused at once with the reason, in the window's words.
    const { id: refused } = await app.host.handlers.submitJob({ document: receipt(['Rechazado']) });
    await expect.poll(() => app.host.running().service.job(refused)?.state).toBe('error');
    await expect(page.getByTestId(`home-feed-${refused}`)).toContainText('Sin papel');
    expect(printer.printedText()).not.toContain('Rechazado');

    printer.set({ paper: 'ok' });
    await expect(liveState(page)).toHaveText('Lista');

    // The paper runs out mid-receipt: the ticket is held, listed on Home with its age, reason, expiry and actions.
    const first = await heldJob(app, printer, 'RETENIDO-UNO');
    const item = page.getByTestId(`held-${first}`);
    await expect(item).toContainText('Sin papel · hace unos segundos');
    await expect(item).toContainText('se descartará en 1 h 30 min');
    await expect(liveState(page)).toHaveText('Sin papel');
    // "Print now" while the printer still has no paper: it says why, and the ticket stays held.
    await item.getByRole('button', { name: /^Imprimir ahora/ }).click();
    await expect(page.getByTestId('home-held-notice')).toContainText('La impresora todavía no puede imprimir (Sin papel)');
    await expect(item).toBeVisible();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, 'main')).toEqual([]);
    for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(SHOTS, `home-held-${size.width}x${size.height}.png`), fullPage: true });
      await expectNoHorizontalScroll(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Paper back: nothing held comes out by itself; "Print now" prints it, once.
    printer.set({ paper: 'ok' });
    await expect(liveState(page)).toHaveText('Lista');
    await item.getByRole('button', { name: /^Imprimir ahora/ }).click();
    await printer.waitForPrinted('RETENIDO-UNO');
    await expect.poll(() => app.host.running().service.job(first)?.outcome).toBe('printed');
    await expect(item).toBeHidden();
    expect(timesPrinted(printer, 'RETENIDO-UNO')).toBe(1);

    // Another one held, then discarded after the question: it never prints, even once paper is back.
    const second = await heldJob(app, printer, 'RETENIDO-DOS');
    const secondItem = page.getByTestId(`held-${second}`);
    await secondItem.getByRole('button', { name: /^Descartar/ }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Descartar este ticket?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sí, descartarlo' }).click();
    await expect(secondItem).toBeHidden();
    await expect(page.getByTestId('home-held-notice')).toContainText('Ticket descartado');
    expect(app.host.running().service.job(second)?.outcome).toBe('discarded');
    printer.set({ paper: 'ok' });
    const { id: after } = await app.host.handlers.submitJob({ document: receipt(['DESPUES']) });
    await printer.waitForPrinted('DESPUES');
    await expect.poll(() => app.host.running().service.job(after)?.outcome).toBe('printed');
    expect(printer.printedText()).not.toContain('RETENIDO-DOS');

    // The drawer: a toast, and the count per day in the job history. Toasts show two at a time (the rest wait their
    // turn), so the cashier first closes the ones still up from the paper going out and coming back.
    await closeToasts(page);
    printer.set({ drawerOpen: true });
    await expect(page.getByTestId('alert-toast').filter({ hasText: 'Se abrió el cajón' })).toBeVisible();
    await expect(card).toContainText(/Cajón\s*Abierto/);
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    const drawer = page.getByTestId('drawer-openings');
    await expect(drawer.getByRole('row').nth(1)).toContainText(printer.uri.replace('tcp://', ''));
    await expect(drawer.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('1');
    // The history's states: printed and confirmed, discarded, refused for want of paper.
    await expect(page.getByTestId(`job-${first}`)).toContainText('Impreso (confirmado)');
    await expect(page.getByTestId(`job-${second}`)).toContainText('Descartado');
    await expect(page.getByTestId(`job-${refused}`)).toContainText('Sin papel');
    await page.getByLabel('Estado').selectOption('held');
    await expect(page.getByText('Ningún trabajo coincide con la búsqueda.')).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The Printers page shows the printer's own word for it.
    await page.getByRole('tab', { name: 'Impresoras' }).click();
    await expect(page.getByTestId(`printer-${printer.uri}`).getByTestId('printer-row-state')).toHaveText('Lista');
    await expect(page.getByTestId(`printer-${printer.uri}`)).toContainText('Confirma cada ticket en papel');
    expect(problems).toEqual([]);
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
    await printer.close();
  }
});

test('printer status: a held ticket in the Jobs page, with "Print now" and "Discard" in its detail', async ({ page, built }) => {
  expect(built).toBe(true);
  const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
  const app = await startApp({ settings: { defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] }, monitorTiming: TIMING });
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(app.url);
    await expect(liveState(page)).toHaveText('Lista');
    const held = await heldJob(app, printer, 'EN-TRABAJOS');
    await page.getByRole('tab', { name: 'Trabajos' }).click();
    await page.getByLabel('Estado').selectOption('held');
    const row = page.getByTestId(`job-${held}`);
    await expect(row).toContainText('Retenido');
    await expect(row).toContainText('Sin papel');
    await row.getByRole('button', { name: 'Detalles' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByTestId('job-timeline')).toContainText('Retenido por la impresora: Sin papel');
    await expect(detail.getByTestId('job-timeline')).toContainText('no se imprimirá solo');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'jobs-held-detail-1024x768.png') });
    printer.set({ paper: 'ok' });
    await expect.poll(() => app.host.running().service.printerStatuses()[0]?.paper).toBe('ok');
    await detail.getByRole('button', { name: 'Imprimir ahora' }).click();
    await printer.waitForPrinted('EN-TRABAJOS');
    await expect(detail.getByTestId('job-timeline')).toContainText('la impresora confirmó que está en papel');
    expect(timesPrinted(printer, 'EN-TRABAJOS')).toBe(1);
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
    await printer.close();
  }
});

test('printer status: a printer with no buffer clear (default profile) stops mid-ticket: the held card says part of it may still print', async ({ page, built }) => {
  expect(built).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
  const printer = await startTcpPrinterSimulator({ msPerLine: 40, supportsProcessId: false });
  // No model set: the default profile, what most shops run (issue 21).
  const app = await startApp({ settings: { defaultPrinter: printer.uri }, monitorTiming: TIMING });
  try {
    for (const [language, warning] of [
      ['es', 'Parte de este ticket puede salir sola al poner papel: compruebe lo que salió antes de reimprimirlo.'],
      ['en', 'Part of this ticket may come out by itself when paper is loaded: check what came out before printing it again.'],
    ] as const) {
      await app.host.handlers.updateSettings({ settings: { language } });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(app.url);
      await expect(liveState(page)).toHaveAttribute('data-state', 'ready');
      // Out after the first line: well before the status read that would otherwise find it fine (delivered).
      printer.paperOutAfterLines(1);
      const { id: held } = await app.host.handlers.submitJob({ document: longReceipt(`A-MEDIAS-${language}`) });
      await expect.poll(() => app.host.running().service.job(held)?.outcome).toBe('held');
      expect(app.host.running().service.job(held)?.resultText).toContain('part of this ticket may already be in the printer');
      await expect(page.getByTestId(`held-${held}`).getByTestId('held-may-still-print')).toHaveText(warning);
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `held-may-still-print-${language}-1024x768.png`), fullPage: true });
      // True: once paper is back, what the printer kept comes out by itself.
      printer.set({ paper: 'ok' });
      await printer.waitForPrinted(`A-MEDIAS-${language}`);
      await expect(liveState(page)).toHaveAttribute('data-state', 'ready');
    }
  } finally {
    await page.goto('about:blank');
    await app.host.stop();
    await printer.close();
  }
});
