import { ThermalPrinter, PrinterTypes } from 'node-thermal-printer';
import { JobError } from '../../../shared/job-error';

/** Settings that change how a document becomes bytes. */
export interface EncodeOptions {
  /** Refuse raw bytes that would change the printer's stored settings (issue 3 fills this in). */
  safeMode: boolean;
}

/**
 * The one way a print document (`datos`) becomes ESC/POS bytes. The server and worker call only this, so the
 * document language can grow without touching them. Throws JobError with the protocol's category.
 */
export function encodeDocument(datos: unknown, _options: EncodeOptions): Uint8Array {
  const doc = asRecord(datos, 'datos');
  const version = doc['version'];
  if (typeof version !== 'string' || !/^1(\.\d+)*$/.test(version)) {
    throw new JobError('VALIDATION', version === undefined ? 'version is required' : 'version must be 1.x');
  }
  const commands = doc['commands'];
  if (!Array.isArray(commands)) throw new JobError('VALIDATION', 'commands must be an array');

  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, width: 48 });
  commands.forEach((entry: unknown, index) => {
    const command = asRecord(entry, `commands[${index}]`);
    const data = command['data'] === undefined ? {} : asRecord(command['data'], `commands[${index}].data`);
    switch (command['type']) {
      case 'text':
        printer.println(String(data['text'] ?? ''));
        break;
      case 'beep':
        printer.beep(Number(data['times'] ?? 1), Number(data['duration'] ?? 1));
        break;
      default:
        throw new JobError('COMMAND', `commands[${index}].type "${String(command['type'])}" is not supported`);
    }
  });
  return new Uint8Array(printer.getBuffer() ?? Buffer.alloc(0));
}

function asRecord(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JobError('VALIDATION', `${path} must be an object`);
  }
  return value as Record<string, unknown>;
}
