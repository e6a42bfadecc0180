/**
 * What one print job may cost. A ticket over any of these fails on its own (`IMAGE:`, `VALIDATION:` or `EXECUTION:`)
 * instead of stalling the printers or the process for everyone else.
 */
export interface JobLimits {
  /** Paper one job may feed, in millimetres (text lines, images, barcodes, QR codes and feeds add up). */
  maxPaperMm: number;
  /** ESC/POS bytes one job may produce. */
  maxJobBytes: number;
  /** Pixels a picture may have, read from its header before anything is decoded. */
  maxImagePixels: number;
  /** Wall-clock time the encoder may spend on one job before its thread is replaced. */
  encodeTimeMs: number;
  /** Heap the encoder thread may use (worker `resourceLimits`); over it the thread is replaced and the job fails. */
  encoderHeapMb: number;
}

export const DEFAULT_JOB_LIMITS: JobLimits = {
  maxPaperMm: 5_000,
  maxJobBytes: 8 * 1024 * 1024,
  maxImagePixels: 16_000_000,
  encodeTimeMs: 10_000,
  encoderHeapMb: 256,
};

/** 203 dpi print heads: 8 dots per millimetre, both across the roll and along it. */
export const DOTS_PER_MM = 8;

/** The paper limit in dot rows, the unit the encoder and the preview count in. */
export const maxPaperDots = (limits: Pick<JobLimits, 'maxPaperMm'>): number => Math.round(limits.maxPaperMm * DOTS_PER_MM);

/** Dot rows → metres as error texts show them: `5`, `81.9`, `4000`; `digits` overrides the usual precision. */
export function metresOf(dots: number, digits?: number): string {
  const metres = dots / DOTS_PER_MM / 1000;
  return String(Number(metres.toFixed(digits ?? (metres >= 10 ? 0 : 1))));
}

/** A byte count as error texts show it: `8 MiB`, `1.5 MiB`, `640 KiB`, `900 bytes`. */
export function bytesText(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib) return `${Number((bytes / mib).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
