import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import { createSystemPrinterCatalog } from '../../platform/system-printers';
import { staleStatusCaveat } from '../../services/printers/printer-status-caveat';
import { alignColumns } from '../text-columns';
import type { CliCommand } from '../command';

const USAGE = 'printers [--json]';

/** `npm run cli -- printers`: what `get_printers` would answer, for the person setting up the shop PC. */
export const printersCommand: CliCommand = {
  name: 'printers',
  usage: USAGE,
  summary: 'Lists this computer\'s printers as get_printers reports them (--json: the protocol\'s printers and summary).',
  async run(args) {
    const unknown = args.filter((arg) => arg !== '--json');
    if (unknown.length > 0) {
      process.stderr.write(`Unknown option: ${unknown.join(' ')}\nUsage: npm run cli -- ${USAGE}\n`);
      return 2;
    }
    const catalog = createSystemPrinterCatalog();
    const { printers, summary } = await catalog.list();
    const problems = catalog.lastErrors().map((error) => `printer discovery failed: ${error}`);
    const caveat = staleStatusCaveat(printers);
    if (args.includes('--json')) {
      process.stdout.write(`${JSON.stringify({ printers, summary }, null, 2)}\n`);
      // stdout stays machine-readable; the caveat and any discovery failure still reach the person.
      process.stderr.write(`${[...problems, caveat].filter(Boolean).join('\n')}\n`);
      return 0;
    }
    process.stdout.write(`${[table(printers), '', summaryLine(summary), ...problems, ...(caveat ? ['', `Note: ${caveat}`] : [])].join('\n')}\n`);
    return 0;
  },
};

function table(printers: PrinterDetail[]): string {
  const rows = [
    ['NAME', 'TYPE', 'STATUS', 'DEFAULT', 'PORT', 'DRIVER'],
    ...printers.map((printer) => [printer.name, printer.printer_type, printer.status, printer.is_default ? 'yes' : '', printer.port, printer.driver]),
  ];
  return alignColumns(rows);
}

function summaryLine(summary: PrinterSummary): string {
  const verdict = {
    ok: 'a thermal printer is installed',
    warning: 'only non-thermal printers found: receipts may not print properly',
    error: 'no printer found besides Ticketera\'s virtual printer',
  }[summary.status];
  const fallbackDefault = summary.default_name || 'none';
  return `Summary: ${summary.status} (${verdict}) · ${summary.detected_count} detected · ${summary.thermal_count} thermal · system default: ${fallbackDefault}`;
}
