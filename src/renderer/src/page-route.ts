import { useCallback, useEffect, useRef, useState } from 'react';

/** `#/jobs` → `jobs`: a hash, so the same URLs work served over HTTP and loaded from a file in the desktop app. */
const pageInUrl = (): string => decodeURIComponent(window.location.hash.replace(/^#\/?/, ''));

/**
 * The page shown, kept in the address (`#/jobs`) so each page has its own URL and the browser's Back and Forward
 * move between pages (issue 24). `mayLeave(from, go)` lets a page hold the owner back (the designer asks before
 * unsaved changes are lost); when it does not call `go`, the page and its URL stay as they were.
 */
export function usePageRoute<K extends string>(
  isPage: (value: unknown) => value is K,
  home: K,
  mayLeave: (from: K, go: () => void) => void,
): [K, (next: K) => void] {
  const [page, setPage] = useState<K>(() => {
    const asked = pageInUrl();
    return isPage(asked) ? asked : home;
  });
  const current = useRef(page);
  current.current = page;
  const leave = useRef(mayLeave);
  leave.current = mayLeave;

  const navigate = useCallback((next: K) => {
    if (next !== current.current) window.history.pushState(null, '', `#/${next}`);
    current.current = next;
    setPage(next);
  }, []);

  useEffect(() => {
    /** Set while we step back ourselves to a page the owner was allowed to leave for: no second question. */
    let passing = false;
    const onPop = (): void => {
      const asked = pageInUrl();
      const next = isPage(asked) ? asked : home;
      const from = current.current;
      if (next === from) return;
      const show = (): void => {
        current.current = next;
        setPage(next);
      };
      if (passing) {
        passing = false;
        return show();
      }
      let answering = true;
      let allowedAtOnce = false;
      leave.current(from, () => {
        if (answering) {
          allowedAtOnce = true;
          return;
        }
        // Allowed after a question: the address still names the page we stayed on; step back to the one asked for.
        passing = true;
        window.history.back();
      });
      answering = false;
      if (allowedAtOnce) return show();
      // Held back (the designer asks first): the page stays, and so must its address, one entry on.
      window.history.pushState(null, '', `#/${from}`);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [isPage, home]);

  return [page, navigate];
}
