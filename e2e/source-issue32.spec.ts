import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { LOCALES } from '../src/renderer/src/i18n/locales';
import { COMMON_MODEL_IDS } from '../src/shared/printer-profiles/common-models';
import { GENERIC_PROFILE, PRINTER_PROFILES } from '../src/shared/printer-profiles/profiles';
import { FAST_MONITOR_TIMING } from '../test/support/printer-status-harness';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { foreignTextsShown } from './support/language-check';
import { expectNoHorizontalScroll } from './support/layout';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/**
 * Issue 32, round 4, as a café owner sees it: which POS each ticket came from ("Desde: tpv.cafeole.es (TPV)") on the
 * Jobs row, in the job's details and on the held card; "hace unos segundos" for a ticket stopped a moment ago; the
 * printer model lists sorted by name with the common models first; no "Ticketera (direct)" and no byte counts.
 */
const SITE = 'tpv.cafeole.es';
// The POS site's name reaches the test's own server on this machine: nothing leaves 127.0.0.1. (The suite's own
// browser options stay: these replace them, not add to them.)
const suiteLaunch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...suiteLaunch, args: [...(suiteLaunch.args ?? []), `--host-resolver-rules=MAP ${SITE} 127.0.0.1`] } });

/** What the owner reads, word for word, in each language. */
const WORDS = {
  es: {
    from: `${SITE} (TPV)`,
    fromLine: `Desde: ${SITE} (TPV)`,
    fewSecondsAgo: 'hace unos segundos',
    network: 'Impresora de red',
    common: 'Los más habituales',
    others: 'Todos los demás modelos',
  },
  en: {
    from: `${SITE} (POS)`,
    fromLine: `From: ${SITE} (POS)`,
    fewSecondsAgo: 'a few seconds ago',
    network: 'Network printer',
    common: 'Most common',
    others: 'All other models',
  },
} as const;

/** A café's sale, long enough to run out of paper three lines in. */
const sale = {
  version: '1.0',
  commands: [
    { type: 'text', data: { text: 'CAFÉ OLÉ' } },
    { type: 'text', data: { text: 'Mesa 4' } },
    ...Array.from({ length: 10 }, (_, index) => ({ type: 'text', data: { text: `Linea ${index + 1}` } })),
    { type: 'cut' },
  ],
};

/**
 * The POS web app, on its own origin: the page opens the service's WebSocket as a POS page does (the browser sends
 * its Origin), sends one sale and writes the answer into the page.
 */
async function startPosSite(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>TPV</title></head><body>
<p id="state">connecting</p><script>
const ws = new WebSocket('ws://127.0.0.1:${Number(url.searchParams.get('service'))}/ws');
const state = document.getElementById('state');
ws.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.tipo === 'info') ws.send(JSON.stringify({ tipo: 'ticket', id: ${JSON.stringify(url.searchParams.get('id'))}, datos: ${JSON.stringify(sale)} }));
  if (message.tipo === 'ack' || message.tipo === 'error') state.textContent = message.tipo;
};
</script></body></html>`;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Whether all of an element's text is drawn (nothing cut at its edge, no ellipsis). */
const drawnWhole = (element: HTMLElement | SVGElement): boolean => element.scrollWidth <= element.clientWidth + 1;

async function checkPage(page: Page, language: (typeof WINDOW_LANGUAGES)[number], within = 'main'): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoHorizontalScroll(page);
  expect(await seriousViolations(page, within)).toEqual([]);
  expect(await foreignTextsShown(page, language)).toEqual([]);
}

for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];
  const words = WORDS[language];

  test(`a ticket from a web POS says its site in Jobs, its details and the held card; stopped a moment ago reads "${words.fewSecondsAgo}" (${language})`, async ({ page, built }) => {
    test.setTimeout(120_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator({ msPerLine: 40 });
    const pos = await startPosSite();
    const origin = `http://${SITE}:${pos.port}`;
    const app = await startApp({
      settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }], allowedOrigins: [origin] },
      monitorTiming: FAST_MONITOR_TIMING,
    });
    const id = `mesa-4-${language}`;
    try {
      await page.setViewportSize(WINDOW_SIZES[0]);
      await page.goto(app.url);
      await expect(page.getByTestId('home-page')).toBeVisible();
      printer.paperOutAfterLines(3);
      // The sale comes from the POS page in its own tab, over a real WebSocket, with the page's Origin.
      const till = await page.context().newPage();
      await till.goto(`${origin}/?service=${app.host.running().address.port}&id=${id}`);
      await expect(till.locator('#state')).toHaveText('ack');
      await till.close();
      await expect.poll(() => app.host.running().service.job(id)?.outcome, { timeout: 20_000 }).toBe('held');

      // Stopped a moment ago: "a few seconds", not "1 min".
      const card = page.getByTestId(`held-${id}`);
      await expect(card).toContainText(words.fewSecondsAgo);
      await expect(card).not.toContainText(/\b1 min/);

      for (const size of WINDOW_SIZES) {
        const where = `${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await page.getByRole('tab', { name: text.home }).click();
        await expect(card.getByTestId('held-source'), where).toHaveText(words.fromLine);
        await checkPage(page, language);
        await card.screenshot({ path: test.info().outputPath(`held-${language}-${size.width}.png`) });

        await page.getByRole('tab', { name: text.jobs }).click();
        const row = page.getByTestId(`job-${id}`);
        const source = row.getByTestId(`job-source-${id}`);
        await expect(source, where).toHaveText(words.fromLine);
        expect(await source.evaluate(drawnWhole), `${where}: the site is cut off`).toBe(true);
        await checkPage(page, language);
        await page.screenshot({ path: test.info().outputPath(`jobs-${language}-${size.width}.png`) });

        await row.getByRole('button', { name: text.details }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByTestId('job-detail-source'), where).toHaveText(words.from);
        await expect(dialog.getByTestId('preview-image')).toBeVisible();
        // The preview shows the ticket, not a count of bytes.
        await expect(dialog).not.toContainText(/\bbytes\b/);
        await checkPage(page, language, '[role="dialog"]');
        await page.screenshot({ path: test.info().outputPath(`job-detail-${language}-${size.width}.png`) });
        await dialog.getByRole('button', { name: text.close }).click();
        await expect(dialog).toBeHidden();
      }
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
      await pos.close();
    }
  });

  test(`the model lists put the common models first, each part sorted by name; a direct printer reads in plain words (${language})`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    const named = PRINTER_PROFILES.filter((profile) => profile.id !== GENERIC_PROFILE.id);
    const sortedNames = (common: boolean): string[] =>
      named
        .filter((profile) => COMMON_MODEL_IDS.includes(profile.id) === common)
        .map((profile) => profile.name)
        .sort(collator.compare);
    const printer = await startTcpPrinterSimulator();
    const app = await startApp({ settings: { language, printerProfiles: [{ printer: printer.uri, model: 'generic' }] }, monitorTiming: FAST_MONITOR_TIMING });
    try {
      await page.setViewportSize(WINDOW_SIZES[0]);
      await page.goto(`${app.url}#/printers`);
      const row = page.getByTestId(`printer-${printer.uri}`);
      await expect(row).toBeVisible({ timeout: 15_000 });
      // How Ticketera reaches it, in words under its address (that column shows from 1200 px), never a driver name of its own.
      await expect(row.locator('.col-port')).toContainText(words.network);
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        await expect(page.locator('main')).not.toContainText('Ticketera (direct)');
        await expect(page.locator('main')).not.toContainText('(direct)');
      }

      // The Printers page's "Model": the generic choice, the common models under their heading, then all the others.
      await page.setViewportSize(WINDOW_SIZES[0]);
      await row.getByRole('combobox').click();
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      const groups = listbox.getByRole('group');
      await expect(groups).toHaveCount(2);
      await expect(groups.nth(0)).toContainText(words.common);
      await expect(groups.nth(1)).toContainText(words.others);
      expect(await groups.nth(0).getByRole('option').allTextContents()).toEqual(sortedNames(true));
      expect(await groups.nth(1).getByRole('option').allTextContents()).toEqual(sortedNames(false));
      expect((await listbox.getByRole('option').allTextContents())[0]).toBe(text.printerModelGeneric);
      expect(await seriousViolations(page, '[role="listbox"]')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`model-dropdown-${language}.png`) });
      await page.keyboard.press('Escape');

      // Añadir impresora: the same order, under the same headings.
      await page.getByRole('button', { name: text.addPrinter }).click();
      const dialog = page.getByRole('dialog', { name: text.addPrinter });
      const select = dialog.getByTestId('add-printer-model');
      await expect(select).toBeAttached();
      const parts = await select.evaluate((element) =>
        [...element.querySelectorAll('optgroup')].map((group) => ({ label: group.label, names: [...group.querySelectorAll('option')].map((option) => option.value) })),
      );
      const idsOf = (names: string[]): string[] => names.map((name) => named.find((profile) => profile.name === name)?.id ?? name);
      expect(parts).toEqual([
        { label: words.common, names: idsOf(sortedNames(true)) },
        { label: words.others, names: idsOf(sortedNames(false)) },
      ]);
      await checkPage(page, language, '[role="dialog"]');
    } finally {
      await page.goto('about:blank');
      await app.host.stop();
      await printer.close();
    }
  });
}
