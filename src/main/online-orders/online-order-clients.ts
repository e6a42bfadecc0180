import type { OnlineOrderBinding, OnlineOrderConfig } from '../../shared/contract/online-orders';
import type { OnlineOrderState, OnlineOrderTestResult } from '../../shared/contract/online-order-state';
import type { CloudPrntTiming } from '../services/cloudprnt/cloudprnt-client';
import type { PrintService } from '../services/print-service';
import type { SdpTiming } from '../services/sdp/sdp-client';

export interface OnlineOrderTiming {
  cloudprnt?: Partial<CloudPrntTiming>;
  sdp?: Partial<SdpTiming>;
}

/** The running online-order clients of one service start: read by the window, stopped with the service. */
export interface OnlineOrderClients {
  /** The servers this start runs, without their passwords. */
  bindings(): OnlineOrderBinding[];
  states(): OnlineOrderState[];
  /** One poll now of a configured server; undefined when no such binding runs. */
  test(id: string): Promise<OnlineOrderTestResult | undefined>;
  stop(): Promise<void>;
}

/** A shop with no online-order server: nothing runs, nothing was loaded. */
const NONE: OnlineOrderClients = {
  bindings: () => [],
  states: () => [],
  test: () => Promise.resolve(undefined),
  stop: () => Promise.resolve(),
};

/**
 * The CloudPRNT and Epson SDP clients for the configured servers (see runOnlineOrderClients). Their code and libraries
 * (undici, the markup renderer, the ePOS interpreter, the picture codecs) are loaded only when a server is configured:
 * a shop without online orders never pays for them, at rest or per ticket.
 */
export async function startOnlineOrderClients(
  service: PrintService,
  bindings: readonly OnlineOrderConfig[],
  options: { log?: (line: string) => void; timing?: OnlineOrderTiming } = {},
): Promise<OnlineOrderClients> {
  if (bindings.length === 0) return NONE;
  return (await import('./online-order-runner')).runOnlineOrderClients(service, bindings, options);
}
