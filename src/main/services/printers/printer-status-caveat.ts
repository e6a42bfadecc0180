/**
 * The seed's own caveat, shown to the cashier next to any printer list (CLI, window, dashboard): a spooler can only
 * report what the printer tells it, and USB receipt printers without bidirectional support tell it nothing.
 */
export const STALE_STATUS_CAVEAT =
  'El estado es el último que informó la cola de impresión: una impresora USB sin comunicación bidireccional puede ' +
  'aparecer "ready" desconectada o sin papel hasta que se le envía un trabajo. / ' +
  'Printer status is the last one reported by the spooler. USB printers without bidirectional support may show ' +
  '"ready" while unplugged or out of paper until a job is sent to them.';
