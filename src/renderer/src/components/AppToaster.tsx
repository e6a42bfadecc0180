import { Toaster, useFluent, useThemeClassName, useToastController } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { APP_TOASTER, forgetToast, liveToastCount, toastsToDrop } from './app-toasts';
import { freeTop, type Box } from './toast-placement';

export { APP_TOASTER } from './app-toasts';

/**
 * The window's one place for toasts (issue 24): print results, printer alerts and every page's notices stack at the
 * top right, under the header (so its pause switch stays reachable). There is no queue: a newer toast of a kind
 * replaces the older one (see app-toasts.ts), so the owner's own confirmation always shows at once.
 *
 * While a dialog is open the column never covers its controls: it moves down to the first place that is clear of
 * them (under the dialog's close button, below its form…), and when no place fits all the toasts the oldest ones
 * that are no notice leave. Measured, not assumed: dialogs differ in height, and the window may be 800×600.
 */
const HEADER_CLEARANCE_PX = 48;
/**
 * Above every dialog whenever either opened: Fluent puts each portal at the same height (z-index 1000000), so a
 * dialog opened after a toast would hide it (the owner's confirmation included) behind its surface or backdrop.
 */
const ABOVE_DIALOGS = '1000001';
const DIALOGS = '[role="dialog"], [role="alertdialog"]';
/** What a person may aim at in a dialog; a button is the least a toast may cover. */
const CONTROLS = 'button, [role="button"], a[href], input, select, textarea, [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"]';
const BUTTONS = 'button, [role="button"]';

const boxOf = (element: Element): Box => element.getBoundingClientRect();
const shown = (element: Element): boolean => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};

export function AppToaster() {
  const [top, setTop] = useState(HEADER_CLEARANCE_PX);
  const { dismissToast } = useToastController(APP_TOASTER);
  // The toasts' own layer, made as Fluent makes a portal's (the theme's colours and fonts, the window's direction).
  const themeClassName = useThemeClassName();
  const { dir } = useFluent();
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    Object.assign(element.style, { position: 'absolute', top: '0', left: '0', right: '0', zIndex: ABOVE_DIALOGS });
    document.body.append(element);
    setLayer(element);
    return () => element.remove();
  }, []);
  useEffect(() => {
    if (!layer) return;
    layer.className = themeClassName;
    layer.dir = dir;
  }, [layer, themeClassName, dir]);

  useEffect(() => {
    let frame = 0;
    let watched: Element[] = [];
    const measure = (): void => {
      frame = 0;
      const dialogs = [...document.querySelectorAll(DIALOGS)].filter(shown);
      const column = document.querySelector(`[data-toaster-position]`);
      const next = [...dialogs, ...(column ? [column] : [])];
      if (next.length !== watched.length || next.some((element, index) => element !== watched[index])) {
        sizes.disconnect();
        for (const element of next) sizes.observe(element);
        watched = next;
      }
      if (dialogs.length === 0 || !column) return setTop(HEADER_CLEARANCE_PX);
      const area = column.getBoundingClientRect();
      const place = { left: area.left, right: area.right, height: area.height };
      const controls = (selector: string): Box[] => dialogs.flatMap((dialog) => [...dialog.querySelectorAll(selector)].filter(shown).map(boxOf));
      const clear = freeTop(controls(CONTROLS), place, window.innerHeight, HEADER_CLEARANCE_PX);
      if (clear !== undefined) return setTop(clear);
      if (liveToastCount() > 1) {
        // No room for the whole column: the oldest toast that is no notice leaves, then the column is measured again.
        for (const id of toastsToDrop(liveToastCount() - 1)) {
          forgetToast(id);
          dismissToast(id);
        }
        return;
      }
      // One toast and no place clear of every field: at least never over a button.
      setTop(freeTop(controls(BUTTONS), place, window.innerHeight, HEADER_CLEARANCE_PX) ?? HEADER_CLEARANCE_PX);
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const sizes = new ResizeObserver(schedule);
    // Dialogs and toasts come and go in portals under <body>: any change of its tree may be one.
    const tree = new MutationObserver(schedule);
    tree.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      tree.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [dismissToast]);

  return <Toaster toasterId={APP_TOASTER} position="top-end" offset={{ vertical: top }} mountNode={layer} pauseOnHover pauseOnWindowBlur />;
}
