import { useEffect } from 'react';
import { settingsSectionId, useSettingsSection } from './optional-services';

/** Brings the section another page asked for into view and puts the cursor in its first field (then forgets it). */
export function SettingsSectionFocus() {
  const requested = useSettingsSection((state) => state.requested);
  const serial = useSettingsSection((state) => state.serial);
  useEffect(() => {
    if (requested === null) return;
    const section = document.getElementById(settingsSectionId(requested));
    if (!section) return;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')?.focus({ preventScroll: true });
    useSettingsSection.setState({ requested: null });
  }, [requested, serial]);
  return null;
}
