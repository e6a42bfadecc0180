import iconv from 'iconv-lite';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { profileFor } from '../../src/shared/printer-profiles/find-profile';
import { JobError } from '../../src/shared/job-error';

/** Bytes for a document printed with `model` (80 mm unless said). */
export function encodeFor(model: string, commands: unknown[], options: { paperWidth?: number; printerModel?: string } = {}): number[] {
  const datos = { version: '1.0', profile: { model, ...(options.paperWidth ? { paper_width: options.paperWidth } : {}) }, commands };
  return [...encodeDocument(datos, { safeMode: true, ...(options.printerModel ? { printerModel: options.printerModel } : {}) })];
}

export function failureFor(model: string, commands: unknown[]): string {
  try {
    encodeFor(model, commands);
  } catch (error) {
    if (error instanceof JobError) return error.message;
    throw error;
  }
  throw new Error('the document encoded without error');
}

/**
 * The text a printer of `model` prints from text-only bytes: it follows ESC t in the model's own numbering and
 * decodes with iconv-lite's tables, skipping ESC @, FS . and line feeds (kept as \n). An unstated page is an error.
 */
export function printedText(model: string, bytes: number[]): string {
  const profile = profileFor(model);
  const byEscT = new Map(profile.codePages.map((entry) => [entry.escT, entry.page]));
  let page: string | undefined;
  let text = '';
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at] ?? 0;
    if (byte === 0x1b && bytes[at + 1] === 0x40) {
      page = undefined;
      at += 1;
    } else if (byte === 0x1c && bytes[at + 1] === 0x2e) {
      at += 1;
    } else if (byte === 0x1b && bytes[at + 1] === 0x74) {
      const next = byEscT.get(bytes[at + 2] ?? -1);
      if (!next) throw new Error(`ESC t ${bytes[at + 2]} is not a page of ${model}`);
      page = next.iconv;
      at += 2;
    } else if (byte >= 0x80) {
      if (!page) throw new Error(`byte 0x${byte.toString(16)} at ${at} with no ESC t since ESC @`);
      text += iconv.decode(Buffer.from([byte]), page);
    } else text += String.fromCharCode(byte);
  }
  return text;
}

/** The lines of text a text-only job prints (ESC/GS commands of two or three bytes removed by printedText's caller). */
export const linesOf = (text: string): string[] => text.split('\n').filter((line) => line.length > 0);
