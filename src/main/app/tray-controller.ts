import { Menu, Notification, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { PrinterDetail } from '../../shared/printers';
import type { AppHost } from '../services/app-api/app-host';
import { DESKTOP_TEXT } from '../services/app-api/desktop-texts';
import { OriginNotificationDigest, trayNotificationOf } from '../services/app-api/tray-notification';
import { trayStateOf, type TrayLevel } from '../services/app-api/tray-state';
import { appIconFile, trayIconFile } from './app-paths';
import { setStartWithSystem, startsWithSystem } from './login-item';

export interface TrayActions {
  open(): void;
  quit(): void;
}

/**
 * The tray icon, its tooltip (`Cola: 3/100`) and menu in the window's language, kept in step with the service's events;
 * a desktop notification for each printer alert (paper out, cover open, offline…), clicking it opens the window.
 */
export function startTray(host: AppHost, actions: TrayActions): { destroy(): void } {
  const icons = new Map<TrayLevel, NativeImage>();
  const iconFor = (level: TrayLevel): NativeImage => {
    let icon = icons.get(level);
    if (!icon) {
      icon = nativeImage.createFromPath(trayIconFile(level));
      icons.set(level, icon);
    }
    return icon;
  };
  let printers: PrinterDetail[] = [];
  const initial = trayStateOf(host.status(), host.language());
  const tray = new Tray(iconFor(initial.level));
  tray.on('click', actions.open);

  const refresh = (): void => {
    const state = trayStateOf(host.status(), host.language());
    tray.setImage(iconFor(state.level));
    tray.setToolTip(state.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(state.paused)));
  };

  const menuTemplate = (paused: boolean): MenuItemConstructorOptions[] => {
    const chosen = host.config().printer ?? null;
    const text = DESKTOP_TEXT[host.language()];
    const setPrinter = (name: string | null) => () => {
      void host.handlers.updateSettings({ settings: { defaultPrinter: name } });
    };
    return [
      { label: text.open, click: actions.open },
      { type: 'separator' },
      {
        label: paused ? text.resume : text.pause,
        click: () => void host.handlers.setPaused({ paused: !paused }).then(refresh),
      },
      {
        label: text.defaultPrinter,
        submenu: [
          { label: text.automatic, type: 'radio', checked: chosen === null, click: setPrinter(null) },
          ...printers.map(
            (printer): MenuItemConstructorOptions => ({ label: printer.name, type: 'radio', checked: chosen === printer.name, click: setPrinter(printer.name) }),
          ),
        ],
      },
      {
        label: text.startWithWindows,
        type: 'checkbox',
        checked: startsWithSystem(),
        click: (item) => setStartWithSystem(item.checked),
      },
      { type: 'separator' },
      { label: text.quit, click: actions.quit },
    ];
  };

  const notify = (notification: { title: string; body: string }): void => {
    if (!Notification.isSupported()) return;
    const shown = new Notification({ ...notification, icon: appIconFile() });
    shown.on('click', actions.open);
    shown.show();
  };

  // Sites asking to print: one notification a minute at most, counting them (a page making up sites asks many times).
  const originNotifications = new OriginNotificationDigest(notify, () => host.language());
  const unsubscribe = host.hub.subscribe((event) => {
    if (event.type === 'printers.changed') printers = event.printers;
    if (event.type === 'printer.status') {
      for (const alert of event.alerts) {
        const notification = trayNotificationOf(alert, event.status, host.language());
        if (notification) notify(notification);
      }
    }
    if (event.type === 'origin.requested') originNotifications.add(event.request.origin, event.asked);
    if (event.type === 'service.status' || event.type === 'printers.changed' || event.type === 'printer.status') refresh();
  });
  void host.handlers.listPrinters(undefined).then((list) => {
    printers = list.printers;
    refresh();
  });
  refresh();
  return {
    destroy() {
      unsubscribe();
      originNotifications.close();
      tray.destroy();
    },
  };
}
