import type { SettingsPatch } from '../../../../shared/contract/settings';
import { usePrintersStore } from '../../stores/printers-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useStatusStore } from '../../stores/status-store';

/** What "Añadir" saves: a printer Ticketera reaches itself (network, USB) or a queue of the system. */
export interface PrinterChoice {
  uri: string;
  /** `direct`: kept as a known printer with its model, so it is listed and watched; `queue`: already listed. */
  kind: 'direct' | 'queue';
}

/** Printers Ticketera reaches itself are listed by their URI (see direct-printers); the others are system queues. */
export const isDirectUri = (name: string): boolean => /^(tcp:\/\/|usb:)/.test(name);

/** A network address as the owner types it: IPv4, or IPv6 (the service decides whether it is on this network). */
export const ADDRESS_PATTERN = /^(\d{1,3}(\.\d{1,3}){3}|\[?[0-9a-fA-F:.]*:[0-9a-fA-F:.]*\]?|localhost)$/;

export const tcpUri = (address: string, port: number): string => {
  const host = address.trim().replace(/^\[(.*)\]$/, '$1');
  return `tcp://${host.includes(':') ? `[${host}]` : host}:${port}`;
};

/**
 * Saves the choice the way Settings does: a direct printer as a known printer with its model (printerProfiles: the
 * service lists and watches every printer with a model), and as the default printer when asked. One change, so the
 * service restarts once; the printer list and the header are read again once it has.
 */
export async function savePrinterChoice(choice: PrinterChoice, model: string, asDefault: boolean): Promise<boolean> {
  const settings = useSettingsStore.getState().settings;
  if (!settings) return false;
  const patch: SettingsPatch = {};
  if (choice.kind === 'direct') {
    const others = settings.printerProfiles.filter((entry) => entry.printer !== choice.uri);
    patch.printerProfiles = [...others, { printer: choice.uri, model: model === '' ? 'generic' : model }];
  }
  if (asDefault) patch.defaultPrinter = choice.uri;
  if (Object.keys(patch).length === 0) return true;
  await useSettingsStore.getState().save(patch, {});
  if (!useSettingsStore.getState().saved) return false;
  await Promise.all([usePrintersStore.getState().load(), useStatusStore.getState().load()]);
  return true;
}
