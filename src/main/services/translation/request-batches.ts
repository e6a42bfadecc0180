import { TranslationRuleError } from './translation-rule-error';

/** The spec's limit for one text translation request, body included. */
export const MAX_REQUEST_BYTES = 128 * 1024;

/**
 * Splits texts into consecutive groups whose JSON body (with the given options around them) stays within the
 * request limit; concatenating the groups gives the texts back in order. A text that cannot fit even alone is
 * refused before anything is sent.
 */
export function splitIntoBatches(
  texts: readonly string[],
  bodyFor: (texts: readonly string[]) => Record<string, unknown>,
  maxBytes: number = MAX_REQUEST_BYTES,
): string[][] {
  const emptyBodyBytes = Buffer.byteLength(JSON.stringify(bodyFor([])));
  const batches: string[][] = [];
  let current: string[] = [];
  let currentBytes = emptyBodyBytes;
  texts.forEach((text, index) => {
    const textBytes = Buffer.byteLength(JSON.stringify(text));
    if (emptyBodyBytes + textBytes > maxBytes) {
      throw new TranslationRuleError({ rule: 'text-too-large', index, bytes: Buffer.byteLength(text), maxBytes });
    }
    const separator = current.length > 0 ? 1 : 0;
    if (currentBytes + separator + textBytes > maxBytes) {
      batches.push(current);
      current = [];
      currentBytes = emptyBodyBytes;
    }
    currentBytes += (current.length > 0 ? 1 : 0) + textBytes;
    current.push(text);
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
