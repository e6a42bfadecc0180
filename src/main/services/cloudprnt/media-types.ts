import type { PrinterFacts } from '../intake/online-order-port';

export const STAR_MARKUP = 'text/vnd.star.markup';
export const PLAIN_TEXT = 'text/plain';
export const PNG = 'image/png';
export const JPEG = 'image/jpeg';
/** Star's own command languages (CloudPRNT Developer Guide, "6. Content Media Types"): raw bytes for a Star printer. */
export const STAR_COMMAND_TYPES = ['application/vnd.star.starprnt', 'application/vnd.star.line'] as const;

/**
 * The media types the bound printer takes, best first: markup keeps text as text (sharp, small), images next, plain
 * text last (no layout). Star's command languages only for a Star printer, where they are its own language.
 */
export function acceptedMediaTypes(facts: PrinterFacts): string[] {
  return [STAR_MARKUP, ...(facts.star ? STAR_COMMAND_TYPES : []), PNG, JPEG, PLAIN_TEXT];
}

/** The bare type of a media type (`text/plain; charset=utf-8` → `text/plain`), lower case. */
export const baseMediaType = (mediaType: string): string => (mediaType.split(';')[0] ?? '').trim().toLowerCase();

/** Of the server's offer, the one this printer takes best (as the server wrote it, for `type=`); null when none. */
export function chooseMediaType(offered: readonly string[], facts: PrinterFacts): string | null {
  for (const accepted of acceptedMediaTypes(facts)) {
    const match = offered.find((mediaType) => baseMediaType(mediaType) === accepted);
    if (match) return match;
  }
  return null;
}
