import { afterEach } from 'vitest';
import type { ServiceConfig } from '../../src/main/services/service-config';
import { FAST_MONITOR_TIMING } from './printer-status-harness';
import { startRealPrinter, startTcpPrinterSimulator, type TcpPrinterSimulator } from './printer-simulator';
import { withServices, type TestService } from './service-harness';

/**
 * What the vendor doors' tests (ePOS-Print, WebPRNT) print to: a service on 127.0.0.1 whose printer is a simulated
 * Epson TM-T88VI that answers status, ASB and process ids and leaves the closing to the service, watched at test speed.
 * Everything a test starts is closed after it.
 */
export interface DoorServices {
  /** A printer started elsewhere (a device-model printer), closed after the test. */
  track<T extends { close(): Promise<void> }>(printer: T): T;
  /** A service printing to `printer` as `model` (a TM-T88VI unless said), with the suite's sites allowed. */
  serviceFor(printer: { uri: string }, extra?: Partial<ServiceConfig> & { model?: string }): Promise<TestService>;
  /** A new simulated TM-T88VI. */
  printer(): Promise<TcpPrinterSimulator>;
  /** A new TM-T88VI and a service printing to it. */
  withPrinter(extra?: Partial<ServiceConfig> & { model?: string }): Promise<{ printer: TcpPrinterSimulator; running: TestService }>;
  /** A TM-T88VI as a shop has it (the device model: real speed, a 4 KB buffer, a small TCP window) and a service printing to it. */
  shopPrinter(): Promise<{ printer: TcpPrinterSimulator; running: TestService }>;
}

export function withDoorServices(defaults: { allowedOrigins?: string[] } = {}): DoorServices {
  const start = withServices();
  const printers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(printers.splice(0).map((printer) => printer.close()));
  });
  const track = <T extends { close(): Promise<void> }>(printer: T): T => {
    printers.push(printer);
    return printer;
  };
  const serviceFor: DoorServices['serviceFor'] = ({ uri }, { model = 'epson-tm-t88vi', ...extra } = {}) =>
    start({ printer: uri, printerProfiles: [{ printer: uri, model }], ...(defaults.allowedOrigins ? { allowedOrigins: defaults.allowedOrigins } : {}), ...extra }, { monitorTiming: FAST_MONITOR_TIMING });
  const printer = async (): Promise<TcpPrinterSimulator> =>
    track(await startTcpPrinterSimulator({ answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' }));
  return {
    track,
    serviceFor,
    printer,
    async withPrinter(extra) {
      const started = await printer();
      return { printer: started, running: await serviceFor(started, extra) };
    },
    async shopPrinter() {
      const started = track(await startRealPrinter('epson'));
      return { printer: started, running: await serviceFor(started) };
    },
  };
}
