import { afterEach, describe, expect, it } from 'vitest';
import { serviceStatusOf } from '../../src/main/services/app-api/service-status';
import { trayStateOf } from '../../src/main/services/app-api/tray-state';
import { PRINTER_STATE_LEVEL, printerStateOf, routeStateOf, type PrinterState } from '../../src/shared/printer-status/printer-state';
import type { HealthWithPrinterStates } from '../../src/main/services/health/health';
import { VIRTUAL_PRINTER_NAME } from '../../src/main/platform/virtual/virtual-transport';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { readyPrinter } from '../support/live-status';
import { eventually } from '../support/eventually';
import { FAST_MONITOR_TIMING } from '../support/printer-status-harness';
import { withServices, type TestService } from '../support/service-harness';

/** Issue 21, item 2: one state per printer, derived in one place, the same in /health, the tray and the window. */
const URI = 'tcp://10.0.0.9:9100';

describe('printerStateOf: one state per printer', () => {
  it.each<[string, Parameters<typeof printerStateOf>[0], PrinterState]>([
    ['the virtual printer, whatever the spooler says', { virtual: true, listed: 'ready' }, 'virtual'],
    ['a spooler queue that is ready', { virtual: false, listed: 'ready' }, 'ready'],
    ['a spooler queue offline', { virtual: false, listed: 'offline' }, 'offline'],
    ['a configured name not installed', { virtual: false, listed: 'missing' }, 'missing'],
    ['an address nobody asked yet', { virtual: false, listed: 'unknown' }, 'unknown'],
    ['a printer that reads back, not asked yet', { virtual: false, listed: 'unknown', live: readyPrinter(URI, { link: 'unknown', answeredAt: null }) }, 'checking'],
    ['its own word beats the spooler: out of paper', { virtual: false, listed: 'ready', live: readyPrinter(URI, { paper: 'out', offline: true }) }, 'paper-out'],
    ['cover open', { virtual: false, live: readyPrinter(URI, { coverOpen: true, offline: true }) }, 'cover-open'],
    ['a fault', { virtual: false, live: readyPrinter(URI, { faults: ['cutter'] }) }, 'error'],
    ['silent', { virtual: false, live: readyPrinter(URI, { link: 'silent' }) }, 'offline'],
    ['paper low still prints', { virtual: false, live: readyPrinter(URI, { paper: 'near-end' }) }, 'paper-low'],
    ['ready', { virtual: false, live: readyPrinter(URI) }, 'ready'],
  ])('%s', (_name, facts, state) => {
    expect(printerStateOf(facts)).toBe(state);
  });

  it('the virtual printer is never "ok" (ready to print on paper)', () => {
    expect(PRINTER_STATE_LEVEL.virtual).toBe('warning');
    expect(routeStateOf({ reason: 'virtual', target: VIRTUAL_PRINTER_NAME, virtual: true, status: 'ready' }, [])).toBe('virtual');
  });
});

describe('through the service: /health, the tray and the window status agree', () => {
  const start = withServices();
  const simulators: TcpPrinterSimulator[] = [];
  afterEach(async () => {
    await Promise.all(simulators.splice(0).map((simulator) => simulator.close()));
  });

  const health = async (service: TestService): Promise<HealthWithPrinterStates> => (await (await fetch(`${service.httpUrl}/health`)).json()) as HealthWithPrinterStates;
  const routeLevel = (service: TestService) => {
    const status = serviceStatusOf(service, service.config);
    const route = status.overview?.route;
    return { state: route ? routeStateOf(route, status.printerStatuses) : undefined, tray: trayStateOf(status, 'es').level };
  };

  it('only the virtual printer: "virtual", not on paper, amber in the tray', async () => {
    const service = await start();
    await eventually(() => health(service), (body) => body.printer_states.length > 0, 'listing');
    expect((await health(service)).printer_states).toEqual([{ printer: VIRTUAL_PRINTER_NAME, state: 'virtual', on_paper: false }]);
    await eventually(() => routeLevel(service), (level) => level.state !== undefined, 'route');
    expect(routeLevel(service)).toEqual({ state: 'virtual', tray: 'warning' });
  });

  it('a TCP printer: ready, then out of paper, the same in /health and the tray', async () => {
    const printer = await startTcpPrinterSimulator();
    simulators.push(printer);
    const service = await start({ printer: printer.uri }, { monitorTiming: FAST_MONITOR_TIMING });
    const stateIn = async (): Promise<PrinterState | undefined> => (await health(service)).printer_states.find((entry) => entry.printer === printer.uri)?.state;
    await eventually(stateIn, (state) => state === 'ready', 'ready');
    await eventually(() => routeLevel(service), (level) => level.state !== undefined, 'route');
    expect(routeLevel(service)).toEqual({ state: 'ready', tray: 'ok' });
    printer.set({ paper: 'out' });
    await eventually(stateIn, (state) => state === 'paper-out', 'paper out');
    expect(routeLevel(service)).toEqual({ state: 'paper-out', tray: 'error' });
    expect((await health(service)).printer_states.find((entry) => entry.printer === printer.uri)?.on_paper).toBe(false);
  });
});
