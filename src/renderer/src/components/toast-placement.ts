/** Where the toast column may stand while a dialog is open: pure geometry, in CSS pixels of the viewport. */

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Space kept between a toast and a control, so a pointer aimed at the button's edge never lands on the toast. */
export const TOAST_MARGIN_PX = 8;

/**
 * The highest top (not above `minTop`) at which a column of `height` between `left` and `right` covers none of the
 * `controls` and stays inside the viewport; undefined when there is no such place. Tried in order: right under the
 * header (the usual place), then just under each control in the column's way.
 */
export function freeTop(controls: readonly Box[], column: { left: number; right: number; height: number }, viewportHeight: number, minTop: number): number | undefined {
  const inTheWay = controls.filter((box) => box.right > column.left - TOAST_MARGIN_PX && box.left < column.right + TOAST_MARGIN_PX && box.bottom > box.top);
  const candidates = [minTop, ...inTheWay.map((box) => box.bottom + TOAST_MARGIN_PX)].filter((top) => top >= minTop).sort((a, b) => a - b);
  return candidates.find(
    (top) =>
      top + column.height <= viewportHeight - TOAST_MARGIN_PX &&
      !inTheWay.some((box) => box.top < top + column.height + TOAST_MARGIN_PX && box.bottom > top - TOAST_MARGIN_PX),
  );
}

/**
 * Where a column that cannot be clear of every control covers the fewest: the first of the places `freeTop` tries
 * (and the window's bottom edge) with the fewest controls under it. Never undefined: the toast must show somewhere.
 */
export function leastCoveredTop(controls: readonly Box[], column: { left: number; right: number; height: number }, viewportHeight: number, minTop: number): number {
  const inTheWay = controls.filter((box) => box.right > column.left - TOAST_MARGIN_PX && box.left < column.right + TOAST_MARGIN_PX && box.bottom > box.top);
  const lowest = Math.max(minTop, viewportHeight - TOAST_MARGIN_PX - column.height);
  const candidates = [minTop, ...inTheWay.map((box) => box.bottom + TOAST_MARGIN_PX), lowest].filter((top) => top >= minTop && top <= lowest);
  const covered = (top: number): number => inTheWay.filter((box) => box.top < top + column.height + TOAST_MARGIN_PX && box.bottom > top - TOAST_MARGIN_PX).length;
  return candidates.reduce((best, top) => (covered(top) < covered(best) ? top : best), minTop);
}
