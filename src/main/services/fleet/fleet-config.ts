/**
 * Remote printing through an MQTT 5 broker (issue 26): off unless a broker URL and a site name are configured.
 * The service connects out to the broker; nothing listens on the shop's network for this.
 */
export interface FleetConfig {
  /** `mqtts://broker.example.com:8883` (or `mqtt://` on a trusted network, `ws(s)://` through a proxy). */
  url: string;
  /** This shop's name in the topics (`ticketera/sites/<site>/…`); also its MQTT user name in the example ACL. */
  site: string;
  username: string | undefined;
  /** From TICKETERA_FLEET_PASSWORD or the settings' encrypted secret; never logged. */
  password: string | undefined;
  /** PEM files: the broker's CA, and a client certificate and key instead of (or beside) a password. */
  caFile: string | undefined;
  certFile: string | undefined;
  keyFile: string | undefined;
  /**
   * A ticket that says when it was sent (our client's `sent-at`) and carries no MQTT Message Expiry is not printed
   * once it is older than this: a kitchen order from three hours ago is worse than none. 0 turns it off.
   */
  ticketExpiryMinutes: number;
}

/** An hour: a shop that was offline longer than that no longer wants yesterday's orders by default. */
export const DEFAULT_FLEET_TICKET_EXPIRY_MINUTES = 60;

/** A site name is one topic level: no wildcards, no separators, nothing a broker's ACL patterns could misread. */
export const SITE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The broker's address as the window and the log may show it: never a user name or password from the URL. */
export function shownBrokerUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}
