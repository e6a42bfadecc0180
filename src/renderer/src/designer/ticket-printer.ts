import { isVirtualPrinter, printerLabelOf } from '../components/printers/printer-label';
import { useText } from '../i18n';
import { useSettingsStore } from '../stores/settings-store';
import { useStatusStore } from '../stores/status-store';

/** `profile.model` of a document's base (everything but its commands). */
export const documentModelOf = (base: Record<string, unknown>): string | undefined => {
  const profile = base['profile'];
  const model = typeof profile === 'object' && profile !== null ? (profile as { model?: unknown }).model : undefined;
  return typeof model === 'string' ? model : undefined;
};

/**
 * The printer a receipt from the designer goes to (the one the document names, else where tickets go now) in the
 * window's words, and the model set for it on the Printers page, if any.
 */
export function useTicketPrinter(requested: string | undefined): { name: string | undefined; model: string | undefined } {
  const t = useText();
  const route = useStatusStore((state) => state.status?.overview?.route);
  const entries = useSettingsStore((state) => state.settings?.printerProfiles);
  const target = requested ?? route?.target;
  if (target === undefined) return { name: undefined, model: undefined };
  const model = entries?.find((entry) => entry.printer === target)?.model;
  const virtual = requested === undefined ? route?.virtual === true : isVirtualPrinter(target);
  // A network or USB printer in words ("Impresora de red 10.0.0.9"), as everywhere printers are named.
  return { name: virtual ? t('virtualPrinterName') : printerLabelOf(target, t).name, model };
}
