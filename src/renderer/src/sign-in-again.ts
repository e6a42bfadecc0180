import { keepDesignerDraft } from './designer/kept-draft';

/** A page of the window in the address (`#/designer`): the only place the sign-in page may send the browser back to. */
const WINDOW_PAGE = /^#\/[a-z][a-z0-9-]{0,39}$/;

/** The sign-in page's address, naming the page to come back to (the service accepts only such a page, see return-path.ts). */
export function signInAddress(hash: string): string {
  return WINDOW_PAGE.test(hash) ? `/?next=${encodeURIComponent(`/${hash}`)}` : '/';
}

let leaving = false;

/** True once the window is on its way to the sign-in page: the Designer's "leave with unsaved changes?" stays quiet. */
export const isLeavingToSignIn = (): boolean => leaving;

/**
 * "Sign in again": the service's sign-in page, which brings the owner back to this page afterwards, with the
 * Designer's unsaved receipt kept for the trip (see kept-draft.ts).
 */
export function signInAgain(): void {
  if (window.location.hash === '#/designer') keepDesignerDraft();
  leaving = true;
  window.location.assign(signInAddress(window.location.hash));
}
