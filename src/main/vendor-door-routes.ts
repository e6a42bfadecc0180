import type { HttpRoute } from './services/http/http-route';
import type { TokenCheck } from './services/intake/token-check';
import type { PrintService } from './services/print-service';
import type { OriginGate } from './services/site-consent/origin-approval';
import { EPOS_PATH } from './services/epos/epos-protocol';
import { lazyRoute } from './services/server/lazy-route';

/** What both vendor doors are built from (see eposRoute and webPrntDoor). */
export interface VendorDoorOptions {
  service: PrintService;
  origins: OriginGate;
  token: TokenCheck | undefined;
  /** One POS id per printer serves both doors: `devid` for Epson apps, the path for Star's. */
  posIds: () => readonly { id: string; printer: string }[];
  ratePerMinute: number;
  log?: (line: string) => void;
}

/** Every path the WebPRNT door answers ends so (with or without a POS id before it); the door checks the rest. */
const WEBPRNT_ENDING = /\/starwebprnt\/sendmessage\/?$/i;

/**
 * The ePOS-Print and WebPRNT doors, on every listener (HTTP and TLS), through the same site consent as `/ws`. Each is
 * its own chunk in the build, loaded with its libraries (the XML parser, the page drawing, the picture codecs) on its
 * first request, or at start when the owner set POS ids for them: a shop whose tills speak `/ws` never pays for them.
 */
export function vendorDoorRoutes(options: VendorDoorOptions): HttpRoute[] {
  const { service, origins, token, posIds, ratePerMinute, log } = options;
  const epos = lazyRoute(
    (url) => url.pathname === EPOS_PATH,
    async () => (await import('./services/epos/epos-route')).eposRoute({ service, origins, token, devices: posIds, ratePerMinute }),
  );
  const webPrnt = lazyRoute(
    (url) => WEBPRNT_ENDING.test(url.pathname),
    async () => (await import('./services/webprnt/webprnt-door')).webPrntDoor({ service, origins, token, posIds, ratePerMinute, ...(log ? { log } : {}) }),
  );
  if (posIds().length > 0) {
    // Configured: loaded now, so the first sale does not wait for it (a failure shows on that sale's request).
    void epos.preload().catch(() => undefined);
    void webPrnt.preload().catch(() => undefined);
  }
  return [epos, webPrnt];
}
