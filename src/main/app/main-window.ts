import { BrowserWindow, dialog } from 'electron';
import { DESKTOP_TEXT } from '../services/app-api/desktop-texts';
import type { Language } from '../../shared/contract/settings';
import { appIconFile, preloadFile, rendererIndex } from './app-paths';

export interface WindowControl {
  show(): void;
  /** The window's contents, once created (events are sent to it). */
  window(): BrowserWindow | undefined;
  /**
   * Closes the window to quit: true once it is closed; false when the page asked to stay (the designer or Settings
   * has unsaved changes and the owner chose to go back to them).
   */
  closeForQuit(): Promise<boolean>;
}

/**
 * The one app window, created on first show. Closing it only hides it: the print service keeps running in the
 * tray, and quitting is a deliberate act from the tray or the app menu.
 */
export function mainWindowControl(isQuitting: () => boolean, devServerUrl: string | undefined, language: () => Language): WindowControl {
  let window: BrowserWindow | undefined;
  /** Settles the quit in progress: closed, or stayed. */
  let quitOutcome: ((closed: boolean) => void) | undefined;
  const settleQuit = (closed: boolean): void => {
    quitOutcome?.(closed);
    quitOutcome = undefined;
  };
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
    // The page refused to unload (unsaved changes): ask, in the window's language, whether to lose them.
    created.webContents.on('will-prevent-unload', (event) => {
      const text = DESKTOP_TEXT[language()];
      const choice = dialog.showMessageBoxSync({
        type: 'question',
        buttons: [text.quitAnyway, text.stay],
        defaultId: 1,
        cancelId: 1,
        title: text.unsavedTitle,
        message: text.unsavedMessage,
        detail: text.unsavedDetail,
      });
      if (choice === 0) {
        event.preventDefault();
        return;
      }
      settleQuit(false);
      created.show();
    });
    created.once('ready-to-show', () => created.show());
    created.on('closed', () => {
      window = undefined;
      settleQuit(true);
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
    closeForQuit() {
      if (!window) return Promise.resolve(true);
      const closing = new Promise<boolean>((resolve) => {
        quitOutcome = resolve;
      });
      window.close();
      return closing;
    },
  };
}
