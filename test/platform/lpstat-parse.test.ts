import { describe, expect, it } from 'vitest';
import { cupsStatus } from '../../src/main/platform/cups/cups-status';
import {
  parseLpoptions,
  parseLpRequestId,
  parseLpstatAccepting,
  parseLpstatDefault,
  parseLpstatDevices,
  parseLpstatJobs,
  parseLpstatPrinters,
} from '../../src/main/platform/cups/lpstat-parse';

// Captured from CUPS 2.4 (Debian) with LC_ALL=C.
const LPSTAT_L_P = `printer EPSON_TM-T20 now printing EPSON_TM-T20-2.  enabled since Sat Nov 21 04:58:23 2026
\tThe printer may not exist or is unavailable at this time.
\tForm mounted:
\tContent types: any
\tPrinter types: unknown
\tDescription: EPSON TM-T20II Receipt
\tAlerts: none
\tLocation: 
\tConnection: direct
\tOn fault: no alert
\tAfter fault: continue
\tUsers allowed:
\t\t(all)
\tForms allowed:
\t\t(none)
\tBanner required
printer T1 is idle.  enabled since Sat Nov 21 04:58:12 2026
\tForm mounted:
\tDescription: T1
\tAlerts: none
printer Kitchen disabled since Sat Nov 21 05:10:00 2026 -
\tUnable to connect: Connection refused
\tDescription: Kitchen
\tAlerts: offline-report
`;

describe('lpstat parsing', () => {
  it('reads printers, their state, message, description and alerts', () => {
    expect(parseLpstatPrinters(LPSTAT_L_P)).toEqual([
      { name: 'EPSON_TM-T20', state: 'printing', message: 'The printer may not exist or is unavailable at this time.', description: 'EPSON TM-T20II Receipt', alerts: [] },
      { name: 'T1', state: 'idle', message: '', description: 'T1', alerts: [] },
      { name: 'Kitchen', state: 'disabled', message: 'Unable to connect: Connection refused', description: 'Kitchen', alerts: ['offline-report'] },
    ]);
  });

  it('reads devices, the default, accepting state and lp request ids', () => {
    expect(parseLpstatDevices('device for EPSON_TM-T20: socket://127.0.0.1:9556\ndevice for T1: usb://EPSON/TM-T20II?serial=X\n')).toEqual(
      new Map([
        ['EPSON_TM-T20', 'socket://127.0.0.1:9556'],
        ['T1', 'usb://EPSON/TM-T20II?serial=X'],
      ]),
    );
    expect(parseLpstatDefault('system default destination: T1\n')).toBe('T1');
    expect(parseLpstatDefault('no system default destination\n')).toBeUndefined();
    expect(parseLpstatAccepting('T1 accepting requests since Sat Nov 21\nKitchen not accepting requests since Sat Nov 21 -\n\tRejecting Jobs\n')).toEqual(
      new Map([
        ['T1', true],
        ['Kitchen', false],
      ]),
    );
    expect(parseLpRequestId('request id is T1-12 (0 file(s))\n')).toBe('T1-12');
    expect(parseLpRequestId('')).toBeUndefined();
  });

  it('reads jobs with their status and alerts', () => {
    const output = `EPSON_TM-T20-2          root              1024   Sat Nov 21 04:58:30 2026
\tStatus: The printer may not exist or is unavailable at this time.
\tAlerts: job-canceled-by-user
\tqueued for EPSON_TM-T20
T1-1                    root              1024   Sat Nov 21 04:58:12 2026
\tStatus: 
\tAlerts: processing-to-stop-point
\tqueued for T1
`;
    expect(parseLpstatJobs(output)).toEqual([
      { id: 'EPSON_TM-T20-2', status: 'The printer may not exist or is unavailable at this time.', alerts: ['job-canceled-by-user'] },
      { id: 'T1-1', status: '', alerts: ['processing-to-stop-point'] },
    ]);
  });

  it('reads lpoptions attributes, quoted or not', () => {
    const options = parseLpoptions("copies=1 device-uri=socket://127.0.0.1:9555 printer-info=T1 printer-location printer-make-and-model='EPSON TM-T20II Receipt' printer-state=3");
    expect(options.get('printer-make-and-model')).toBe('EPSON TM-T20II Receipt');
    expect(options.get('device-uri')).toBe('socket://127.0.0.1:9555');
    expect(options.get('printer-location')).toBe('');
  });
});

describe('cupsStatus', () => {
  const printer = (state: 'idle' | 'printing' | 'disabled', alerts: string[] = []) => ({ name: 'p', state, message: '', description: '', alerts });
  it.each([
    [printer('idle'), true, 'ready'],
    [printer('printing'), true, 'ready'],
    [printer('disabled'), true, 'paused'],
    [printer('idle'), false, 'paused'],
    [printer('idle', ['offline-report']), true, 'offline'],
    [printer('disabled', ['offline-report']), true, 'offline'],
    [printer('idle', ['media-empty-error']), true, 'error'],
    [printer('idle', ['media-low-warning']), true, 'ready'],
  ] as const)('%o accepting=%s → %s', (input, accepting, expected) => {
    expect(cupsStatus({ ...input, alerts: [...input.alerts] }, accepting)).toBe(expected);
  });
});
