// `npm run bench -- mechanism`: ticket → printed for a 1 m receipt on a printer that prints at 250 mm/s behind a 4 KB
// buffer, divided by the time its own mechanism took for that receipt. Printing is the mechanism's time: whatever the
// service adds on top (encoding, the status check before the job, waiting for the printer's word) shows here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrintService } from '../src/main/service-host';
import { defaultConfig } from '../src/main/services/service-config';
import { startRealPrinter, type RealPrinterKind } from '../test/support/printer-simulator';
import type { BenchRow } from './bench-row';
import { GOALS } from './goals';
import { connectTicketClient } from './ticket-client';

const MM_PER_SECOND = 250;
const METRES = 1;
const TARGET = 1.05;
/** ESC/POS's default line: 1/6 inch. */
const LINE_MM = 25.4 / 6;

/** A text receipt `metres` long: 48-column lines, as a till's long order would be. */
function longReceipt(id: string): object {
  const lines = Math.round((METRES * 1000) / LINE_MM);
  const commands = Array.from({ length: lines }, (_, index) => ({
    type: 'text',
    data: { text: `${id} linea ${String(index + 1).padStart(4, '0')} ${'.'.repeat(20)} ${(index % 90) + 1},50` },
  }));
  return { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands };
}

/** The printers whose "printed" is the printer's own word: the close after printing, and Epson's GS ( H. */
const KINDS: Array<{ kind: RealPrinterKind; model: string; says: RegExp }> = [
  { kind: 'plain', model: 'generic', says: /^Print completed in \d+ms$/ },
  { kind: 'epson', model: 'epson-tm-t88vi', says: /\(printed: confirmed by the printer\)$/ },
];

async function ratioFor(kind: RealPrinterKind, model: string, says: RegExp): Promise<number> {
  const printer = await startRealPrinter(kind, { mmPerSecond: MM_PER_SECOND });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-mechanism-'));
  const running = await startPrintService(
    { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir, printer: printer.uri, printerProfiles: [{ printer: printer.uri, model }], rateLimit: 0 },
    { printerDiscovery: [] },
  );
  const client = await connectTicketClient(`ws://127.0.0.1:${running.address.port}/ws`);
  try {
    // One receipt first, so what is measured is a till's usual receipt, not the first one after a start.
    const warm = await client.print('warm-up', longReceipt('warm-up'));
    if (!says.test(warm.mensaje)) throw new Error(`bench receipt on the ${kind} printer: ${warm.mensaje}`);
    const before = printer.mechanismMs();
    const sentAt = performance.now();
    const result = await client.print('measured', longReceipt('measured'));
    const took = performance.now() - sentAt;
    if (!says.test(result.mensaje)) throw new Error(`bench receipt on the ${kind} printer: ${result.mensaje}`);
    return took / (printer.mechanismMs() - before);
  } finally {
    client.close();
    await running.stop();
    await printer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runRealMechanismBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { kind, model, says } of KINDS) {
    const ratio = await ratioFor(kind, model, says);
    rows.push({
      name: `ticket → printed ÷ mechanism time, ${METRES} m at ${MM_PER_SECOND} mm/s, 4 KB buffer (${kind})`,
      value: ratio,
      unit: '×',
      target: `≤ ${TARGET}×`,
      pass: ratio <= TARGET,
      goal: GOALS.mechanism,
    });
  }
  return rows;
}
