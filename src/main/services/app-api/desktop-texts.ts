import type { Language } from '../../../shared/contract/settings';

/**
 * What the desktop shell says outside the window (tray icon and menu, app menu, the quit question), in the window's
 * language: the main process has no React, so its few texts live here, one object per language like the window's.
 */
export const DESKTOP_TEXT = {
  es: {
    couldNotStart: 'No se pudo iniciar el servicio de impresión:',
    queue: 'Cola: {current}/{capacity}',
    open: 'Abrir Ticketera',
    pause: 'Pausar impresión',
    resume: 'Reanudar impresión',
    defaultPrinter: 'Impresora predeterminada',
    automatic: 'Automática',
    startWithWindows: 'Iniciar con Windows',
    quit: 'Salir',
    noPrinter: 'Sin impresora',
    noThermalPrinter: 'Sin impresora térmica',
    paused: 'Impresión en pausa',
    workerStopped: 'Servicio detenido',
    diskFull: 'Disco lleno: no se aceptan tickets',
    journalUnwritable: 'No se puede escribir el diario de trabajos',
    journalRepaired: 'Diario de trabajos reparado al arrancar',
    unsavedTitle: 'Cambios sin guardar',
    unsavedMessage: 'El diseño del ticket tiene cambios sin guardar.',
    unsavedDetail: 'Si sale ahora, se perderán.',
    quitAnyway: 'Salir sin guardar',
    stay: 'Volver al diseño',
  },
  en: {
    couldNotStart: 'Could not start the print service:',
    queue: 'Queue: {current}/{capacity}',
    open: 'Open Ticketera',
    pause: 'Pause printing',
    resume: 'Resume printing',
    defaultPrinter: 'Default printer',
    automatic: 'Automatic',
    startWithWindows: 'Start with Windows',
    quit: 'Quit',
    noPrinter: 'No printer',
    noThermalPrinter: 'No thermal printer',
    paused: 'Printing paused',
    workerStopped: 'Worker stopped',
    diskFull: 'Disk full: tickets refused',
    journalUnwritable: 'The job journal cannot be written',
    journalRepaired: 'Job journal repaired at start-up',
    unsavedTitle: 'Unsaved changes',
    unsavedMessage: 'The receipt design has unsaved changes.',
    unsavedDetail: 'If you quit now, they will be lost.',
    quitAnyway: 'Quit without saving',
    stay: 'Back to the design',
  },
} satisfies Record<Language, Record<string, string>>;

export type DesktopText = (typeof DESKTOP_TEXT)['es'];
