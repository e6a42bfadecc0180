// A print service and a simulated Epson TM printer for the printer-status figures of `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrintService } from '../src/main/service-host';
import type { MonitorTiming } from '../src/main/services/printer-status/printer-monitor';
import { defaultConfig } from '../src/main/services/service-config';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import { textReceipt } from './print-documents';
import { connectTicketClient } from './ticket-client';

export interface StatusBenchService {
  /** Sends one ticket and resolves with ticket → result in ms; throws unless the printer confirmed it on paper. */
  ticket(id: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the service with the printer watched with `timing`, once the printer has answered (jobs then go through the
 * monitor). `msPerLine`: how long the printer takes per line (0, the default, prints instantly).
 */
export async function startStatusBenchService(timing: Partial<MonitorTiming>, msPerLine = 0): Promise<StatusBenchService> {
  const printer = await startTcpPrinterSimulator({ msPerLine });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-status-'));
  const running = await startPrintService(
    { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir, printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }], rateLimit: 0 },
    { printerDiscovery: [], monitorTiming: timing },
  );
  const client = await connectTicketClient(`ws://127.0.0.1:${running.address.port}/ws`);
  // The first answer makes the printer one that reads back: from then on jobs are confirmed on paper.
  while (running.service.printerStatuses()[0]?.answeredAt == null) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    async ticket(id) {
      const sentAt = performance.now();
      const result = await client.print(id, textReceipt(id));
      if (!/printed: confirmed/.test(result.mensaje)) throw new Error(`bench ticket ${id} was not confirmed: ${result.mensaje}`);
      return performance.now() - sentAt;
    },
    async close() {
      client.close();
      await running.stop();
      await printer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
