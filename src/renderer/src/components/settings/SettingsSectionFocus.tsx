import { useEffect } from 'react';
import { settingsSectionId, useSettingsSection } from './optional-services';

/** How long the page keeps putting the cursor back in the asked-for field while it settles (settings arriving, the menu). */
const SETTLE_MS = 2_000;
const STEP_MS = 100;

/** Focus that only the page itself put somewhere (nothing, or the menu tab that opened Settings), never the owner's. */
function focusIsIncidental(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('[role="tablist"]') !== null;
}

/**
 * Brings the section another page asked for into view and puts the cursor in its first field (then forgets it). The
 * section may render a moment after the page (settings still loading) and a re-render or the menu may take the focus
 * back, so it keeps at it for a short while, as long as the owner has not put the cursor somewhere else.
 */
export function SettingsSectionFocus() {
  const requested = useSettingsSection((state) => state.requested);
  const serial = useSettingsSection((state) => state.serial);
  useEffect(() => {
    if (requested === null) return;
    const started = Date.now();
    let scrolled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = (): void => {
      const section = document.getElementById(settingsSectionId(requested));
      if (section) {
        if (!scrolled) section.scrollIntoView({ block: 'start' });
        scrolled = true;
        if (!section.contains(document.activeElement) && focusIsIncidental()) {
          section.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')?.focus({ preventScroll: true });
        }
      }
      if (Date.now() - started < SETTLE_MS) timer = setTimeout(step, STEP_MS);
      else useSettingsSection.setState({ requested: null });
    };
    step();
    return () => clearTimeout(timer);
  }, [requested, serial]);
  return null;
}
