import { create } from 'zustand';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface PrinterStatusState {
  /** What each printer that reads back (TCP, USB) last said about itself, by URI; spooler queues are never here. */
  statuses: Record<string, PrinterLiveStatus>;
  loaded: boolean;
  problem: Problem | undefined;
  load(): Promise<void>;
  /** A `printer.status` event: the printer's new word replaces its last one. */
  receive(status: PrinterLiveStatus): void;
}

export const usePrinterStatusStore = create<PrinterStatusState>()((set, get) => ({
  statuses: {},
  loaded: false,
  problem: undefined,
  async load() {
    try {
      const list = await api.printerStatuses();
      set({ statuses: Object.fromEntries(list.map((status) => [status.uri, status])), loaded: true, problem: undefined });
    } catch (error) {
      set({ problem: problemOf(error), loaded: true });
    }
  },
  receive(status) {
    set({ statuses: { ...get().statuses, [status.uri]: status } });
  },
}));
