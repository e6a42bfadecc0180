import type { ServiceStatus } from '../../../../shared/contract/types';

/**
 * What the owner types into an Epson POS as its printer's address: this computer's `host:port`, taken from the
 * addresses the service already shows for `/ws` (the shop's network ones when it listens there, else this computer's),
 * and, for POS pages opened with https://, the secure listener's.
 */
export function eposAddressesOf(status: ServiceStatus | undefined): { plain: string[]; secure: string[] } {
  if (!status) return { plain: [], secure: [] };
  const network = status.overview?.networkWsUrls ?? [];
  const plain = (network.length > 0 ? network : [status.wsUrl]).map(hostPortOf);
  const secure = (status.tls?.wssUrls ?? []).map(hostPortOf);
  return { plain: unique(plain), secure: unique(secure) };
}

/** The path Star's WebPRNT apps post to, on the default printer (`/<POS id>/StarWebPRNT/SendMessage` for another). */
export const WEBPRNT_PATH = '/StarWebPRNT/SendMessage';

/**
 * What the owner types into a Star WebPRNT POS as its printer's URL: the same addresses as for Epson apps, as the full
 * URL Star's apps ask for (http for the plain listener, https for the secure one).
 */
export function webPrntUrlsOf(status: ServiceStatus | undefined): string[] {
  const { plain, secure } = eposAddressesOf(status);
  return [...plain.map((host) => `http://${host}${WEBPRNT_PATH}`), ...secure.map((host) => `https://${host}${WEBPRNT_PATH}`)];
}

function hostPortOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const unique = (values: string[]): string[] => [...new Set(values.filter((value) => value !== ''))];
