import { BlockList, isIP } from 'node:net';

/**
 * Addresses an image URL in a server's markup must not reach when the server itself is on the internet: loopback,
 * private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local IPv6. Otherwise a
 * server could make the shop's computer fetch from its own network (the till, the router's pages) on its behalf.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return PRIVATE.check(address, 'ipv4');
}

export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** This computer by name, or a private address written out: known without asking DNS. */
const isLocalLiteral = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);

/**
 * How a server's name answers, judged whole: every address on this computer or the shop's network (`private`: its
 * pictures may be there too), every one on the internet (`public`), or both (`mixed`). A name that answers both a
 * public address and 127.0.0.1 is not a shop's server: counted private it would open the shop's network to the
 * pictures of a server on the internet, so it is refused (server-route), as a picture host with any private answer is.
 */
export type AddressJudgement = 'private' | 'public' | 'mixed';

export function judgeAddresses(addresses: readonly string[]): AddressJudgement {
  const privates = addresses.filter(isPrivateAddress).length;
  if (privates === 0) return 'public';
  return privates === addresses.length ? 'private' : 'mixed';
}

export const PRIVATE_IMAGE_PROBLEM = 'the image is on a private or local address and the server is not';

/**
 * Why an image URL may not be fetched, or null when it may: http(s) only (never `file:`, `data:` is decoded by the
 * caller), and for a server on the internet, no host that is a private address or `localhost`. A name is checked
 * where it is connected to (public-only-dispatcher): the address checked is the address used.
 */
export function imageUrlProblem(url: URL, serverIsPrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `only http and https images are fetched, not ${url.protocol}`;
  if (url.username || url.password) return 'image addresses with a user name or password are not fetched';
  if (serverIsPrivate) return null;
  return isLocalLiteral(bareHost(url.hostname)) ? PRIVATE_IMAGE_PROBLEM : null;
}
