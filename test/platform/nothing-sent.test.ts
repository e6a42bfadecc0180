import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JobError, NothingSentError } from '../../src/shared/job-error';
import type { CommandResult, CommandRunner } from '../../src/main/platform/command-runner';
import { createCupsTransport } from '../../src/main/platform/cups/cups-transport';
import { createTcpTransport } from '../../src/main/platform/tcp/tcp-transport';
import { createUsbTransport } from '../../src/main/platform/usb/usb-transport';
import { createVirtualTransport } from '../../src/main/platform/virtual/virtual-transport';
import { createWinspoolTransport } from '../../src/main/platform/winspool/winspool-transport';
import { PRINTER_STATUS } from '../../src/main/platform/winspool/winspool-status';
import { createUsbPrinterSimulator, receiptOfLength, startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { tempDir } from '../support/service-harness';
import { FakeSpooler, spoolerPrinter } from './winspool-fake';

/**
 * Issue 38, item 1, in each transport: a failure is marked "nothing sent" (NothingSentError, which leaves the ticket's
 * id open for a resend to print) only where no byte of the job can have left; anything after a byte may have left
 * stays a plain JobError (the id is final: a resend is answered from the journal, never printed twice).
 */
const printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

const job = { id: 'job-1', bytes: Uint8Array.of(0x1b, 0x40, 0x41, 0x0a) };

/** Resolves with how `send` failed: `nothing-sent`, `maybe-sent` (a plain JobError), or throws if it did not fail. */
async function failure(sending: Promise<unknown>): Promise<'nothing-sent' | 'maybe-sent'> {
  const error = await sending.then(
    () => {
      throw new Error('expected the job to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JobError);
  return error instanceof NothingSentError ? 'nothing-sent' : 'maybe-sent';
}

describe('TCP (port 9100)', () => {
  it('a port that refuses connections sent nothing, for a job and for a status session; a reset after the job was written may have', async () => {
    const printer = await startRealPrinter('plain');
    printers.push(printer);
    const transport = createTcpTransport(printer.uri, { host: '127.0.0.1', port: printer.port, stallMs: 2_000 });
    printer.unplug();
    expect(await failure(transport.send(job))).toBe('nothing-sent');
    expect(await failure(transport.open?.() ?? Promise.resolve())).toBe('nothing-sent');

    printer.plugIn();
    printer.misbehave({ kind: 'resets-after', bytes: 100 });
    expect(await failure(transport.send({ id: 'job-2', bytes: receiptOfLength(0.2) }))).toBe('maybe-sent');
  });
});

describe('USB', () => {
  it('a printer that is not connected sent nothing; one that stopped taking a job part-way may have', async () => {
    // A printer's few KB of buffer: with the paper out it takes that much of a job and then nothing more.
    const printer = createUsbPrinterSimulator({ bufferBytes: 4096 });
    const transport = createUsbTransport(printer.uri, { vendorId: 0x04b8, productId: 0x0202 }, printer.backend, { platform: 'linux', transferTimeoutMs: 300 });
    printer.unplug();
    expect(await failure(transport.send(job))).toBe('nothing-sent');
    expect(await failure(transport.open?.() ?? Promise.resolve())).toBe('nothing-sent');

    printer.plugIn();
    printer.set({ paper: 'out' });
    expect(await failure(transport.send({ id: 'job-2', bytes: receiptOfLength(2) }))).toBe('maybe-sent');
    await printer.close();
  });
});

describe('CUPS', () => {
  const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
  const IDLE = 'printer POS is idle.  enabled since Sat Nov 21 05:00:00 2026\n\tDescription: POS\n\tAlerts: none\n';
  const DISABLED = 'printer POS disabled since Sat Nov 21 05:00:00 2026 -\n\tpaused\n';
  /** Canned CUPS: `lp` answers as `lp` says, the queue reads as `queue`. */
  const cups = (lp: () => Promise<CommandResult>, queue = IDLE): CommandRunner =>
    async (file, args) => {
      const command = [file, ...args].join(' ');
      if (command === 'lpstat -l -p POS') return ok(queue);
      if (file === 'lp') return lp();
      if (command === 'lpstat -l -W not-completed -o POS') return ok('');
      if (command === 'lpstat -l -W completed -o POS') return ok('POS-9    root   3   Sat Nov 21\n\tStatus: Unable to connect\n\tAlerts: aborted-by-system\n');
      return { code: 1, stdout: '', stderr: `unexpected ${command}` };
    };
  const send = (run: CommandRunner): Promise<void> => createCupsTransport('cups:POS', 'POS', { run, pollIntervalMs: 5 }).send(job);

  it('a stopped queue, an lp that could not start or that CUPS refused sent nothing', async () => {
    expect(await failure(send(cups(async () => ok('request id is POS-9 (0 file(s))\n'), DISABLED)))).toBe('nothing-sent');
    const notInstalled = Object.assign(new Error('spawn lp ENOENT'), { code: 'ENOENT', syscall: 'spawn lp' });
    expect(await failure(send(cups(() => Promise.reject(notInstalled))))).toBe('nothing-sent');
    expect(await failure(send(cups(async () => ({ code: 1, stdout: '', stderr: 'lp: Destination "POS" is not accepting jobs.\n' }))))).toBe('nothing-sent');
  });

  it('an lp that ran out of time, or a job CUPS took and then aborted, may have printed', async () => {
    expect(await failure(send(cups(() => Promise.reject(new Error('lp did not answer within 5000 ms')))))).toBe('maybe-sent');
    expect(await failure(send(cups(async () => ok('request id is POS-9 (0 file(s))\n'))))).toBe('maybe-sent');
  });
});

describe('Windows spooler', () => {
  const transport = (spooler: FakeSpooler, queue = 'POS-80') => createWinspoolTransport(`windows:${queue}`, queue, async () => spooler, { timeoutMs: 2_000 });

  it('a queue that cannot be opened or whose printer is offline sent nothing; a write the spooler failed may have', async () => {
    expect(await failure(transport(new FakeSpooler([spoolerPrinter('POS-80')]), 'Missing').send(job))).toBe('nothing-sent');
    expect(await failure(transport(new FakeSpooler([spoolerPrinter('POS-80', { status: PRINTER_STATUS.OFFLINE })])).send(job))).toBe('nothing-sent');
    const unavailable = createWinspoolTransport('windows:POS-80', 'POS-80', () => Promise.reject(new Error('winspool.drv did not load')));
    expect(await failure(unavailable.send(job))).toBe('nothing-sent');

    const failingWrite = new FakeSpooler([spoolerPrinter('POS-80')]);
    failingWrite.failing.add('WritePrinter');
    expect(await failure(transport(failingWrite).send(job))).toBe('maybe-sent');
  });
});

describe('the virtual printer', () => {
  it('a folder that cannot be made sent nothing', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    const transport = createVirtualTransport(path.join(file, 'jobs'), () => new Uint8Array(0));
    expect(await failure(transport.send(job))).toBe('nothing-sent');
  });
});
