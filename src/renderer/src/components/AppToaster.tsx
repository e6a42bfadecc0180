import { Toaster, useFluent, useThemeClassName, useToastController } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { APP_TOASTER, forgetToast, liveToastCount, toastsToDrop } from './app-toasts';
import { freeTop, leastCoveredTop, TOAST_MARGIN_PX, type Box } from './toast-placement';

export { APP_TOASTER } from './app-toasts';

/**
 * The window's one place for toasts (issue 24): print results, printer alerts and every page's notices stack at the
 * top right, under the header (so its pause switch stays reachable), the newest on top with its time (issue 32).
 * There is no queue: a newer toast of a kind replaces the older one (see app-toasts.ts), so the owner's own
 * confirmation always shows at once.
 *
 * The column never covers what the owner may press: the page's buttons and fields, or an open dialog's. It moves down
 * to the first place clear of them (under the page's toolbar, under the dialog's close button…), again as the page
 * scrolls; on a page of lists it keeps at least clear of the page's own actions (a list's row buttons aside). When
 * no place fits all the toasts the oldest ones that are no notice leave, and a single toast that fits nowhere at
 * least covers no button, or the fewest. Measured, not assumed: pages and dialogs differ, and the window may be
 * 800×600.
 */
const HEADER_CLEARANCE_PX = 48;
/** The window's own controls (header, menu, page) when no dialog is open; a dialog's otherwise (the page is inert). */
const WINDOW = '.app';
/**
 * Above every dialog whenever either opened: Fluent puts each portal at the same height (z-index 1000000), so a
 * dialog opened after a toast would hide it (the owner's confirmation included) behind its surface or backdrop.
 */
const ABOVE_DIALOGS = '1000001';
const DIALOGS = '[role="dialog"], [role="alertdialog"]';
/** What a person may aim at in a dialog; a button is the least a toast may cover. */
const CONTROLS = 'button, [role="button"], a[href], input, select, textarea, [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"]';
const BUTTONS = 'button, [role="button"]';
/** A list's rows: their buttons repeat down the page, and a toast may sit over a few when nothing else is free. */
const ROWS = 'tr, [role="row"], .designer-block';

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
      if (!column) return setTop(HEADER_CLEARANCE_PX);
      const areas = dialogs.length > 0 ? dialogs : [...document.querySelectorAll(WINDOW)];
      // Under the header while it shows (its words stay readable); near the window's top once the page scrolled it away.
      const header = document.querySelector(`${WINDOW} > header`);
      const minTop = dialogs.length > 0 || !header ? HEADER_CLEARANCE_PX : Math.max(TOAST_MARGIN_PX, header.getBoundingClientRect().bottom + TOAST_MARGIN_PX);
      const area = column.getBoundingClientRect();
      const place = { left: area.left, right: area.right, height: area.height };
      const controls = (selector: string, inRows = true): Box[] =>
        areas.flatMap((within) => [...within.querySelectorAll(selector)].filter((element) => shown(element) && (inRows || !element.closest(ROWS))).map(boxOf));
      // Clear of every control; on a page of lists, at least of the page's own actions (its toolbars, filters,
      // forms: a list's row buttons may be covered, the row stays readable beside).
      const clear = freeTop(controls(CONTROLS), place, window.innerHeight, minTop) ?? (dialogs.length > 0 ? undefined : freeTop(controls(CONTROLS, false), place, window.innerHeight, minTop));
      if (clear !== undefined) return setTop(clear);
      if (liveToastCount() > 1) {
        // No room for the whole column: the oldest toast that is no notice leaves (what it said stays on the page:
        // the header's printer state, the Jobs list), then the column is measured again.
        for (const id of toastsToDrop(liveToastCount() - 1)) {
          forgetToast(id);
          dismissToast(id);
        }
        return;
      }
      // One toast and no place clear of every field: at least never over a button, or over as few as can be.
      const buttons = controls(BUTTONS);
      setTop(freeTop(buttons, place, window.innerHeight, minTop) ?? leastCoveredTop(buttons, place, window.innerHeight, minTop));
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const sizes = new ResizeObserver(schedule);
    // Dialogs and toasts come and go in portals under <body>: any change of its tree may be one.
    const tree = new MutationObserver(schedule);
    tree.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    // The page's buttons move under the column as it scrolls (the window's or a list's own scrolling).
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      tree.disconnect();
      sizes.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
    };
  }, [dismissToast]);

  return <Toaster toasterId={APP_TOASTER} position="top-end" offset={{ vertical: top }} mountNode={layer} pauseOnHover pauseOnWindowBlur />;
}
