import { DEFAULT_PRINTER_WORD } from '../../../shared/contract/online-orders';
import { paperGeometry } from '../../../shared/document/paper';
import { profileFor } from '../../../shared/printer-profiles/find-profile';
import { GENERIC_PROFILE } from '../../../shared/printer-profiles/profiles';
import type { PrinterProfile } from '../../../shared/printer-profiles/printer-profile';
import type { PrintService } from '../print-service';
import type { Door } from '../queue/door';
import { submitDocument } from './document-intake';
import type { IntakeOutcome, OnlineOrderIntake, OnlineOrderRequest, PrinterFacts } from './online-order-port';

/** How long a poll's job waits for paper before it is answered `timeout` (it goes on printing; an offer again waits). */
export const ONLINE_ORDER_WAIT_MS = 120_000;

interface KnownPrinter {
  uri: string;
  profile: PrinterProfile;
}

/**
 * The online-order doors' intake for one binding, over the service's own: every job goes through `submitDocument`
 * (validated, idempotent by id, journaled before its first byte) under the binding's own door, so the queue's fair
 * share keeps a server that sends a job every 10 ms from taking the local till's slots. Status and paper facts come
 * from the bound printer's live monitor and model profile, learnt by `prepare` before the client starts.
 */
export class ServiceOnlineOrderIntake implements OnlineOrderIntake {
  private known: KnownPrinter | undefined;

  constructor(
    private readonly service: PrintService,
    private readonly door: Door,
    private readonly waitMs = ONLINE_ORDER_WAIT_MS,
  ) {}

  /** Resolves the bound printer (`default` as jobs are routed), its model, and starts its live monitor. */
  async prepare(printer: string): Promise<void> {
    const uri = await this.service.catalog.resolve(printer === DEFAULT_PRINTER_WORD ? undefined : printer).catch(() => undefined);
    if (uri === undefined) return;
    const model = await this.service.printerModelAt(uri).catch(() => undefined);
    this.known = { uri, profile: profileFor(model) };
    await this.service.monitors.monitorFor(uri).catch(() => undefined);
  }

  print(request: OnlineOrderRequest): Promise<IntakeOutcome> {
    const { document, printer } = request;
    return submitDocument(this.service, {
      id: request.id,
      formerId: request.formerId,
      // `default` asks for no printer: the job goes where the service's default goes, like a `/ws` ticket without one.
      document: printer === DEFAULT_PRINTER_WORD ? document : { ...document, printer },
      door: this.door,
      source: request.source,
      timeoutMs: this.waitMs,
      // The server's token names the order; the body it serves may be rendered anew at each fetch.
      idNamesTheJob: true,
    });
  }

  status(): ReturnType<OnlineOrderIntake['status']> {
    return this.known ? this.service.monitors.statusOf(this.known.uri) : undefined;
  }

  watchStatus(_printer: string, listener: () => void): () => void {
    const onStatus = (status: { uri: string }): void => {
      if (status.uri === this.known?.uri) listener();
    };
    this.service.monitors.on('status', onStatus);
    return () => this.service.monitors.off('status', onStatus);
  }

  describe(): PrinterFacts {
    const profile = this.known?.profile ?? GENERIC_PROFILE;
    const geometry = paperGeometry(undefined, profile);
    return { paperWidthMm: geometry.paperMm, dots: geometry.dots, dotsPerMm: Math.round(profile.dpi / 25.4), star: profile.commandSet !== 'escpos' };
  }
}
