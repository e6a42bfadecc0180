import { GENERIC_PROFILE, GENERIC_STAR_PROFILE, PRINTER_PROFILES } from './profiles';
import type { PrinterProfile } from './printer-profile';

/** Names compared without case, spaces, dashes or dots: "TM-T88VI", "tm t88vi" and "Epson TM-T88VI" all match. */
const key = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const byName = new Map<string, PrinterProfile>();
for (const profile of PRINTER_PROFILES) {
  for (const name of [profile.id, ...profile.aliases]) if (!byName.has(key(name))) byName.set(key(name), profile);
}

/**
 * `profile.model` → profile. Unknown names (and none) are the generic ESC/POS profile, so documents written for
 * any printer keep printing as before; an unknown name mentioning Star is a Star printer, which speaks another
 * language.
 */
export function profileFor(model: string | undefined): PrinterProfile {
  if (model === undefined || model.trim() === '') return GENERIC_PROFILE;
  // "Star TSP100" and "Epson TM-T88" name a maker before a model alias: try the name without its first word too.
  const found = byName.get(key(model)) ?? byName.get(key(model.trim().replace(/^\S+\s+/, '')));
  if (found) return found;
  return /star/i.test(model) ? GENERIC_STAR_PROFILE : GENERIC_PROFILE;
}

/**
 * The profile a document prints with on a printer whose model was set in the window (`printerModel`). A document
 * naming a specific model wins; `epson`, unknown names and none mean "any ESC/POS printer", which the printer's own
 * setting makes precise.
 */
export function documentProfile(datos: unknown, printerModel: string | undefined): PrinterProfile {
  const model = (datos as { profile?: { model?: unknown } } | null)?.profile?.model;
  const named = profileFor(typeof model === 'string' ? model : undefined);
  return named === GENERIC_PROFILE && printerModel !== undefined ? profileFor(printerModel) : named;
}

/** The id and name of every profile, for the window's printer settings and the documentation. */
export function profileChoices(): { id: string; name: string }[] {
  return PRINTER_PROFILES.map((profile) => ({ id: profile.id, name: profile.name }));
}
