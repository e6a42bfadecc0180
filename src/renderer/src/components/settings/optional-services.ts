import { create } from 'zustand';
import type { SecretName, SettingsView } from '../../../../shared/contract/settings';
import { useSettingsStore } from '../../stores/settings-store';

/** The optional services (issue 24): not a café's daily business, so out of sight until switched on. */
export const OPTIONAL_SERVICES = {
  campus: { flag: 'campusEnabled', key: 'campusApiKey' },
  admin: { flag: 'adminEnabled', key: 'adminApiKey' },
} as const satisfies Record<string, { flag: 'campusEnabled' | 'adminEnabled'; key: SecretName }>;
export type OptionalService = keyof typeof OPTIONAL_SERVICES;

/** Its key is saved or set by the environment: the shop uses it, so it stays in sight (see settings.campusEnabled). */
export const keyInForce = (settings: SettingsView, service: OptionalService): boolean => settings.secrets[OPTIONAL_SERVICES[service].key].set;

export const isShown = (settings: SettingsView | undefined, service: OptionalService): boolean =>
  settings !== undefined && (settings[OPTIONAL_SERVICES[service].flag] || keyInForce(settings, service));

/** Whether each optional service's page, menu entry and Home card are shown (hidden until the settings are read). */
export function useOptionalServices(): Record<OptionalService, boolean> {
  const settings = useSettingsStore((state) => state.settings);
  return { campus: isShown(settings, 'campus'), admin: isShown(settings, 'admin') };
}

/** A part of Settings another page can open it at: a service's key, or the optional services themselves. */
export type SettingsSection = SecretName | 'optional';

/**
 * "Open Settings at that section" from anywhere (a missing-key message deep in a page): the request is kept here, the
 * shell (App) goes to Settings when one is made, and Settings scrolls to the section and focuses its first field.
 */
export const useSettingsSection = create<{ requested: SettingsSection | null; serial: number }>()(() => ({ requested: null, serial: 0 }));

export function openSettingsAt(section: SettingsSection): void {
  useSettingsSection.setState((state) => ({ requested: section, serial: state.serial + 1 }));
}

/** The element id of a section of Settings. */
export const settingsSectionId = (section: SettingsSection): string => `settings-section-${section}`;
