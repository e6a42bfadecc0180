import fs from 'node:fs/promises';
import path from 'node:path';
import { renderEscPos } from '../../../shared/escpos/render-escpos';
import { rasterToPng } from '../../services/encoding/raster-png';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';

export const VIRTUAL_PRINTER_NAME = 'Ticketera Virtual Printer';

/** The virtual printer's paper when a job does not say: 80 mm, the usual roll. */
const VIRTUAL_PAPER_DOTS = 576;

/**
 * The built-in printer: keeps each job's bytes as `<job>.bin` and what they would print as `<job>.png` under its
 * folder, so the service works anywhere and every job can be looked at.
 */
export type PngRenderer = (bytes: Uint8Array, width: number) => Uint8Array | Promise<Uint8Array>;

const renderHere: PngRenderer = (bytes, width) => rasterToPng(renderEscPos(bytes, { width }));

/** `renderPng` lets the service render previews off its event loop (see EncoderThread). */
export function createVirtualTransport(folder: string, renderPng: PngRenderer = renderHere): PrinterTransport {
  return {
    uri: 'virtual',
    async send(job: PrintJobBytes) {
      await fs.mkdir(folder, { recursive: true });
      const base = path.join(folder, safeFileName(job.id));
      await fs.writeFile(`${base}.bin`, job.bytes);
      await fs.writeFile(`${base}.png`, await renderPng(job.bytes, job.paperDots ?? VIRTUAL_PAPER_DOTS));
    },
  };
}

/** Job ids come from clients: keep them from naming paths outside the folder. */
export function safeFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 120) || 'job';
}
