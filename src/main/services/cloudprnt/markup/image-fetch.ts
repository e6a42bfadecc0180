import type { Dispatcher } from 'undici';
import { decodeBase64 } from '../../encoding/base64';
import { checkPicture } from '../picture-check';
import { exchange } from '../server-exchange';
import { ServiceError } from '../../http/service-error';
import { imageUrlProblem, PRIVATE_IMAGE_PROBLEM } from './image-address';
import type { ImageSource } from './markup-document';
import { PRIVATE_ADDRESS_CODE, publicOnlyDispatcher } from './public-only-dispatcher';

export interface ImageFetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** A logo or coupon is tens of KiB; 2 MiB in 10 s is generous for any real one. */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

/** For a server on the internet: every image connection checked where it is made (one for the process). */
let internetImages: Dispatcher | undefined;

export interface ImageSourceOptions {
  limits?: ImageFetchLimits;
  signal?: AbortSignal | undefined;
  /** The connections for a server on the internet (tests: one with their own name resolver). */
  publicOnly?: Dispatcher;
}

/**
 * Where a markup job's `[image: url …]` pictures come from: a `data:` URL is decoded, an http(s) URL fetched under the
 * address rules (image-address, and for a server on the internet public-only-dispatcher) and the limits, anything
 * else refused; the picture's header is checked either way.
 */
export function imageSourceFor(serverIsPrivate: boolean, options: ImageSourceOptions = {}): ImageSource {
  const limits = options.limits ?? IMAGE_FETCH_LIMITS;
  const dispatcher = serverIsPrivate ? undefined : (options.publicOnly ?? (internetImages ??= publicOnlyDispatcher()));
  return async (text) => {
    const bytes = text.startsWith('data:') ? dataUrlBytes(text, limits.maxBytes) : await fetched(text, serverIsPrivate, limits, options.signal, dispatcher);
    checkPicture(bytes);
    return bytes;
  };
}

function dataUrlBytes(text: string, maxBytes: number): Uint8Array {
  if (text.length > (maxBytes * 4) / 3 + 64) throw new Error('the image in the markup is larger than allowed');
  const bytes = decodeBase64(text.replace(/^data:[^,]*;base64,/, ''));
  if (!bytes) throw new Error('the image in the markup is not valid base64');
  return bytes;
}

async function fetched(text: string, serverIsPrivate: boolean, limits: ImageFetchLimits, signal: AbortSignal | undefined, dispatcher: Dispatcher | undefined): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('an image address in the markup is not a URL');
  }
  const problem = imageUrlProblem(url, serverIsPrivate);
  if (problem) throw new Error(problem);
  try {
    const answer = await exchange({ url: url.href, method: 'GET', timeoutMs: limits.timeoutMs, maxBodyBytes: limits.maxBytes, signal, dispatcher });
    return answer.bytes;
  } catch (failure) {
    // Refused where the connection looked the name up (public-only-dispatcher): said as the rule, not as "network".
    if (failure instanceof ServiceError && failure.causeCode === PRIVATE_ADDRESS_CODE) throw new Error(PRIVATE_IMAGE_PROBLEM);
    throw failure;
  }
}
