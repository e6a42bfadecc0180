import { decodeBase64 } from '../../encoding/base64';
import { checkPicture } from '../picture-check';
import { exchange } from '../server-exchange';
import { imageUrlProblem } from './image-address';
import type { ImageSource } from './markup-document';

export interface ImageFetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** A logo or coupon is tens of KiB; 2 MiB in 10 s is generous for any real one. */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

/**
 * Where a markup job's `[image: url …]` pictures come from: a `data:` URL is decoded, an http(s) URL fetched under the
 * address rules (image-address) and the limits, anything else refused; the picture's header is checked either way.
 */
export function imageSourceFor(serverIsPrivate: boolean, limits: ImageFetchLimits = IMAGE_FETCH_LIMITS, signal?: AbortSignal): ImageSource {
  return async (text) => {
    const bytes = text.startsWith('data:') ? dataUrlBytes(text, limits.maxBytes) : await fetched(text, serverIsPrivate, limits, signal);
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

async function fetched(text: string, serverIsPrivate: boolean, limits: ImageFetchLimits, signal: AbortSignal | undefined): Promise<Uint8Array> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('an image address in the markup is not a URL');
  }
  const problem = await imageUrlProblem(url, serverIsPrivate);
  if (problem) throw new Error(problem);
  const answer = await exchange({ url: url.href, method: 'GET', timeoutMs: limits.timeoutMs, maxBodyBytes: limits.maxBytes, signal });
  return answer.bytes;
}
