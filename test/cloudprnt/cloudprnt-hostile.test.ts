import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CloudPrntClient, type CloudPrntTiming } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { imageUrlProblem } from '../../src/main/services/cloudprnt/markup/image-address';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { PrintingIntake } from '../support/online-order-intake';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';

let server: CloudPrntTestServer;
let printer: TcpPrinterSimulator;
let intake: PrintingIntake;
const clients: CloudPrntClient[] = [];
const FAST: Partial<CloudPrntTiming> = { job: { downloadTimeoutMs: 1_500, maxJobBytes: 256 * 1024, confirmTimeoutMs: 1_500 }, pollTimeoutMs: 1_500 };

function client(timing: Partial<CloudPrntTiming> = FAST, url = server.url, log?: (line: string) => void): CloudPrntClient {
  const created = new CloudPrntClient({ serverUrl: url, printer: printer.uri }, intake, { ...FAST, ...timing }, log);
  clients.push(created);
  return created;
}

/** Runs `work` and says how long it took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await work();
  return Date.now() - started;
}

beforeEach(async () => {
  server = await startCloudPrntServer();
  printer = await startRealPrinter('epson', { mmPerSecond: 2000 });
  intake = new PrintingIntake(printer);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.close()));
  await server.close();
  await printer.close();
});

describe('hostile CloudPRNT servers are bounded in time and size, and nothing prints', () => {
  it('a job sent a byte a second is given up at the download limit and confirmed 520', async () => {
    server.queue({
      token: 'slow',
      bodies: { 'text/plain': '' },
      serve: (response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('x'), 1_000);
        response.on('close', () => clearInterval(timer));
      },
    });
    const took = await timed(() => client().pollOnce());
    expect(took).toBeLessThan(4_000);
    expect(server.confirmations.map(({ code }) => code)).toEqual(['520 Timeout']);
    expect(intake.requests).toHaveLength(0);
  });

  it('an endless job and a 2 GB job are refused while streaming past the size cap (521)', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    server.queue({
      token: 'endless',
      bodies: { 'text/plain': '' },
      serve: (response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const pump = (): void => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', pump);
        };
        pump();
      },
    });
    server.queue({ token: 'huge', bodies: { 'text/plain': '' }, serve: (response) => response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 * 1024 ** 3) }).write('x') });
    const cloudprnt = client();
    const took = await timed(async () => {
      await cloudprnt.pollOnce();
      await cloudprnt.pollOnce();
    });
    expect(took).toBeLessThan(4_000);
    expect(server.confirmations.map(({ code, token }) => [code, token])).toEqual([
      ['521 Job Too Large', 'endless'],
      ['521 Job Too Large', 'huge'],
    ]);
    expect(intake.requests).toHaveLength(0);
  });

  it('a job of another media type than asked for is refused with 510', async () => {
    server.queue({ token: 'html', bodies: { 'text/plain': '' }, serve: (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>') });
    server.queue({ token: 'pdf', bodies: { 'application/pdf': '%PDF' } });
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    await cloudprnt.pollOnce();
    expect(server.confirmations.map(({ code }) => code)).toEqual(['510 Unsupported Media', '510 Unsupported Media']);
    expect(intake.requests).toHaveLength(0);
  });

  it('a JSON bomb as a poll answer is refused unread, quickly', async () => {
    server.answerPollsWith((response) => response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jobReady":true,"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`));
    const cloudprnt = client();
    const took = await timed(() => cloudprnt.pollOnce());
    expect(took).toBeLessThan(1_000);
    expect(cloudprnt.snapshot().lastError?.kind).toMatch(/answer-too-large|bad-response/);
    server.answerPollsWith((response) => response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jobReady":true,"x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`));
    await cloudprnt.pollOnce();
    expect(cloudprnt.snapshot().lastError).toMatchObject({ kind: 'bad-response' });
    expect(server.gets).toHaveLength(0);
  });

  it('a redirect to another host is not followed', async () => {
    const elsewhere: string[] = [];
    const other: Server = createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.end('{"jobReady":false}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/steal`;
    try {
      server.answerPollsWith((response) => response.writeHead(307, { location: otherUrl }).end());
      const cloudprnt = client();
      await cloudprnt.pollOnce();
      expect(elsewhere).toEqual([]);
      expect(cloudprnt.snapshot().lastError).toMatchObject({ kind: 'bad-response' });
      expect(cloudprnt.snapshot().lastError?.detail).toContain('redirected to another server');
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('a job every 10 ms: the binding takes at most its share of jobs a minute', async () => {
    let next = 0;
    server.answerPollsWith((response) => {
      next += 1;
      server.queue({ token: `flood-${next}`, bodies: { 'text/plain': `FLOOD ${next}\n` } });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobReady: true, mediaTypes: ['text/plain'], jobToken: `flood-${next}` }));
    });
    const cloudprnt = client({ minPollMs: 10, jobGapMs: 10, jobsPerMinute: 5 });
    cloudprnt.start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(intake.printedIds.length).toBeLessThanOrEqual(5);
    expect(cloudprnt.snapshot().lastError?.kind).toBe('too-many-jobs');
  });

  it('markup images: file:// is refused (511, nothing printed) and a public server may not point at private addresses', async () => {
    server.queue({ token: 'file', bodies: { 'text/vnd.star.markup': 'Logo\n[image: url file:///etc/passwd; width 100%]\nEND\n' } });
    await client().pollOnce();
    expect(server.confirmations.map(({ code }) => code)).toEqual(['511 Media Decoding Error']);
    expect(intake.requests).toHaveLength(0);
    expect(imageUrlProblem(new URL('http://127.0.0.1:1/logo.png'), false)).toMatch(/private or local/);
    expect(imageUrlProblem(new URL('http://169.254.169.254/latest'), false)).toMatch(/private or local/);
    expect(imageUrlProblem(new URL('http://[::1]/x.png'), false)).toMatch(/private or local/);
    expect(imageUrlProblem(new URL('http://127.0.0.1:1/logo.png'), true)).toBeNull();
  });

  it('credentials and tokens in the server URL never reach the logs or the errors', async () => {
    const lines: string[] = [];
    const secret = 's3cr3t-passw0rd-xyz';
    const key = 'shop-key-0123456789abcdef';
    server.answerPollsWith((response) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `bad key ${key} for ${secret}` })));
    const cloudprnt = client(FAST, `http://owner:${secret}@127.0.0.1:${server.port}/cloudprnt?key=${key}`, (line) => lines.push(line));
    await cloudprnt.pollOnce();
    const shown = JSON.stringify([lines, cloudprnt.snapshot()]);
    expect(lines.length).toBeGreaterThan(0);
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(key);
  });
});
