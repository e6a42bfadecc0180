import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { PRINTER_ATTRIBUTE_WORK_OFFLINE } from '../../src/main/platform/winspool/winspool-status';
import { TCP_STATE } from '../../src/main/platform/tcp/tcp-table';
import { exampleTicket } from '../documents/example-ticket';
import { seededRandom } from '../support/seeded-random';
import { startTcpSink, type SinkBehaviour } from '../support/tcp-sink';
import { RESULT_LINE } from './drivers/report';
import { WineSuite } from './support/wine-suite';
import { wineMissingReason } from './support/wine-tools';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The Windows code of the app, run for real: the Windows build of Node under Wine, koffi's Windows binary and the
 * project's own spooler code (as built by `npm run build`) against Wine's winspool.drv, which hands RAW jobs to a
 * private CUPS daemon whose queues keep every job's bytes. What Wine cannot show (AbortPrinter, StartPage/EndPage
 * and printer status are stubs there) stays covered by the fake spooler in test/platform/winspool.test.ts.
 */
const QUEUES = [
  { name: 'POS-80', description: 'Counter receipt printer' },
  { name: 'Office_Laser', description: 'HP LaserJet Pro' },
  { name: 'TM-T20_Kitchen', description: 'Kitchen' },
];
const PRINTERS_KEY = 'HKLM\\System\\CurrentControlSet\\Control\\Print\\Printers';

/** A café receipt with text in other scripts too: code pages, a picture, QR, barcode, and text drawn by the text engine. */
function cafeReceipt(): Record<string, unknown> {
  const ticket = exampleTicket();
  const commands = ticket['commands'] as unknown[];
  commands.splice(
    commands.length - 1,
    0,
    { type: 'text', data: { text: 'Καλημέρα · Привет · Dziękujemy' } },
    { type: 'text', data: { text: 'ありがとうございました 谢谢光临', bold: true } },
    { type: 'text', data: { text: 'شكرا لزيارتكم', align: 'right' } },
  );
  return ticket;
}

function megabyte(): Uint8Array {
  const random = seededRandom(23);
  return Uint8Array.from({ length: 1024 * 1024 }, () => Math.floor(random() * 256));
}

const missing = wineMissingReason();
const skipReason = process.env['TICKETERA_WINE_SKIP'] ?? missing;

if (missing && process.env['CI'] === 'true' && !process.env['TICKETERA_WINE_SKIP']) {
  describe('Windows code under Wine', () => {
    it('needs Wine in CI', () => {
      throw new Error(`${missing}; .ci/run installs wine and wine64, or sets TICKETERA_WINE_SKIP saying why it could not`);
    });
  });
} else if (missing) {
  describe.skip(`Windows code under Wine [skipped: ${skipReason}]`, () => {
    it('runs the Windows build of Node under Wine', () => undefined);
  });
} else {
  // Each Wine program takes about a second, more on a busy machine: generous per-test bounds.
  describe('Windows code under Wine', { timeout: 120_000 }, () => {
    let suite: WineSuite;
    const timings: Record<string, number> = {};

    beforeAll(async () => {
      suite = await WineSuite.start(QUEUES, 'POS-80');
    }, 600_000);

    afterAll(async () => {
      Object.assign(timings, suite?.timings);
      console.log(`Wine suite timings (ms): ${JSON.stringify(timings)}`);
      await suite?.close();
    }, 60_000);

    it('runs the Windows build of Node, whose usb binary loads and lists no device', async () => {
      const result = await suite.driver('spooler', ['usb']);
      timings['usb'] = result.run.ms;
      expect(result).toMatchObject({ platform: 'win32', node: process.version, devices: 0 });
    });

    it('lists the queues at levels 2 and 4 with the default printer, classified and summed up as get_printers does', async () => {
      const listed = await suite.driver('spooler', ['list']);
      timings['list'] = listed.run.ms;
      expect(listed['defaultName']).toBe('POS-80');
      expect(listed['names']).toEqual(expect.arrayContaining(QUEUES.map((queue) => expect.objectContaining({ printerName: queue.name }))));
      expect(listed['printers']).toEqual(
        expect.arrayContaining([expect.objectContaining({ printerName: 'POS-80', portName: 'CUPS:POS-80', comment: 'Counter receipt printer' })]),
      );
      expect(listed['discovered']).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'POS-80', uri: 'windows:POS-80', status: 'ready', isDefault: true })]),
      );

      // The CLI as built (out/main/cli.js): the same listing, classification and summary as get_printers.
      const cli = await suite.node(['cli.js', 'printers', '--json']);
      timings['cli printers'] = cli.ms;
      expect(cli.code, cli.stderr).toBe(0);
      const { printers, summary } = JSON.parse(cli.stdout) as { printers: Array<Record<string, unknown>>; summary: Record<string, unknown> };
      expect(printers.map((printer) => [printer['name'], printer['printer_type'], printer['is_default']])).toEqual(
        expect.arrayContaining([
          ['POS-80', 'thermal', true],
          ['Office_Laser', 'unknown', false],
          ['TM-T20_Kitchen', 'thermal', false],
        ]),
      );
      expect(summary).toEqual({ status: 'ok', detected_count: 4, thermal_count: 2, default_name: 'POS-80' });
    });

    it('prints the café receipt and a 1 MB job RAW: both arrive byte-identical in the CUPS queue', async () => {
      for (const [name, bytes] of [
        ['cafe.bin', encodeDocument(cafeReceipt(), { safeMode: true })],
        ['megabyte.bin', megabyte()],
      ] as const) {
        const known = suite.cups.jobFiles().length;
        const file = suite.file(name, bytes);
        const sent = await suite.driver('spooler', ['send', 'POS-80', file.windows]);
        timings[`send ${name}`] = sent.run.ms;
        expect(sent).toMatchObject({ ok: true, bytes: bytes.length });
        expect((await suite.cups.nextJob(known)).equals(Buffer.from(bytes))).toBe(true);
      }
    });

    it('refuses a queue that does not exist with the documented PRINTER text', async () => {
      const known = suite.cups.jobFiles().length;
      const sent = await suite.driver('spooler', ['send', 'No-Such-Queue', suite.file('tiny.bin', 'hola\n').windows]);
      expect(sent['error']).toBe('PRINTER: Windows printer "No-Such-Queue" cannot be opened (not installed, or no permission)');
      expect(suite.cups.jobFiles()).toHaveLength(known);
    });

    it('refuses a queue marked "Use Printer Offline" (Attributes 0x400) with the offline text, and lists it offline', async () => {
      await suite.prefix.setDword(`${PRINTERS_KEY}\\TM-T20_Kitchen`, 'Attributes', PRINTER_ATTRIBUTE_WORK_OFFLINE);
      const known = suite.cups.jobFiles().length;
      const sent = await suite.driver('spooler', ['send', 'TM-T20_Kitchen', suite.file('tiny.bin', 'hola\n').windows]);
      expect(sent['error']).toBe('PRINTER: Windows printer "TM-T20_Kitchen" is offline ("Use Printer Offline" is checked)');
      expect(suite.cups.jobFiles()).toHaveLength(known);
      const listed = await suite.driver('spooler', ['list']);
      expect(listed['discovered']).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'TM-T20_Kitchen', status: 'offline' })]));
      const kitchen = (listed['names'] as Array<{ printerName: string; attributes: number }>).find((entry) => entry.printerName === 'TM-T20_Kitchen');
      expect((kitchen?.attributes ?? 0) & PRINTER_ATTRIBUTE_WORK_OFFLINE, 'level 4 knows it too').toBe(PRINTER_ATTRIBUTE_WORK_OFFLINE);
    });

    it('renders with the CLI as built: the same ESC/POS bytes and preview as on Linux', async () => {
      const document = suite.file('cafe.json', JSON.stringify(cafeReceipt()));
      const windows = { escpos: suite.file('windows.bin'), png: suite.file('windows.png') };
      const rendered = await suite.node(['cli.js', 'render', document.windows, '--escpos', windows.escpos.windows, '--png', windows.png.windows]);
      timings['cli render'] = rendered.ms;
      expect(rendered.code, rendered.stderr).toBe(0);
      const linux = { escpos: suite.file('linux.bin').linux, png: suite.file('linux.png').linux };
      await exec(process.execPath, [path.join(suite.main, 'cli.js'), 'render', document.linux, '--escpos', linux.escpos, '--png', linux.png], {
        env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') },
      });
      expect(fs.readFileSync(windows.escpos.linux).equals(fs.readFileSync(linux.escpos))).toBe(true);
      expect(fs.readFileSync(windows.png.linux).equals(fs.readFileSync(linux.png))).toBe(true);
    });

    it('prints documents once to a Windows queue by name: encoder threads, then the spooler, with the Linux bytes', async () => {
      const documents = { cafe: cafeReceipt(), ticket: exampleTicket() };
      const files = Object.entries(documents).map(([name, document]) => suite.file(`${name}.json`, JSON.stringify(document)));
      const out = path.join(suite.dir, 'once');
      fs.mkdirSync(out);
      const known = suite.cups.jobFiles().length;
      const printed = await suite.driver('print-once', ['POS-80', `Z:${out.replace(/\//g, '\\')}`, ...files.map((file) => file.windows)]);
      timings['print once'] = printed.run.ms;
      expect(printed).toMatchObject({ uri: 'windows:POS-80' });
      for (const [index, [name, document]] of Object.entries(documents).entries()) {
        const expected = Buffer.from(encodeDocument(document, { safeMode: true }));
        expect(fs.readFileSync(path.join(out, `${name}.bin`)).equals(expected), `${name}: encoded under Wine`).toBe(true);
        expect((await suite.cups.nextJob(known + index)).equals(expected), `${name}: as CUPS received it`).toBe(true);
      }
    });

    /** A driver run against a loopback printer on this (Linux) side: Wine's sockets are the host's. */
    const againstPrinter = async (behaviour: SinkBehaviour, command: string, size: number, ...more: string[]) => {
      const sink = await startTcpSink(0, behaviour);
      try {
        const result = await suite.driver('tcp-table', [command, String(sink.port), String(size), ...more]);
        return { result, sink, cutOff: `PRINTER: printer at 127.0.0.1:${sink.port} closed the connection before taking the whole job` };
      } finally {
        await sink.close();
      }
    };
    const timeWait = expect.objectContaining({ state: TCP_STATE.timeWait });

    it('reads Windows\' TCP table (GetTcpTable): TIME_WAIT only after a printer closed in turn', async () => {
      // Closes in turn after our FIN: every byte and our FIN acknowledged before its FIN, so TIME_WAIT, and it stays.
      const inTurn = await againstPrinter({ kind: 'reads-and-closes' }, 'socket', 64 * 1024);
      timings['tcp table: close in turn'] = inTurn.result.run.ms;
      const { createMs, heldLoopMs, readMs } = inTurn.result;
      console.log(`TCP table reads under Wine (ms): ${JSON.stringify({ createMs, heldLoopMs, readMs })}`);
      // Read through koffi's worker threads: the event loop waits for none of the table's copying (tens of ms here).
      expect((heldLoopMs as { rest: { median: number } }).rest.median).toBeLessThan(5);
      expect(inTurn.result).toMatchObject({ platform: 'win32', connected: { state: TCP_STATE.established }, atClose: { state: TCP_STATE.timeWait, unacknowledged: 0 } });
      expect(inTurn.result['later']).toEqual(timeWait);
      expect(inTurn.sink.totalBytes()).toBe(64 * 1024);

      // Resets after 16 KB of a 1 MB job: the reset removes the connection from the table.
      const reset = await againstPrinter({ kind: 'resets-after', bytes: 16 * 1024 }, 'socket', 1024 * 1024);
      timings['tcp table: reset'] = reset.result.run.ms;
      expect(reset.result['events']).toContain('error ECONNRESET');
      expect(reset.result['atClose']).not.toEqual(timeWait);
      expect(reset.result['later']).toBe('gone');

      // Accepts and closes at once: its FIN (or reset) comes before ours, so our side never reaches TIME_WAIT.
      const atOnce = await againstPrinter({ kind: 'closes-at-once' }, 'socket', 64 * 1024);
      timings['tcp table: closes at once'] = atOnce.result.run.ms;
      expect(atOnce.result['atClose']).not.toEqual(timeWait);
      expect(atOnce.result['later']).not.toEqual(timeWait);
    });

    it('finds a dual-stack socket\'s connection to an IPv4-mapped address (::ffff:127.0.0.1) in the IPv6 table', async () => {
      const mapped = await againstPrinter({ kind: 'reads-and-closes' }, 'socket', 64 * 1024, 'mapped');
      timings['tcp table: mapped'] = mapped.result.run.ms;
      expect(mapped.result).toMatchObject({
        addresses: { localAddress: '::ffff:127.0.0.1', remoteAddress: '::ffff:127.0.0.1' },
        connected: { state: TCP_STATE.established },
        atClose: { state: TCP_STATE.timeWait, unacknowledged: 0 },
      });
    });

    it('confirms TCP jobs through the table with createTcpTransport: printed only when the printer closed in turn', async () => {
      const inTurn = await againstPrinter({ kind: 'reads-and-closes' }, 'transport', 64 * 1024);
      timings['tcp transport: close in turn'] = inTurn.result.run.ms;
      expect(inTurn.result).toMatchObject({ ok: true });
      expect(inTurn.result['entries'], 'the transport asked the table and saw TIME_WAIT').toContainEqual(timeWait);
      expect(inTurn.sink.totalBytes()).toBe(64 * 1024);

      const atOnce = await againstPrinter({ kind: 'closes-at-once' }, 'transport', 64 * 1024);
      expect(atOnce.result).toMatchObject({ ok: false, error: atOnce.cutOff });
      expect(atOnce.result['entries']).not.toContainEqual(timeWait);

      const reset = await againstPrinter({ kind: 'resets-after', bytes: 16 * 1024 }, 'transport', 1024 * 1024);
      expect(reset.result).toMatchObject({ ok: false, error: reset.cutOff });
      expect(reset.result['entries']).not.toContainEqual(timeWait);
    });

    // Last: it leaves the prefix's programs stuck until the suite ends them.
    it('never freezes on a hung spooler: with CUPS stopped before first use, timers fire while the listing settles within its bound', async () => {
      const boundMs = 2_000;
      suite.cups.pause();
      try {
        const result = await suite.driver('spooler', ['hung', String(boundMs)], { until: RESULT_LINE, timeoutMs: 20_000 });
        timings['hung listing'] = result.run.ms;
        // Nothing was listed before in this process, so there is no last good list to serve: the listing fails.
        expect(result['failed']).toMatch(/did not answer/);
        expect(result['settledMs']).toBeGreaterThanOrEqual(boundMs - 50);
        expect(result['settledMs']).toBeLessThan(boundMs + 1_500);
        expect(result['maxGapMs']).toBeLessThan(500);
        expect(result['ticks']).toBeGreaterThan((boundMs + 500) / 50 / 2);
      } finally {
        suite.cups.resume();
      }
    });
  });
}
