import type { DiscoveredPrinter, PrinterDiscovery } from '../../services/printers/printer-discovery';
import { runCommand, type CommandResult, type CommandRunner } from '../command-runner';
import { cupsStatus } from './cups-status';
import { parseLpoptions, parseLpstatAccepting, parseLpstatDefault, parseLpstatDevices, parseLpstatPrinters } from './lpstat-parse';

export interface CupsDiscoveryOptions {
  run?: CommandRunner;
  timeoutMs?: number;
}

/** Linux and macOS printers from CUPS: queues, their devices, the default, and whether each takes jobs. */
export function createCupsDiscovery(options: CupsDiscoveryOptions = {}): PrinterDiscovery {
  const run = options.run ?? runCommand;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const lpstat = async (...args: string[]): Promise<string> => {
    const result = await run('lpstat', args, { timeoutMs }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new Error('CUPS is not installed (lpstat not found)') : error;
    });
    return checked(result);
  };
  return {
    source: 'cups',
    async discover(): Promise<DiscoveredPrinter[]> {
      const [printersText, devicesText, defaultText, acceptingText] = await Promise.all([
        lpstat('-l', '-p'),
        lpstat('-v'),
        lpstat('-d'),
        lpstat('-a'),
      ]);
      const devices = parseLpstatDevices(devicesText);
      const accepting = parseLpstatAccepting(acceptingText);
      const defaultName = parseLpstatDefault(defaultText);
      return Promise.all(
        parseLpstatPrinters(printersText).map(async (printer) => {
          const model = await makeAndModel(run, printer.name, timeoutMs);
          return {
            name: printer.name,
            uri: `cups:${printer.name}`,
            port: devices.get(printer.name) ?? '',
            driver: model,
            status: cupsStatus(printer, accepting.get(printer.name)),
            isDefault: printer.name === defaultName,
            hints: printer.description && printer.description !== printer.name ? [printer.description] : [],
          };
        }),
      );
    },
  };
}

/** lpstat exits non-zero both for "no printers" (an empty answer) and for a scheduler that is down (an error). */
function checked(result: CommandResult): string {
  if (result.code === 0) return result.stdout;
  const message = `${result.stderr}${result.stdout}`.trim();
  if (/No destinations added|no system default destination/i.test(message)) return result.stdout;
  throw new Error(/scheduler is not running|Bad file descriptor|Unable to connect|connection refused/i.test(message)
    ? `the CUPS scheduler is not running (${message})`
    : message || `lpstat exited with ${result.code}`);
}

/** The driver as CUPS names it (printer-make-and-model, "Local Raw Printer" for raw queues); empty if unknown. */
async function makeAndModel(run: CommandRunner, name: string, timeoutMs: number): Promise<string> {
  try {
    const result = await run('lpoptions', ['-p', name], { timeoutMs });
    return result.code === 0 ? (parseLpoptions(result.stdout).get('printer-make-and-model') ?? '') : '';
  } catch {
    return '';
  }
}
