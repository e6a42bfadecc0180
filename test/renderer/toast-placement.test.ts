import { describe, expect, it } from 'vitest';
import { TOAST_MARGIN_PX, freeTop, type Box } from '../../src/renderer/src/components/toast-placement';

/** An 800×600 window: the toast column at its right edge (292 px wide, 20 px in), under a 48 px header. */
const COLUMN = { left: 488, right: 780, height: 160 };
const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, right: left + width, bottom: top + height });

describe('where the toast column may stand while a dialog is open', () => {
  it('stays under the header when nothing of the dialog is in its way', () => {
    expect(freeTop([box(100, 500, 120, 32)], COLUMN, 600, 48)).toBe(48);
  });

  it('moves under a control in its way (a close button at the top right), clear by the margin', () => {
    const close = box(660, 40, 32, 32);
    expect(freeTop([close], COLUMN, 600, 48)).toBe(close.bottom + TOAST_MARGIN_PX);
  });

  it('takes the first gap tall enough, skipping one too short between two fields', () => {
    const field = box(465, 150, 228, 32);
    const next = box(465, 300, 228, 32);
    const buttons = box(495, 484, 200, 32);
    // 48 + 130 runs into the first field; under it, 118 px to the next is too short; under that, 144 px fit.
    expect(freeTop([field, next, buttons], { ...COLUMN, height: 130 }, 600, 48)).toBe(next.bottom + TOAST_MARGIN_PX);
    // Too tall for any gap: no place (the toaster then lets the oldest toasts go).
    expect(freeTop([field, next, buttons], { ...COLUMN, height: 200 }, 600, 48)).toBeUndefined();
    // Short enough for the usual place.
    expect(freeTop([field, next, buttons], { ...COLUMN, height: 80 }, 600, 48)).toBe(48);
  });

  it('never places the column past the bottom of the window', () => {
    const wall = box(480, 60, 300, 480);
    expect(freeTop([wall], COLUMN, 600, 48)).toBeUndefined();
  });
});
