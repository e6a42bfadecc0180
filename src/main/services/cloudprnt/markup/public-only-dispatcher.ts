import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { isPrivateAddress, PRIVATE_IMAGE_PROBLEM } from './image-address';

/** How a host name becomes all its addresses (the system's resolver by default). */
export type ResolveAll = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** The system-style code of a connection refused here (the error's `code`, read back by image-fetch). */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';

export const systemResolveAll: ResolveAll = (hostname, callback) => systemLookup(hostname, { all: true }, callback);

/**
 * The connection's own name lookup, which refuses a host that resolves to a private or local address and hands the
 * socket exactly the addresses it checked. Checked once and connected to the same answer: a name that answers a
 * public address to a check and 127.0.0.1 to the connection (DNS rebinding) cannot reach the shop's network.
 */
export function publicOnlyLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new Error(PRIVATE_IMAGE_PROBLEM), { code: PRIVATE_ADDRESS_CODE }), '', 0);
      }
      return answerLookup(hostname, addresses, options, callback);
    });
  };
}

/** Hands a connection's lookup these addresses, of the family it asked for, as one or all (net.connect's contract). */
export function answerLookup(hostname: string, addresses: readonly LookupAddress[], options: LookupOptions, callback: Parameters<LookupFunction>[2]): void {
  const family = options.family === 4 || options.family === 6 ? options.family : undefined;
  const usable = addresses.filter((entry) => family === undefined || entry.family === family);
  if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
  if (options.all) return callback(null, usable);
  const first = usable[0] as LookupAddress;
  return callback(null, first.address, first.family);
}

/** An HTTP client whose every connection goes through publicOnlyLookup (for image hosts named by an internet server). */
export function publicOnlyDispatcher(resolveAll?: ResolveAll): Dispatcher {
  return new Agent({ connect: { lookup: publicOnlyLookup(resolveAll) } });
}
