import { Toaster } from '@fluentui/react-components';

/**
 * The window's one place for toasts (issue 24): print results, printer alerts and page notices all stack at the top
 * right, under the header (so its pause switch stays reachable). At most two at a time, so even a short dialog
 * centred in an 800×600 window keeps its buttons clear (dialogs put them at their bottom); the rest wait their turn.
 */
export const APP_TOASTER = 'app-toasts';
const HEADER_CLEARANCE_PX = 48;
const TOAST_LIMIT = 2;

export function AppToaster() {
  return <Toaster toasterId={APP_TOASTER} position="top-end" offset={{ vertical: HEADER_CLEARANCE_PX }} limit={TOAST_LIMIT} pauseOnHover pauseOnWindowBlur />;
}
