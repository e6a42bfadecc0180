import { afterEach, describe, expect, it } from 'vitest';
import { SdpClient, type SdpTiming } from '../../src/main/services/sdp/sdp-client';
import { eventually } from '../support/eventually';
import { startRealPrinter } from '../support/printer-simulator';
import { CAFE, startSdpServer, type Misbehaviour } from '../support/sdp-server';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { PrintingIntake } from '../support/online-order-intake';

const PASSWORD = 'h0stile-pa55word';
const TIMING: Partial<SdpTiming> = { pollTimeoutMs: 1_500, minPollMs: 100, minJobWaitMs: 1_000 };

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function hostile(how: Misbehaviour, timing: Partial<SdpTiming> = TIMING) {
  const printer = await startRealPrinter('epson');
  const server = await startSdpServer({ auth: { scheme: 'basic', user: 'tienda', password: PASSWORD } });
  const elsewhere = await startSdpServer();
  server.misbehave(how, elsewhere.url);
  elsewhere.offer('stolen-1', CAFE);
  const intake = new PrintingIntake(printer);
  const logs: string[] = [];
  const client = new SdpClient(
    { serverUrl: server.url, printer: 'tcp://printer', deviceId: 'cafe-sol-1', name: 'Barra', pollIntervalSeconds: 0.1, credentials: { user: 'tienda', password: PASSWORD } },
    intake,
    interpretEposPrint,
    timing,
    (line) => logs.push(line),
  );
  cleanup.push(
    () => client.close(),
    () => elsewhere.close(),
    () => server.close(),
    () => printer.close(),
  );
  return { printer, server, elsewhere, intake, client, logs };
}

/** One poll against the misbehaving server: how long it took and what the client kept of it. */
async function timedPoll(client: SdpClient): Promise<{ ms: number; kind: string | undefined; detail: string }> {
  const started = Date.now();
  const activity = await client.pollOnce();
  return { ms: Date.now() - started, kind: activity.lastError?.kind, detail: JSON.stringify(activity) };
}

describe('Epson Server Direct Print client against hostile servers', () => {
  it('gives up on a server that answers a byte a second within the poll time limit', async () => {
    const { client, intake, logs } = await hostile('slow');
    const poll = await timedPoll(client);
    expect(poll.kind).toBe('timeout');
    expect(poll.ms).toBeLessThan(4_000);
    expect(intake.requests).toHaveLength(0);
    expect(logs.join('\n') + poll.detail).not.toContain(PASSWORD);
  });

  it('cuts an endless answer at the size limit while it streams, and a 2 GB announcement before reading it', async () => {
    for (const how of ['endless', 'huge'] as const) {
      const { client, intake } = await hostile(how, { ...TIMING, pollTimeoutMs: 20_000 });
      const poll = await timedPoll(client);
      expect(poll.kind, how).toBe('answer-too-large');
      expect(poll.ms, how).toBeLessThan(10_000);
      expect(intake.requests).toHaveLength(0);
    }
  });

  it('never follows a redirect to another server (credentials and all)', async () => {
    const { client, elsewhere, intake } = await hostile('redirect-elsewhere');
    const poll = await timedPoll(client);
    expect(poll.kind).toBe('bad-response');
    expect(elsewhere.getRequests).toHaveLength(0);
    expect(intake.requests).toHaveLength(0);
  });

  it('refuses DOCTYPE and entities (billion laughs), 100,000-deep nesting and answers that are not XML, quickly, printing nothing', async () => {
    for (const how of ['billion-laughs', 'deep', 'not-xml'] as const) {
      const { client, intake, printer } = await hostile(how);
      const poll = await timedPoll(client);
      expect(poll.kind, how).toBe('bad-response');
      expect(poll.ms, how).toBeLessThan(1_500);
      expect(intake.requests).toHaveLength(0);
      expect(printer.printedText()).toBe('');
    }
  });

  it('holds a server handing out a job every 10 ms to the poll interval floor and the binding\'s jobs a minute', async () => {
    const { client, server, intake } = await hostile('flood', { ...TIMING, minPollMs: 200, jobsPerMinute: 4 });
    client.start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await client.close();
    // 2 s at no less than 200 ms a poll: about ten polls, never hundreds.
    expect(server.getRequests.length).toBeLessThanOrEqual(12);
    expect(intake.printedIds.length).toBeLessThanOrEqual(4);
    const refused = server.setResponses.filter((job) => job.code === 'TooManyRequests');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((job) => job.success === 'false')).toBe(true);
  });

  it('keeps the password out of every error and log line, whatever the server echoes', async () => {
    const { client, logs, server } = await hostile('none');
    server.offer('order-x', '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"><image/></epos-print>');
    await client.pollOnce();
    await eventually(() => server.setResponses, (list) => list.length >= 1, 'the SetResponse');
    expect(server.setResponses[0]).toMatchObject({ success: 'false', code: 'SchemaError' });
    expect(JSON.stringify(client.snapshot()) + logs.join('\n')).not.toContain(PASSWORD);
  });
});
