import { describe, expect, it } from 'vitest';
import type { CommandResult, CommandRunner } from '../../src/main/platform/command-runner';
import { createCupsDiscovery } from '../../src/main/platform/cups/cups-discovery';

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });

const canned = (answers: Record<string, CommandResult>): CommandRunner => async (file, args) =>
  answers[[file, ...args].join(' ')] ?? { code: 1, stdout: '', stderr: 'unexpected' };

describe('cups discovery (canned lpstat)', () => {
  it('joins printers, devices, default, accepting state and make-and-model', async () => {
    const run = canned({
      'lpstat -l -p': ok('printer Caja is idle.  enabled since X\n\tDescription: EPSON TM-T20II\n\tAlerts: none\nprinter Laser disabled since X -\n\tPaused\n\tDescription: Laser\n\tAlerts: paused\n'),
      'lpstat -v': ok('device for Caja: usb://EPSON/TM-T20II?serial=X\ndevice for Laser: ipp://10.0.0.2/ipp/print\n'),
      'lpstat -d': ok('system default destination: Caja\n'),
      'lpstat -a': ok('Caja accepting requests since X\nLaser accepting requests since X\n'),
      'lpoptions -p Caja': ok("printer-make-and-model='EPSON TM-T20II Receipt' printer-state=3"),
      'lpoptions -p Laser': { code: 1, stdout: '', stderr: 'lpoptions: Unknown' },
    });
    expect(await createCupsDiscovery({ run }).discover()).toEqual([
      { name: 'Caja', uri: 'cups:Caja', port: 'usb://EPSON/TM-T20II?serial=X', driver: 'EPSON TM-T20II Receipt', status: 'ready', isDefault: true, hints: ['EPSON TM-T20II'] },
      { name: 'Laser', uri: 'cups:Laser', port: 'ipp://10.0.0.2/ipp/print', driver: '', status: 'paused', isDefault: false, hints: [] },
    ]);
  });

  it('treats "no destinations" as an empty list, and a stopped scheduler or missing CUPS as a failure', async () => {
    const empty = canned({
      'lpstat -l -p': { code: 1, stdout: '', stderr: 'lpstat: No destinations added.\n' },
      'lpstat -v': { code: 1, stdout: '', stderr: 'lpstat: No destinations added.\n' },
      'lpstat -d': ok('no system default destination\n'),
      'lpstat -a': { code: 1, stdout: '', stderr: 'lpstat: No destinations added.\n' },
    });
    expect(await createCupsDiscovery({ run: empty }).discover()).toEqual([]);
    const down: CommandRunner = async () => ({ code: 1, stdout: '', stderr: 'lpstat: Bad file descriptor\n' });
    await expect(createCupsDiscovery({ run: down }).discover()).rejects.toThrow('the CUPS scheduler is not running');
    const absent: CommandRunner = () => Promise.reject(Object.assign(new Error('spawn lpstat ENOENT'), { code: 'ENOENT' }));
    await expect(createCupsDiscovery({ run: absent }).discover()).rejects.toThrow('CUPS is not installed (lpstat not found)');
  });
});
