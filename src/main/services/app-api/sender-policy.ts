import { pathToFileURL } from 'node:url';

export interface AppPage {
  /** The built window page (out/renderer/index.html) loaded with `loadFile`. */
  indexFile: string;
  /** electron-vite's dev server, when running `npm run dev`. */
  devServerUrl?: string;
}

/**
 * True only for the app's own page: every IPC call is checked against the frame that sent it, so a page that was
 * somehow navigated elsewhere, or an iframe, cannot reach the service.
 */
export function isAppPageUrl(frameUrl: string | undefined, page: AppPage): boolean {
  if (!frameUrl) return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (page.devServerUrl) {
    const dev = new URL(page.devServerUrl);
    if (url.origin === dev.origin && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  }
  const own = pathToFileURL(page.indexFile);
  return url.protocol === 'file:' && url.pathname === own.pathname && url.host === own.host;
}
