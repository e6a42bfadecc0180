import { paperGeometry } from '../../../../shared/document/paper';
import { COMMON_MODEL_IDS } from '../../../../shared/printer-profiles/common-models';
import { GENERIC_PROFILE, PRINTER_PROFILES } from '../../../../shared/printer-profiles/profiles';
import type { PrinterProfile } from '../../../../shared/printer-profiles/printer-profile';
import type { TextKey } from '../../i18n';

/**
 * The one list of printer models the window offers (Añadir impresora, the Printers page, the designer): every named
 * model; the generic one is each list's empty first choice, worded by the list ("ESC/POS genérica", "the ticket
 * printer's model").
 */
export const NAMED_MODELS: readonly PrinterProfile[] = PRINTER_PROFILES.filter((profile) => profile.id !== GENERIC_PROFILE.id);

/** The model lists' two parts, each under its heading. */
export interface ModelGroups {
  /** The models most shops have (see COMMON_MODEL_IDS). */
  common: PrinterProfile[];
  /** Every other named model. */
  others: PrinterProfile[];
}

/**
 * The named models in two groups, each sorted by name as the window's language sorts (`numeric`: TM-T20 before
 * TM-T88, TSP100 before TSP650; case and accents aside).
 */
export function modelGroupsFor(locale: string): ModelGroups {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sorted = [...NAMED_MODELS].sort((a, b) => collator.compare(a.name, b.name));
  return {
    common: sorted.filter((profile) => COMMON_MODEL_IDS.includes(profile.id)),
    others: sorted.filter((profile) => !COMMON_MODEL_IDS.includes(profile.id)),
  };
}

type Text = (key: TextKey, values?: Record<string, string | number>) => string;

/**
 * A model as the owner chooses it: its name and what it prints ("Epson TM-T88VI · 80 mm · 42 columnas"), so a 58 mm
 * printer is not picked for an 80 mm roll by its name alone. A model that takes both rolls says so.
 */
export function modelChoiceText(profile: PrinterProfile, t: Text): string {
  if (profile.paperMm === null) return t('modelChoiceBothRolls', { name: profile.name });
  const geometry = paperGeometry(undefined, profile);
  return t('modelChoice', { name: profile.name, mm: geometry.paperMm, columns: geometry.columnsA });
}
