import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';

/** A printer that answered with nothing wrong, with `change` applied: the starting point of status tests. */
export const readyPrinter = (uri: string, change: Partial<PrinterLiveStatus> = {}): PrinterLiveStatus => ({
  uri,
  link: 'answering',
  offline: false,
  coverOpen: false,
  paper: 'ok',
  drawerOpen: false,
  faults: [],
  unknownBits: [],
  answeredAt: 1,
  confirmsOnPaper: true,
  ...change,
});
