import { app, session, shell, type WebContents } from 'electron';

/**
 * App-wide hardening: no permission is ever granted, no page navigates away from the app or opens new windows
 * (http links go to the system browser instead), and no <webview> can be attached.
 */
export function hardenApp(isAppUrl: (url: string) => boolean): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, isAppUrl));
}

function hardenContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
