import { Menu } from 'electron';

/** A minimal app menu: the window's edit shortcuts and a Quit that really quits (closing the window only hides it). */
export function installAppMenu(actions: { open(): void; quit(): void }): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      {
        label: 'Ticketera',
        submenu: [
          { label: 'Abrir / Open', click: actions.open },
          { type: 'separator' },
          { label: 'Salir / Quit', accelerator: 'CmdOrCtrl+Q', click: actions.quit },
        ],
      },
      { role: 'editMenu' },
    ]),
  );
}
