import { LOCALES } from '../src/renderer/src/i18n/locales';
import { startCloudPrntServer } from '../test/support/cloudprnt-server';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { seriousViolations } from './support/accessibility';
import { expect, startApp, test } from './support/app-fixture';
import { WINDOW_LANGUAGES, WINDOW_SIZES } from './support/window-sizes';

/**
 * Issue 34 in the window: the owner adds the ordering platform's CloudPRNT server in Settings › Online orders, reads
 * the printer id to register there, presses "Probar", and the waiting order comes out of the shop's printer; the row
 * says so. At each window size, in Spanish and English.
 */
for (const language of WINDOW_LANGUAGES) {
  const text = LOCALES[language];

  test(`an online order server is added, tested and prints an order (${language})`, async ({ page, built }) => {
    test.setTimeout(180_000);
    expect(built).toBe(true);
    const printer = await startTcpPrinterSimulator();
    const server = await startCloudPrntServer();
    const app = await startApp({ settings: { language, defaultPrinter: printer.uri } });
    try {
      await page.goto(`${app.url}#/settings`);
      const section = page.getByTestId('online-orders');
      for (const size of WINDOW_SIZES) {
        await page.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        await section.getByRole('button', { name: text.ooAdd }).click();
        const form = section.getByTestId('online-order-form');
        await form.getByLabel(text.ooUrl).fill(server.url);
        // A long interval: the order is taken by "Probar", not by the next check.
        await form.getByLabel(text.ooInterval).fill('600');
        await form.getByLabel(text.ooPassword).fill('s3cret-pass');
        await form.getByRole('button', { name: text.ooSave }).click();
        await app.host.settled();
        const row = section.getByTestId('online-order-row');
        await expect(row, where).toHaveCount(1);
        await expect(row.getByTestId('online-order-printer-id')).toHaveText(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/, { timeout: 20_000 });
        const mac = await row.getByTestId('online-order-printer-id').textContent();
        await expect(row.getByTestId('online-order-last-poll')).toContainText(text.ooLastPollOk.split(':')[0] as string, { timeout: 20_000 });
        // The password is kept, never shown back.
        await expect(page.getByText('s3cret-pass')).toHaveCount(0);

        const token = `order-${language}-${size.width}`;
        server.queue({ token, bodies: { 'text/plain': `Pedido web ${token}\n2 x Cafe\nEND ${token}\n` } });
        await row.getByRole('button', { name: text.ooTest }).click();
        await expect(row.getByTestId('online-order-test-result'), where).toHaveText(text.ooTestPrinted, { timeout: 20_000 });
        await expect(row.getByTestId('online-order-printed')).toHaveText(text.ooPrinted_one.replace('{{count}}', '1'));
        // Once on paper, confirmed 200 OK under the id shown (a check of its own at the same moment may confirm it again).
        expect(printer.printedText().split(`END ${token}`).length - 1).toBe(1);
        const confirmed = server.confirmations.filter((each) => each.token === token);
        expect(confirmed.length).toBeGreaterThan(0);
        expect(confirmed.every((each) => each.code === '200 OK' && each.mac === mac)).toBe(true);
        // The printed toast says where the order came from, not the id made here from the server's job token.
        const origin = page.locator('[data-testid="print-toast"][data-result="printed"]').getByTestId('print-toast-origin').first();
        await expect(origin, where).toHaveText(text.sourceFrom.replace('{{source}}', `${new URL(server.url).host} (${text.sourceKind_cloudprnt})`));
        await section.screenshot({ path: `/tmp/shots-issue34/online-orders-${language}-${size.width}.png` });
        expect(await seriousViolations(page, '[data-testid="online-orders"]'), where).toEqual([]);

        await row.getByRole('button', { name: text.ooRemove }).click();
        await expect(row).toHaveCount(0);
        // Removing restarts the service: the next server is added once the window is connected to it again.
        await app.host.settled();
        await expect(section.getByRole('button', { name: text.ooAdd })).toBeEnabled();
      }
    } finally {
      await app.host.stop();
      await server.close();
      await printer.close();
    }
  });
}
