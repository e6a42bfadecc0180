import { create } from 'zustand';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import type { PrinterList } from '../../../shared/contract/types';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface PrintersState {
  list: PrinterList | undefined;
  loading: boolean;
  error: string | undefined;
  load(): Promise<void>;
  receive(printers: PrinterDetail[], summary: PrinterSummary): void;
}

export const usePrintersStore = create<PrintersState>()((set, get) => ({
  list: undefined,
  loading: false,
  error: undefined,
  async load() {
    set({ loading: true });
    try {
      set({ list: await api.listPrinters({ refresh: true }), error: undefined, loading: false });
    } catch (error) {
      set({ error: messageOf(error), loading: false });
    }
  },
  receive(printers, summary) {
    const current = get().list;
    if (current) set({ list: { ...current, printers, summary } });
  },
}));
