import { Menu } from 'electron';
import type { DesktopText } from '../services/app-api/desktop-texts';

/** A minimal app menu: the window's edit shortcuts and a Quit that really quits (closing the window only hides it). */
export function installAppMenu(actions: { open(): void; quit(): void }, text: DesktopText): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      {
        label: 'Ticketera',
        submenu: [
          { label: text.open, click: actions.open },
          { type: 'separator' },
          { label: text.quit, accelerator: 'CmdOrCtrl+Q', click: actions.quit },
        ],
      },
      { role: 'editMenu' },
    ]),
  );
}
