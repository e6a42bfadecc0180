import fs from 'node:fs/promises';
import path from 'node:path';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';

export const VIRTUAL_PRINTER_NAME = 'Ticketera Virtual Printer';

/** The built-in printer: keeps each job's bytes as `<job>.bin` under its folder, so the service works anywhere. */
export function createVirtualTransport(folder: string): PrinterTransport {
  return {
    uri: 'virtual',
    async send(job: PrintJobBytes) {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(path.join(folder, `${safeFileName(job.id)}.bin`), job.bytes);
    },
  };
}

/** Job ids come from clients: keep them from naming paths outside the folder. */
export function safeFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 120) || 'job';
}
