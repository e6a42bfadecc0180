import type { IPublishPacket, MqttClient } from 'mqtt';
import { ALL_STATES_TOPIC, siteOfTopic, TOPIC_ROOT } from './fleet-topics.mjs';

/** A site's retained state as it publishes it (the service's services/fleet/site-state.ts), read loosely. */
export interface SiteState {
  site: string;
  online: boolean;
  /** When the site published it (its clock). */
  at: string;
  version?: string;
  reason?: string;
  health?: { status?: string; queue?: { current?: number; capacity?: number } };
  printers?: Array<{ name: string; status: string; live?: { paper: string; coverOpen: boolean; blocker: string | null } }>;
  held?: { count: number; ids: string[] };
  lastTicketAt?: string | null;
}

/** States are small; anything larger on a state topic is not a site's. */
const MAX_STATE_BYTES = 256 * 1024;

/** Every site's retained state, subscribed on demand (`fleet sites`, `fleet watch`). */
export class SiteStates {
  private readonly known = new Map<string, SiteState>();
  private readonly listeners = new Set<(state: SiteState) => void>();
  private subscribed = false;

  constructor(private readonly client: MqttClient) {}

  /** True when the message was a site's state (taken here). */
  take(packet: IPublishPacket): boolean {
    if (!packet.topic.startsWith(`${TOPIC_ROOT}/`) || !packet.topic.endsWith('/state')) return false;
    const site = siteOfTopic(packet.topic);
    if (site === undefined || packet.payload.length > MAX_STATE_BYTES) return true;
    let state: SiteState;
    try {
      const value = JSON.parse(Buffer.from(packet.payload).toString('utf8')) as Partial<SiteState>;
      state = { ...value, site, online: value.online === true, at: typeof value.at === 'string' ? value.at : '' };
    } catch {
      return true;
    }
    this.known.set(site, state);
    for (const listener of this.listeners) listener(state);
    return true;
  }

  resubscribe(): void {
    if (this.subscribed) this.client.subscribe(ALL_STATES_TOPIC, { qos: 1 });
  }

  listen(listener: (state: SiteState) => void): () => void {
    this.listeners.add(listener);
    this.subscribe();
    return () => this.listeners.delete(listener);
  }

  /** The retained states arrive right after subscribing; waits `waitMs` for them. */
  async all(waitMs = 1_500): Promise<SiteState[]> {
    this.subscribe();
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return [...this.known.values()].sort((a, b) => a.site.localeCompare(b.site));
  }

  private subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    if (this.client.connected) this.client.subscribe(ALL_STATES_TOPIC, { qos: 1 });
  }
}
