import { useCallback, useEffect, useState } from 'react';

/** Fit or true size is the owner's choice, kept across pages and reloads. */
const FIT_KEY = 'ticketera.preview.fit';

const storedFit = (): boolean | undefined => {
  const stored = globalThis.localStorage?.getItem(FIT_KEY);
  return stored === '1' ? true : stored === '0' ? false : undefined;
};

/**
 * Whether the preview is fitted to its pane. Until the owner chooses, the roll shows at true size where the pane is
 * wide enough and fitted where it is not (the designer beside the form at 1024 px): the whole ticket across is what
 * tells whether the receipt looks right, never half of it with a scroll bar.
 *
 * `opensFitted`: a pane that opens for a look (a job's detail) starts fitted, whatever was chosen in the designer;
 * switching there is for that look only and leaves the designer's choice alone.
 */
export function usePreviewFit(opensFitted: boolean, rollFits: boolean | undefined): [boolean, (fit: boolean) => void] {
  const [chosen, setChosen] = useState<boolean | undefined>(() => (opensFitted ? true : storedFit()));
  const choose = useCallback(
    (next: boolean) => {
      setChosen(next);
      if (!opensFitted) globalThis.localStorage?.setItem(FIT_KEY, next ? '1' : '0');
    },
    [opensFitted],
  );
  return [chosen ?? rollFits === false, choose];
}

/** The width of `element`'s content box, followed as the pane resizes (undefined until it is laid out). */
export function useContentWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!element) return undefined;
    const measure = (): void => {
      const style = getComputedStyle(element);
      setWidth(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    measure();
    return () => sizes.disconnect();
  }, [element]);
  return width;
}

/**
 * Keeps the selected block's band in sight inside the frame (which scrolls where the preview follows the page): the
 * rows just edited are the ones to look at. Measured once the window has laid out and scrolled (picking a block may
 * scroll the page to its form), and again as the page scrolls: at the top of the page the frame runs below the
 * window's bottom, and only the part of it inside the window counts. Only the frame scrolls, never the page.
 */
export function useBandInSight(box: HTMLElement | null, selected: number | undefined, picture: string | undefined): void {
  useEffect(() => {
    if (!box || selected === undefined) return undefined;
    let pending = 0;
    const bring = (): void => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => bandIntoSight(box));
    };
    bring();
    window.addEventListener('scroll', bring, { passive: true });
    window.addEventListener('resize', bring);
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('scroll', bring);
      window.removeEventListener('resize', bring);
    };
  }, [box, selected, picture]);
}

function bandIntoSight(box: HTMLElement): void {
  const band = box.querySelector<HTMLElement>('[data-testid="preview-selected-band"]');
  if (!band) return;
  const frame = box.getBoundingClientRect();
  const top = Math.max(frame.top, 0);
  const bottom = Math.min(frame.bottom, window.innerHeight);
  const shown = band.getBoundingClientRect();
  if (bottom <= top || (shown.top >= top && shown.bottom <= bottom)) return;
  // A band taller than what is seen shows from its top; otherwise it comes in with a little of what is above it.
  box.scrollTop += shown.top - top - Math.max(0, Math.min(24, (bottom - top - shown.height) / 2));
}
