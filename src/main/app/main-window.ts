import { BrowserWindow } from 'electron';
import { appIconFile, preloadFile, rendererIndex } from './app-paths';

export interface WindowControl {
  show(): void;
  /** The window's contents, once created (events are sent to it). */
  window(): BrowserWindow | undefined;
}

/**
 * The one app window, created on first show. Closing it only hides it: the print service keeps running in the
 * tray, and quitting is a deliberate act from the tray or the app menu.
 */
export function mainWindowControl(isQuitting: () => boolean, devServerUrl: string | undefined): WindowControl {
  let window: BrowserWindow | undefined;
  const create = (): BrowserWindow => {
    const created = new BrowserWindow({
      width: 1180,
      height: 800,
      show: false,
      title: 'Ticketera',
      icon: appIconFile(),
      autoHideMenuBar: true,
      webPreferences: {
        preload: preloadFile(),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        spellcheck: false,
      },
    });
    created.on('close', (event) => {
      if (isQuitting()) return;
      event.preventDefault();
      created.hide();
    });
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      window = undefined;
    });
    if (devServerUrl) void created.loadURL(devServerUrl);
    else void created.loadFile(rendererIndex());
    return created;
  };
  return {
    show() {
      if (!window) {
        window = create();
        return;
      }
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
    window: () => window,
  };
}
