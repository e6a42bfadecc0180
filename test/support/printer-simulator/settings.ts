import type { CloseAfterEof, SimulatorOptions } from './types';

/** SimulatorOptions with every default filled in (the defaults are today's instant, unbounded printer). */
export interface Settings {
  supportsProcessId: boolean;
  supportsAsb: boolean;
  answersRealTime: boolean;
  msPerLine: number;
  mmPerSecond: number;
  language: 'escpos' | 'star';
  /** Infinity: unbounded. */
  bufferBytes: number;
  closeAfterEof: CloseAfterEof;
  nearEndMm: number;
}

export function settingsOf(options: SimulatorOptions): Settings {
  return {
    supportsProcessId: options.supportsProcessId ?? true,
    supportsAsb: options.supportsAsb ?? true,
    answersRealTime: options.answersRealTime ?? true,
    msPerLine: options.msPerLine ?? 0,
    mmPerSecond: options.mmPerSecond ?? 0,
    language: options.language ?? 'escpos',
    bufferBytes: options.bufferBytes ?? Number.POSITIVE_INFINITY,
    closeAfterEof: options.closeAfterEof ?? 'at-once',
    nearEndMm: options.nearEndMm ?? 0,
  };
}
