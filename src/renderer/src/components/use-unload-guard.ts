import { useEffect, useRef } from 'react';

/**
 * Closing or reloading the page while `unsaved()` says so asks first: a browser words that question itself; in the
 * desktop app closing the window only hides it, and quitting asks through the main process (`will-prevent-unload`
 * in src/main/app/main-window.ts), in the window's language.
 */
export function useUnloadGuard(unsaved: () => boolean): void {
  const current = useRef(unsaved);
  current.current = unsaved;
  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (!current.current()) return;
      event.preventDefault();
      // Older Chromium (and Electron's) still need returnValue set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);
}
