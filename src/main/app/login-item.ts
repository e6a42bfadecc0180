import { app } from 'electron';

/** Launched by Windows at sign-in, the app starts straight in the tray. */
export const HIDDEN_FLAG = '--hidden';

export const startsHidden = (argv: readonly string[] = process.argv): boolean => argv.includes(HIDDEN_FLAG);

export function startsWithSystem(): boolean {
  return app.getLoginItemSettings({ args: [HIDDEN_FLAG] }).openAtLogin;
}

export function setStartWithSystem(enabled: boolean): void {
  app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_FLAG] });
}
