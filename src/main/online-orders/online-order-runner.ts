import type { OnlineOrderConfig } from '../../shared/contract/online-orders';
import type { OnlineOrderState } from '../../shared/contract/online-order-state';
import { CloudPrntClient } from '../services/cloudprnt/cloudprnt-client';
import { interpretEposPrint } from '../services/epos/epos-print-xml';
import { ServiceOnlineOrderIntake } from '../services/intake/online-order-intake';
import type { PrintService } from '../services/print-service';
import { SdpClient } from '../services/sdp/sdp-client';
import type { OnlineOrderClients, OnlineOrderTiming } from './online-order-clients';
import { onlineOrderProblemOf } from './online-order-problem';

/** How long shutting down waits for a client in the middle of an order. */
const STOP_WAIT_MS = 3_000;

/** What the composition needs of either client: its loop, one poll on demand, and what it saw. */
interface RunningClient {
  start(): void;
  close(): Promise<void>;
  pollOnce(): Promise<unknown>;
  snapshot(): { lastPollAt: number | null; connected: boolean; jobsPrinted: number; lastError: { kind: string } | null };
}

interface Entry {
  binding: OnlineOrderConfig;
  client: RunningClient;
  printerId: string;
  started: boolean;
  ready: Promise<void>;
}

/**
 * One client per configured server (settings and `serve --cloudprnt/--sdp`), each with an intake of its own door so
 * the queue's fair share holds per server. The SDP client gets the ePOS-Print interpreter here: doors never import
 * each other. A settings change restarts the whole service, and with it these clients. Its own chunk in the build,
 * loaded only when a server is configured (see startOnlineOrderClients).
 */
export function runOnlineOrderClients(
  service: PrintService,
  bindings: readonly OnlineOrderConfig[],
  options: { log?: (line: string) => void; timing?: OnlineOrderTiming } = {},
): OnlineOrderClients {
  const log = options.log ?? (() => undefined);
  let stopped = false;
  const entries = bindings.map((binding): Entry => {
    const intake = new ServiceOnlineOrderIntake(service, `online:${binding.id}`);
    const client = clientOf(binding, intake, options.timing ?? {}, log);
    const printerId = client instanceof CloudPrntClient ? client.printerMac : binding.deviceId;
    const entry: Entry = { binding, client, printerId, started: false, ready: Promise.resolve() };
    // The printer is resolved and its monitor started first, so the first poll already reports its real status.
    entry.ready = intake.prepare(binding.printer).then(() => {
      if (stopped) return;
      client.start();
      entry.started = true;
    });
    return entry;
  });

  return {
    bindings: () => bindings.map(({ password: _secret, ...binding }) => binding),
    states: () => entries.map(stateOf),
    async test(id) {
      const entry = entries.find((each) => each.binding.id === id);
      if (!entry || stopped) return undefined;
      const before = entry.client.snapshot().jobsPrinted;
      await entry.client.pollOnce();
      const after = entry.client.snapshot();
      const problem = after.lastError ? onlineOrderProblemOf(after.lastError.kind) : null;
      return { answered: after.connected, printedOrder: after.jobsPrinted > before, problem };
    },
    async stop() {
      stopped = true;
      const closed = Promise.all(
        entries.map(async (entry) => {
          await entry.ready;
          await entry.client.close();
        }),
      );
      // A client may be waiting for an order's paper: it is journaled, so shutting down never waits for it long
      // (offered again after the restart, the order is answered from the journal).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
    },
  };
}

function clientOf(binding: OnlineOrderConfig, intake: ServiceOnlineOrderIntake, timing: OnlineOrderTiming, log: (line: string) => void): RunningClient {
  const credentials = binding.user !== '' || binding.password ? { user: binding.user, password: binding.password ?? '' } : undefined;
  if (binding.protocol === 'cloudprnt') {
    return new CloudPrntClient({ serverUrl: binding.url, printer: binding.printer, pollIntervalSeconds: binding.intervalSeconds, ...(credentials ? { credentials } : {}) }, intake, timing.cloudprnt, log);
  }
  return new SdpClient(
    {
      serverUrl: binding.url,
      statusUrl: binding.statusUrl || undefined,
      printer: binding.printer,
      deviceId: binding.deviceId,
      name: binding.name,
      credentials,
      pollIntervalSeconds: binding.intervalSeconds,
    },
    intake,
    interpretEposPrint,
    timing.sdp,
    log,
  );
}

function stateOf(entry: Entry): OnlineOrderState {
  const seen = entry.client.snapshot();
  return {
    id: entry.binding.id,
    protocol: entry.binding.protocol,
    host: hostOf(entry.binding.url),
    printer: entry.binding.printer,
    printerId: entry.printerId,
    lastPollAt: seen.lastPollAt,
    lastPollOk: seen.connected,
    jobsPrinted: seen.jobsPrinted,
    lastProblem: seen.lastError ? onlineOrderProblemOf(seen.lastError.kind) : null,
    running: entry.started,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
