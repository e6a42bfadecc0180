import { FAST_MONITOR_TIMING } from '../test/support/printer-status-harness';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { VIRTUAL_PRINTER_NAME } from '../src/main/platform/virtual/virtual-transport';
import type { PrinterState } from '../src/shared/printer-status/printer-state';
import { homeEn, homeEs } from '../src/renderer/src/i18n/locales/home';
import { printerStatusEn, printerStatusEs } from '../src/renderer/src/i18n/locales/printer-status';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { expect, startApp, test, type RunningApp } from './support/app-fixture';
import { expectNoHorizontalScroll } from './support/layout';

/**
 * Issue 21, item 2: one state per printer, the same on the Home guide, the Home cards, the header badge and the
 * Printers page: the virtual printer, a ready network printer and one out of paper, in Spanish and English, at
 * 1024×768. The screenshots are in SHOTS.
 */
const SHOTS = '/tmp/shots-printer-story';
const TIMING = FAST_MONITOR_TIMING;
const LANGUAGES = [
  { language: 'es', texts: { ...printerStatusEs, ...homeEs }, printersTab: 'Impresoras', homeTab: 'Inicio' },
  { language: 'en', texts: { ...printerStatusEn, ...homeEn }, printersTab: 'Printers', homeTab: 'Home' },
] as const;
type Texts = (typeof LANGUAGES)[number]['texts'];

const STATE_TEXT: Record<Extract<PrinterState, 'virtual' | 'ready' | 'paper-out'>, keyof Texts> = {
  virtual: 'liveState_virtual',
  ready: 'liveState_ready',
  'paper-out': 'liveState_paperOut',
};

/** The guide with its three steps done and a POS ticket printed, so it gives its last word (by the printer's state). */
const GUIDE_DONE = JSON.stringify({ tested: true, copied: true, received: true, hidden: false });

/** Home's guide, its printer card, the live card (if the printer reads back) and the header all say `state`. */
async function expectHomeSays(page: Page, texts: Texts, state: keyof typeof STATE_TEXT, live: boolean): Promise<void> {
  const text = texts[STATE_TEXT[state]];
  for (const testId of ['home-printer-status', 'home-guide-printer-state', 'printer-summary-badge']) {
    await expect(page.getByTestId(testId)).toHaveAttribute('data-state', state);
  }
  await expect(page.getByTestId('home-printer-status')).toHaveText(text);
  await expect(page.getByTestId('home-guide-printer-state')).toHaveText(text);
  await expect(page.getByTestId('printer-summary-badge')).toHaveText(texts.printerStateOfRoute.replace('{{state}}', text));
  if (live) await expect(page.getByTestId('home-live-printers').getByTestId('live-state')).toHaveText(text);
  // The warnings agree: "all good" never shows beside a printer that cannot print.
  await expect(page.getByTestId('home-warning-printer-not-ready')).toHaveCount(state === 'paper-out' ? 1 : 0);
  if (state === 'paper-out') await expect(page.getByTestId('home-all-good')).toHaveCount(0);
  // The guide never says the printer works unless it puts tickets on paper.
  const guide = page.getByTestId('home-guide');
  if (state === 'ready') {
    await expect(guide).toContainText(texts.homeGuideDoneTitle);
  } else {
    await expect(guide).not.toContainText(texts.homeGuideDoneTitle);
    await expect(guide).not.toContainText(texts.homeGuideDone);
    await expect(guide).toContainText(state === 'virtual' ? texts.guideVirtualDoneTitle : texts.guideNotReadyDone.replace('{{state}}', text));
  }
}

/** The Printers page's row for `name` says `state` in the same words. */
async function expectPrintersPageSays(page: Page, texts: Texts, tab: string, name: string, state: keyof typeof STATE_TEXT): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  const badge = page.getByTestId(`printer-${name}`).getByTestId('printer-row-state');
  await expect(badge).toHaveAttribute('data-state', state);
  await expect(badge).toHaveText(texts[STATE_TEXT[state]]);
  await expect(page.getByTestId('printers-route-state')).toHaveAttribute('data-state', state);
  await expect(page.getByTestId('printer-summary-badge')).toHaveAttribute('data-state', state);
}

async function shoot(page: Page, name: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

for (const { language, texts, printersTab, homeTab } of LANGUAGES) {
  test(`one printer story (${language}): the virtual printer, a ready printer and one out of paper agree everywhere`, async ({ page, built }) => {
    test.setTimeout(90_000);
    expect(built).toBe(true);
    fs.mkdirSync(SHOTS, { recursive: true });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // Only on the window's pages (about:blank, between services, has no storage).
    await page.addInitScript((guide) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('ticketera.home.guide', guide);
    }, GUIDE_DONE);
    await page.setViewportSize({ width: 1024, height: 768 });
    const apps: RunningApp[] = [];
    const printer = await startTcpPrinterSimulator();
    try {
      // The virtual printer: ready for trying out, never for paper.
      const virtualApp = await startApp({ settings: { language, defaultPrinter: VIRTUAL_PRINTER_NAME } });
      apps.push(virtualApp);
      await page.goto(virtualApp.url);
      await expectHomeSays(page, texts, 'virtual', false);
      await shoot(page, `virtual-home-${language}-1024.png`);
      await expectPrintersPageSays(page, texts, printersTab, VIRTUAL_PRINTER_NAME, 'virtual');
      await shoot(page, `virtual-printers-${language}-1024.png`);
      await page.goto('about:blank');
      await virtualApp.host.stop();

      // A network printer that answers status: ready, then out of paper, by its own word.
      const app = await startApp({
        settings: { language, defaultPrinter: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
        monitorTiming: TIMING,
      });
      apps.push(app);
      await page.goto(app.url);
      await expectHomeSays(page, texts, 'ready', true);
      await shoot(page, `ready-home-${language}-1024.png`);
      await expectPrintersPageSays(page, texts, printersTab, printer.uri, 'ready');

      printer.set({ paper: 'out' });
      await expect(page.getByTestId(`printer-${printer.uri}`).getByTestId('printer-row-state')).toHaveAttribute('data-state', 'paper-out');
      await expectPrintersPageSays(page, texts, printersTab, printer.uri, 'paper-out');
      await shoot(page, `paper-out-printers-${language}-1024.png`);
      await page.getByRole('tab', { name: homeTab }).click();
      await expectHomeSays(page, texts, 'paper-out', true);
      await shoot(page, `paper-out-home-${language}-1024.png`);
      expect(problems).toEqual([]);
    } finally {
      await page.goto('about:blank');
      for (const app of apps) await app.host.stop().catch(() => undefined);
      await printer.close();
    }
  });
}
