import { printerStateOf, routeStateOf, type PrinterState } from '../../../../shared/printer-status/printer-state';
import type { PrinterDetail } from '../../../../shared/printers';
import { usePrinterStatusStore } from '../../stores/printer-status-store';
import { useStatusStore } from '../../stores/status-store';

/**
 * The state of the printer tickets go to now (no `datos.printer`), or undefined while the printers are being listed.
 * The printer's own word comes from its latest `printer.status` event, so every piece of the window moves together.
 */
export function useRouteState(): PrinterState | undefined {
  const route = useStatusStore((state) => state.status?.overview?.route);
  const live = usePrinterStatusStore((state) => state.statuses);
  return route ? routeStateOf(route, Object.values(live)) : undefined;
}

/** One listed printer's state (the Printers page's rows). */
export function usePrinterStateOf(): (printer: PrinterDetail) => PrinterState {
  const live = usePrinterStatusStore((state) => state.statuses);
  return (printer) => printerStateOf({ virtual: printer.is_virtual, listed: printer.status, live: live[printer.name] });
}
