import type { PrinterCore } from './printer-core';
import type { PrinterSimulator } from './types';

/** What differs between links: the cable, and shutting the link down. */
export interface SimulatorLink {
  unplug(): void;
  plugIn(): void;
  close(): Promise<void>;
}

/** The PrinterSimulator the tests use, over the shared printer and one link. */
export function simulatorApi(core: PrinterCore, link: SimulatorLink): PrinterSimulator {
  return {
    get state() {
      return core.state;
    },
    get requests() {
      return core.requests;
    },
    set: (change) => core.set(change),
    paperOutAfterLines: (lines) => core.paperOutAfterLines(lines),
    stopAnswering: () => core.stopAnswering(),
    resumeAnswering: () => core.resumeAnswering(),
    unplug: () => link.unplug(),
    plugIn: () => link.plugIn(),
    printed: () => core.printed(),
    printedText: () => core.printedText(),
    buffered: () => core.buffered(),
    bytesRead: () => core.bytesRead(),
    mechanismMs: () => core.mechanismMs(),
    printedMm: () => core.printedMm(),
    loadRoll: (mm) => core.loadRoll(mm),
    floodAsb: (bytesPerSecond, ms) => core.floodAsb(bytesPerSecond, ms),
    waitForPrinted: (text, timeoutMs = 5_000) => waitForPrinted(core, text, timeoutMs),
    close: async () => {
      core.close();
      await link.close();
    },
  };
}

function waitForPrinted(core: PrinterCore, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      clearTimeout(timer);
      unsubscribe();
    };
    const fail = (why: string): void => {
      stop();
      const state = JSON.stringify(core.state);
      reject(new Error(`${JSON.stringify(text)} ${why}; printed so far: ${JSON.stringify(core.printedText())}; ${core.buffered()} bytes buffered; ${state}`));
    };
    const check = (): void => {
      if (core.printedText().includes(text)) {
        stop();
        resolve();
      } else if (core.closed) {
        fail('was not printed before the simulator closed');
      }
    };
    const timer = setTimeout(() => fail(`was not printed within ${timeoutMs} ms`), timeoutMs);
    const unsubscribe = core.onProgress(check);
    check();
  });
}
