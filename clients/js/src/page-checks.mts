import { TicketeraError } from './errors.mjs';

/**
 * What a browser page needs to reach the service. Two rules apply (README "For POS developers"):
 * - mixed content: an https page may not open `ws://` to another computer (loopback is exempt);
 * - Local Network Access (Chrome 142+ for fetch, 147+ for WebSockets): a page must be granted a permission to reach
 *   this computer or the shop's network. The permission was `local-network-access` (Chrome 142) and is split since
 *   Chrome 145 into `loopback-network` (localhost, 127.0.0.0/8, ::1) and `local-network` (private addresses), the
 *   old name kept as an alias. Enterprise policies: `LoopbackNetworkAllowedForUrls` (Chrome/Edge 146+) and
 *   `LocalNetworkAccessAllowedForUrls`; iframes need `allow="loopback-network"` / `allow="local-network"`
 *   (`local-network-access` on older versions).
 */

const LOOPBACK_NAMES = /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.test(hostname);
}

interface PageLocation {
  protocol: string;
  hostname: string;
  origin: string;
}

/** The page this code runs in, or undefined outside a browser (Node, a worker without one). */
function pageLocation(): PageLocation | undefined {
  const { location } = globalThis as { location?: PageLocation };
  return location && typeof location.protocol === 'string' ? location : undefined;
}

/** An https page asking for `ws://` on another computer: the browser would refuse, say what to do instead. */
export function insecurePageProblem(target: URL): TicketeraError | undefined {
  const page = pageLocation();
  if (page?.protocol !== 'https:' || target.protocol !== 'ws:' || isLoopbackHost(target.hostname)) return undefined;
  // Ticketera serves wss:// on its own port, 8767 beside the plain 8766 (DEFAULT_TLS_PORT in src/shared/protocol.ts).
  const secure = target.port === '8766' ? `wss://${target.hostname}:8767${target.pathname}` : `wss://${target.hostname}:<its secure port>${target.pathname}`;
  return new TicketeraError(
    'insecure-page',
    `This page is served over https, and browsers block a plain ws:// connection from it to ${target.host} (mixed content). ` +
      `Turn on Ticketera's TLS on that computer (README: "Connecting from HTTPS pages") and connect to ${secure}; ` +
      `ws://localhost is only allowed when Ticketera runs on the same computer as the browser.`,
  );
}

export type PermissionStateName = 'granted' | 'denied' | 'prompt';

/** The live answer of `navigator.permissions.query`, as much of it as is used here. */
export interface PermissionWatch {
  readonly name: string;
  readonly state: PermissionStateName;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

type PermissionQuery = (descriptor: { name: string }) => Promise<Omit<PermissionWatch, 'name'>>;

/**
 * The browser's Local Network Access permission for reaching `target`, where the browser can tell (Chrome 142+);
 * undefined elsewhere (Node, Firefox, Safari, older Chrome) and for pages on this computer, which need none.
 */
export async function localNetworkPermission(target: URL): Promise<PermissionWatch | undefined> {
  const page = pageLocation();
  if (!page || isLoopbackHost(page.hostname)) return undefined;
  const { navigator } = globalThis as { navigator?: { permissions?: { query?: PermissionQuery } } };
  const permissions = navigator?.permissions;
  if (typeof permissions?.query !== 'function') return undefined;
  const names = isLoopbackHost(target.hostname) ? ['loopback-network', 'local-network-access'] : ['local-network', 'local-network-access'];
  for (const name of names) {
    try {
      const status = await permissions.query({ name });
      return {
        name,
        get state() {
          return status.state;
        },
        addEventListener: (type, listener) => status.addEventListener(type, listener),
        removeEventListener: (type, listener) => status.removeEventListener(type, listener),
      };
    } catch {
      // A browser that does not know this permission name throws (TypeError): try the older name, then give up.
    }
  }
  return undefined;
}

/** Said when the permission is `denied`: the page cannot reach the service until someone allows it. */
export function blockedProblem(permission: string, target: URL): TicketeraError {
  const page = pageLocation();
  const insecure = (globalThis as { isSecureContext?: boolean }).isSecureContext === false;
  return new TicketeraError(
    'local-network-blocked',
    `The browser blocks this page from reaching Ticketera at ${target.host}: its "${permission}" permission (Local Network Access) is denied. ` +
      (insecure
        ? `The page is not served over https, and browsers only let secure pages ask for it: serve the POS over https. `
        : `Allow it in the site's settings (the icon left of the address → Site settings → "Local network access"; from Chrome 145 "Loopback network" for this computer, "Local network" for another → Allow); the client then connects by itself. `) +
      `Administrators can allow the POS site for every cashier with the enterprise policies LoopbackNetworkAllowedForUrls ` +
      `(Ticketera on the same computer) or LocalNetworkAccessAllowedForUrls listing ${page?.origin ?? 'the POS origin'}. ` +
      `Inside an iframe, the frame also needs allow="loopback-network; local-network; local-network-access".`,
  );
}

/** Said while the permission is `prompt`: the browser is about to ask, and nothing prints until someone answers. */
export function promptProblem(target: URL): TicketeraError {
  return new TicketeraError(
    'local-network-blocked',
    `The browser will ask whether this page may reach devices on the local network (Ticketera at ${target.host}): ` +
      `answer "Allow" once and it is remembered; until then tickets wait.`,
  );
}
