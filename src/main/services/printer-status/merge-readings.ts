import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { StatusReading } from './escpos-status-bits';

/** Several partial answers (DLE EOT 1–4) as one reading; later answers win where they overlap. */
export function mergeReadings(readings: readonly StatusReading[]): StatusReading {
  const merged: StatusReading = { unknownBits: [] };
  for (const reading of readings) {
    const { unknownBits, faults, ...fields } = reading;
    Object.assign(merged, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
    if (faults) merged.faults = [...(merged.faults ?? []), ...faults.filter((fault) => !merged.faults?.includes(fault))];
    merged.unknownBits.push(...unknownBits);
  }
  return merged;
}

/** The printer's status after a reading: fields the reading does not cover keep their last value. */
export function applyReading(status: PrinterLiveStatus, reading: StatusReading, now: number): PrinterLiveStatus {
  return {
    ...status,
    link: 'answering',
    offline: reading.offline ?? status.offline,
    coverOpen: reading.coverOpen ?? status.coverOpen,
    paper: reading.paper ?? status.paper,
    drawerOpen: reading.drawerOpen ?? status.drawerOpen,
    faults: reading.faults ?? status.faults,
    unknownBits: reading.unknownBits,
    answeredAt: now,
  };
}
