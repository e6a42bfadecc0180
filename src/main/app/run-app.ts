import { app, dialog, ipcMain } from 'electron';
import { EVENT_CHANNEL } from '../../shared/contract/channels';
import { startAppHost, type AppHost } from '../services/app-api/app-host';
import { registerContractHandlers } from '../services/app-api/ipc-registry';
import { isAppPageUrl, type AppPage } from '../services/app-api/sender-policy';
import { redactOutsideText } from '../services/http/redact-secrets';
import { keepServingOnUnexpectedErrors } from '../services/process/keep-serving';
import { SettingsStore } from '../services/settings/settings-store';
import { DESKTOP_TEXT } from '../services/app-api/desktop-texts';
import { installAppMenu } from './app-menu';
import { dataDir, rendererDir, rendererIndex, settingsFile } from './app-paths';
import { startsHidden } from './login-item';
import { mainWindowControl } from './main-window';
import { safeStorageEncryptor } from './safe-storage-encryptor';
import { hardenApp } from './security';
import { startTray } from './tray-controller';

/**
 * Electron glue only: one instance, the embedded print service started from the saved settings, the window, the
 * tray and the IPC handler table. Everything testable lives in src/main/services.
 */
export function runApp(): void {
  if (!app.requestSingleInstanceLock()) {
    // The running instance gets 'second-instance' and shows its window.
    app.quit();
    return;
  }
  let quitting = false;
  let host: AppHost | undefined;
  const page: AppPage = { indexFile: rendererIndex(), devServerUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'] };
  const windows = mainWindowControl(() => quitting, page.devServerUrl, () => host?.language() ?? 'es');
  const quit = (): void => {
    quitting = true;
    app.quit();
  };

  app.on('second-instance', () => windows.show());
  // Closing the last window leaves the service running in the tray.
  app.on('window-all-closed', () => undefined);
  let closingWindow = false;
  app.on('before-quit', (event) => {
    if (!host) return;
    event.preventDefault();
    if (closingWindow) return;
    // The window closes first, while the service still runs: if the owner chooses to go back to unsaved changes,
    // nothing has been stopped.
    quitting = true;
    closingWindow = true;
    void windows.closeForQuit().then((closed) => {
      closingWindow = false;
      if (!closed) {
        quitting = false;
        return;
      }
      const stopping = host;
      host = undefined;
      void (stopping?.stop() ?? Promise.resolve()).finally(() => app.quit());
    });
  });

  void app.whenReady().then(async () => {
    hardenApp((url) => isAppPageUrl(url, page));
    // As serve's: no key of an outside service reaches the log, whatever a line quotes (redact-secrets).
    const log = (line: string): void => console.log(`${new Date().toISOString()} ${redactOutsideText(line, { maxLength: Number.POSITIVE_INFINITY, keepLineBreaks: true })}`);
    keepServingOnUnexpectedErrors(log);
    const settings = SettingsStore.open(settingsFile(), safeStorageEncryptor(), log);
    try {
      host = await startAppHost({ settings, dataDir: dataDir(), rendererDir: rendererDir(), log });
    } catch (error) {
      dialog.showErrorBox('Ticketera', `${DESKTOP_TEXT[settings.settings.language].couldNotStart}\n${(error as Error).message}`);
      quit();
      return;
    }
    const running = host;
    registerContractHandlers(ipcMain, running.handlers, (url) => isAppPageUrl(url, page));
    running.hub.subscribe((event) => {
      const contents = windows.window()?.webContents;
      if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
    });
    installAppMenu({ open: windows.show, quit }, DESKTOP_TEXT[running.language()]);
    startTray(running, { open: windows.show, quit });
    if (!startsHidden()) windows.show();
  });
}
