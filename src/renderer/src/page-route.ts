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
    const onPop = (): void => {
      const asked = pageInUrl();
      const next = isPage(asked) ? asked : home;
      const from = current.current;
      if (next === from) return;
      // The browser already moved the address: show the page we are still on until leaving is allowed.
      window.history.replaceState(null, '', `#/${from}`);
      leave.current(from, () => {
        window.history.replaceState(null, '', `#/${next}`);
        current.current = next;
        setPage(next);
      });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [isPage, home]);

  return [page, navigate];
}
