import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { errorFromFailure } from '../http/error-meaning';
import { ServiceError } from '../http/service-error';
import { bareHost, isPrivateAddress, judgeAddresses } from './markup/image-address';
import { answerLookup, systemResolveAll } from './markup/public-only-dispatcher';
import { CLOUDPRNT_SERVICE } from './server-exchange';

/** How one round (a poll and the job it brings) reaches the server, and what its pictures may reach. */
export interface ServerRoute {
  /** On this computer or the shop's network: the markup's pictures may be there too. */
  private: boolean;
  /** Connections to exactly the addresses judged (none for a server given as an address: nothing to look up). */
  dispatcher: Dispatcher | undefined;
  close(): Promise<void>;
}

/** The window's `kind` for a server whose name answers both public and private addresses. */
export const MIXED_ADDRESSES = 'mixed-addresses';

/** Refused before any connection: its name answers public and private addresses together. */
export class MixedAddressesError extends Error {
  readonly kind = MIXED_ADDRESSES;
  constructor() {
    super("the server's name answers both internet and private or local addresses; refused (a shop's server answers one kind)");
    this.name = 'MixedAddressesError';
  }
}

/**
 * The server's name looked up for this round only — never kept: a name that answered the shop's network yesterday may
 * answer the internet today — and judged whole (image-address, judgeAddresses): all private, all public, or refused.
 * The round's connections go to exactly the addresses judged, so what decided the picture rule is where the poll and
 * the job came from (no DNS rebinding between the look-up and the connection).
 */
export async function routeToServer(serverUrl: string, timeoutMs: number): Promise<ServerRoute> {
  const host = bareHost(new URL(serverUrl).hostname);
  if (isIP(host)) return { private: isPrivateAddress(host), dispatcher: undefined, close: async () => undefined };
  const addresses = await resolveWithin(host, timeoutMs);
  const judged = judgeAddresses(addresses.map(({ address }) => address));
  if (judged === 'mixed') throw new MixedAddressesError();
  const agent = new Agent({ connect: { lookup: (hostname, options, callback) => answerLookup(hostname, addresses, options, callback) } });
  return { private: judged === 'private', dispatcher: agent, close: () => agent.destroy() };
}

function resolveWithin(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ServiceError({ kind: 'timeout', service: CLOUDPRNT_SERVICE, retryable: true, attempts: 1, cause: 'ETIMEOUT' })), timeoutMs);
    systemResolveAll(host, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(errorFromFailure(CLOUDPRNT_SERVICE, error));
      else if (addresses.length === 0) reject(errorFromFailure(CLOUDPRNT_SERVICE, { code: 'ENOTFOUND' }));
      else resolve(addresses);
    });
  });
}
