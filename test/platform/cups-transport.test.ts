import { describe, expect, it } from 'vitest';
import type { CommandResult, CommandRunner } from '../../src/main/platform/command-runner';
import { createCupsTransport } from '../../src/main/platform/cups/cups-transport';

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
const IDLE = 'printer POS is idle.  enabled since Sat Nov 21 05:00:00 2026\n\tDescription: POS\n\tAlerts: none\n';
const job = { id: 'job-9', bytes: Uint8Array.of(0x1b, 0x40, 0x41) };

/** Canned CUPS: answers by command line, records every call and what lp was fed. */
function fakeCups(answers: (command: string) => CommandResult | undefined): CommandRunner & { calls: string[]; input: Buffer[] } {
  const calls: string[] = [];
  const input: Buffer[] = [];
  const run: CommandRunner = async (file, args, options) => {
    const command = [file, ...args].join(' ');
    calls.push(command);
    if (options?.input) input.push(Buffer.from(options.input));
    return answers(command) ?? { code: 1, stdout: '', stderr: `unexpected ${command}` };
  };
  return Object.assign(run, { calls, input });
}

const jobLines = (id: string, status: string, alerts: string): string => `${id}    root   3   Sat Nov 21\n\tStatus: ${status}\n\tAlerts: ${alerts}\n`;

/** CUPS with an idle queue POS that takes job-9 as `requestId`, then lists it as pending/completed as told. */
function cupsWithJob(requestId: string, pending: () => string, completed = ''): ReturnType<typeof fakeCups> {
  return fakeCups((command) => {
    if (command === 'lpstat -l -p POS') return ok(IDLE);
    if (command === 'lp -d POS -o raw -t ticketera job-9') return ok(`request id is ${requestId} (0 file(s))\n`);
    if (command === 'lpstat -l -W not-completed -o POS') return ok(pending());
    if (command === 'lpstat -l -W completed -o POS') return ok(completed);
    if (command === `cancel ${requestId}`) return ok('');
    return undefined;
  });
}

describe('cups transport (canned lpstat)', () => {
  it('submits raw with lp, follows the job until CUPS completed it', async () => {
    let polls = 0;
    const cups = cupsWithJob(
      'POS-4',
      () => (++polls < 3 ? jobLines('POS-4', 'Sending data to printer.', 'job-printing') : ''),
      jobLines('POS-4', '', 'job-completed-successfully'),
    );
    await createCupsTransport('cups:POS', 'POS', { run: cups, pollIntervalMs: 5 }).send(job);
    expect(cups.input).toEqual([Buffer.from(job.bytes)]);
    expect(polls).toBe(3);
    expect(cups.calls).not.toContain('cancel POS-4');
  });

  it('reports a job CUPS aborted or cancelled', async () => {
    const cups = cupsWithJob('POS-5', () => '', jobLines('POS-5', 'Unable to connect', 'aborted-by-system'));
    await expect(createCupsTransport('cups:POS', 'POS', { run: cups }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "POS" did not print job POS-5 (aborted-by-system: Unable to connect)',
    );
  });

  it('cancels a job that does not complete in time, so it cannot print late', async () => {
    const cups = cupsWithJob('POS-6', () => jobLines('POS-6', 'The printer may not exist or is unavailable at this time.', 'job-printing'));
    const started = Date.now();
    await expect(createCupsTransport('cups:POS', 'POS', { run: cups, completionTimeoutMs: 150, pollIntervalMs: 20 }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "POS" did not print job POS-6 within 150 ms (The printer may not exist or is unavailable at this time.); the job was cancelled so it cannot print late',
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(cups.calls.at(-1)).toBe('cancel POS-6');
  });

  it('refuses a stopped queue before submitting, and names the fix', async () => {
    const cups = fakeCups((command) =>
      command === 'lpstat -l -p POS' ? ok('printer POS disabled since Sat Nov 21 -\n\tPaused\n\tDescription: POS\n') : undefined,
    );
    await expect(createCupsTransport('cups:POS', 'POS', { run: cups }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "POS" is stopped (Paused); enable it with cupsenable POS',
    );
    expect(cups.calls).toEqual(['lpstat -l -p POS']);
  });

  it('reports a queue that does not exist and an lp that refuses', async () => {
    const missing = fakeCups((command) =>
      command === 'lpstat -l -p Nope' ? { code: 1, stdout: '', stderr: 'lpstat: Invalid destination name in list "Nope".\n' } : undefined,
    );
    await expect(createCupsTransport('cups:Nope', 'Nope', { run: missing }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "Nope" not found (lpstat: Invalid destination name in list "Nope".)',
    );
    const refusing = fakeCups((command) => {
      if (command === 'lpstat -l -p POS') return ok(IDLE);
      if (command.startsWith('lp ')) return { code: 1, stdout: '', stderr: 'lp: Destination "POS" is not accepting jobs.\n' };
      return undefined;
    });
    await expect(createCupsTransport('cups:POS', 'POS', { run: refusing }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "POS" refused the job (lp: Destination "POS" is not accepting jobs.)',
    );
  });

  it('reports missing CUPS tools as a PRINTER error', async () => {
    const absent: CommandRunner = () => Promise.reject(Object.assign(new Error('spawn lpstat ENOENT'), { code: 'ENOENT' }));
    await expect(createCupsTransport('cups:POS', 'POS', { run: absent }).send(job)).rejects.toThrow(
      'PRINTER: CUPS queue "POS": lpstat is not installed (CUPS missing?)',
    );
  });
});
