import path from 'node:path';
import { app } from 'electron';
import type { TrayLevel } from '../services/app-api/tray-state';

/** Where the built window lives next to the built main (out/main → out/renderer). */
export const rendererDir = (): string => path.join(__dirname, '../renderer');
export const rendererIndex = (): string => path.join(rendererDir(), 'index.html');
export const preloadFile = (): string => path.join(__dirname, '../preload/index.js');

/** Icons ship inside the asar under resources/ (see electron-builder.yml `files`). */
export const trayIconFile = (level: TrayLevel): string => path.join(app.getAppPath(), 'resources', 'tray', `${level}.png`);
export const appIconFile = (): string => path.join(app.getAppPath(), 'resources', 'icon.png');

/** Settings and the service's journal share the user data dir (%APPDATA%\Ticketera on Windows). */
export const settingsFile = (): string => path.join(app.getPath('userData'), 'settings.json');
export const dataDir = (): string => app.getPath('userData');
