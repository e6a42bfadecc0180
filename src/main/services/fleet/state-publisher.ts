import type { PrintService } from '../print-service';
import { siteStateOf, type SiteState } from './site-state';

export interface StatePublisherOptions {
  site: string;
  env: string;
  version: string;
  lastTicketAt(): string | null;
  publish(payload: string): Promise<void>;
  /** The state goes out at least this often (a heartbeat for `fleet sites`' "last seen"). */
  everyMs?: number;
  /** …and at most this often, however busy the shop: a burst of tickets costs one state message per interval. */
  atMostEveryMs?: number;
  /** How the state is read (the service's, by default; tests: one that answers when they say). */
  stateOf?: () => Promise<SiteState>;
}

const EVERY_MS = 60_000;
const AT_MOST_EVERY_MS = 2_000;

/** The retained state, on change (coalesced) and on a bounded schedule. */
export class StatePublisher {
  private heartbeat: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  private lastAt = 0;
  private running = false;
  private readonly onChange = (): void => this.soon();

  constructor(
    private readonly service: PrintService,
    private readonly options: StatePublisherOptions,
  ) {}

  start(): void {
    this.running = true;
    this.heartbeat = setInterval(() => this.now(), this.options.everyMs ?? EVERY_MS);
    this.heartbeat.unref();
    this.service.queue.on('changed', this.onChange);
    this.service.queue.on('finished', this.onChange);
    this.service.monitors.on('status', this.onChange);
  }

  stop(): void {
    this.running = false;
    clearInterval(this.heartbeat);
    clearTimeout(this.pending);
    this.service.queue.off('changed', this.onChange);
    this.service.queue.off('finished', this.onChange);
    this.service.monitors.off('status', this.onChange);
  }

  /** Something changed: publish within the rate bound. */
  soon(): void {
    if (!this.running || this.pending !== undefined) return;
    const wait = Math.max(0, this.lastAt + (this.options.atMostEveryMs ?? AT_MOST_EVERY_MS) - Date.now());
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.now();
    }, wait);
    this.pending.unref();
  }

  now(): void {
    if (!this.running) return;
    this.lastAt = Date.now();
    const { site, env, version, stateOf } = this.options;
    (stateOf ? stateOf() : siteStateOf(this.service, site, env, version, this.options.lastTicketAt()))
      // Reading the state takes a moment (the printers are asked): a reading that ends after stop() is not sent, or
      // an "online" would land after the goodbye "stopped" and stay retained for a site that is gone.
      .then((state) => (this.running ? this.options.publish(JSON.stringify(state)) : undefined))
      .catch(() => undefined);
  }
}
