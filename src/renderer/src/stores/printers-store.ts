import { create } from 'zustand';
import type { PrinterList } from '../../../shared/contract/types';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import type { PrintDocument } from '../../../shared/document/types';
import { api } from '../api/api';
import { useSettingsStore } from './settings-store';
import { problemOf, type Problem } from './store-problem';
import { submitTestPage } from './test-jobs';

interface PrintersState {
  /** The service's `caveat` text is not kept: it is in both languages at once, and the window has its own. */
  list: Omit<PrinterList, 'caveat'> | undefined;
  loading: boolean;
  /** The printer an action (default, test page) is running for. */
  busy: string | undefined;
  problem: Problem | undefined;
  load(): Promise<void>;
  receive(printers: PrinterDetail[], summary: PrinterSummary): void;
  /** Makes it the default printer (saved and applied at once); true when done. */
  setDefault(name: string): Promise<boolean>;
  /** Queues a document on that printer; true when queued. */
  printTest(name: string, document: PrintDocument): Promise<boolean>;
}

export const usePrintersStore = create<PrintersState>()((set, get) => ({
  list: undefined,
  loading: false,
  busy: undefined,
  problem: undefined,
  async load() {
    set({ loading: true });
    try {
      const { printers, summary } = await api.listPrinters({ refresh: true });
      set({ list: { printers, summary }, problem: undefined, loading: false });
    } catch (error) {
      set({ problem: problemOf(error), loading: false });
    }
  },
  receive(printers, summary) {
    if (get().list) set({ list: { printers, summary } });
  },
  async setDefault(name) {
    set({ busy: name });
    try {
      const view = await api.updateSettings({ settings: { defaultPrinter: name } });
      useSettingsStore.setState({ settings: view });
      set({ busy: undefined, problem: undefined });
      // The service restarts with the new default: read it again once it has.
      if (view.applying) void useSettingsStore.getState().followApply(view);
      return true;
    } catch (error) {
      set({ busy: undefined, problem: problemOf(error) });
      return false;
    }
  },
  async printTest(name, document) {
    set({ busy: name });
    try {
      await submitTestPage(() => api.submitJob({ document, printer: name }));
      set({ busy: undefined, problem: undefined });
      return true;
    } catch (error) {
      set({ busy: undefined, problem: problemOf(error) });
      return false;
    }
  },
}));
