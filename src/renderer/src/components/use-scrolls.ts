import { useEffect, useState } from 'react';

/**
 * Whether `element`'s content is taller than the element (it scrolls). Measured again whenever the element or what
 * it holds changes size (a tab switched, a probe result shown), so a frame that says "more below" says it only then.
 */
export function useScrolls(element: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!element) return undefined;
    const measure = (): void => setScrolls(element.scrollHeight > element.clientHeight + 1);
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    for (const child of Array.from(element.children)) sizes.observe(child);
    // Children come and go (the tabs' forms): observe the new ones too.
    const changes = new MutationObserver(() => {
      for (const child of Array.from(element.children)) sizes.observe(child);
      measure();
    });
    changes.observe(element, { childList: true });
    measure();
    return () => {
      sizes.disconnect();
      changes.disconnect();
    };
  }, [element]);
  return scrolls;
}
