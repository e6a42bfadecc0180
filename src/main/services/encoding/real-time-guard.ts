import type { ErrorCategory } from '../../../shared/protocol';
import { JobError } from '../../../shared/job-error';
import { realTimeCommands } from './safe-mode/real-time';

/**
 * Printers run a DLE DC4 real-time command (drawer pulse, power-off, clear buffers) wherever its bytes appear, even
 * inside a barcode's, a QR code's or a picture's data. Those bytes can come from a ticket's own data (a CODE128 of
 * "1620020108" packs to 10 14 02 01 08), so every command the encoder builds is checked, safe mode or not; `raw`
 * bytes are safe mode's to judge.
 */
export function refuseRealTimeCommands(chunks: readonly Uint8Array[], category: ErrorCategory, path: string): void {
  const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  const [hit] = realTimeCommands(bytes);
  if (!hit) return;
  const shown = Array.from(bytes.subarray(hit.offset, hit.offset + hit.length), (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');
  throw new JobError(
    category,
    `${path}.data would send ${hit.name} (${shown}) inside its data: ${hit.reason}, and printers run it even there; change the data${category === 'IMAGE' ? ' (or the picture’s width or dithering)' : ''}`,
  );
}
