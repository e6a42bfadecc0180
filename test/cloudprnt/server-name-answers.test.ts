import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CloudPrntClient } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { withDoorServices } from '../support/door-services';
import { blackPng } from '../support/hostile-images';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import { onlineOrderProblemOf } from '../../src/main/online-orders/online-order-problem';

/**
 * The name of an ordering platform's server answers a public address and 127.0.0.1 together. Before, any private
 * answer made the server "on the shop's network" — and that judgement was kept for ever — so the markup of a server on
 * the internet could make the shop's computer fetch pictures from its own network. Now the name is looked up for each
 * round and judged whole: all private, all public, or refused.
 *
 * The names are answered by a script (node:dns, as the service looks them up). Only loopback traffic: a public answer is
 * never connected to, and connections made outside the service's own look-up (undici's default agent) are given the
 * name's loopback answer only.
 */
const script = vi.hoisted(() => new Map<string, Array<{ address: string; family: number }>>());

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const answer = script.get(hostname);
    const done = (typeof options === 'function' ? options : callback) as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
    if (!answer) return (real.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    setImmediate(() => (all ? done(null, answer) : done(null, answer[0]?.address ?? '', answer[0]?.family)));
  }) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (hostname: string, options?: { all?: boolean }) => {
    const answer = script.get(hostname);
    if (!answer) return real.lookup(hostname, options as never);
    return options?.all ? answer : answer[0];
  }) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

const PLATFORM = 'orders.platform.test';
const loopbackOnly: LookupFunction = (hostname, _options, callback) => {
  const answer = (script.get(hostname) ?? []).filter(({ address }) => address === '127.0.0.1');
  if (answer.length === 0) return callback(Object.assign(new Error(`${hostname}: no loopback answer`), { code: 'ENOTFOUND' }), '', 0);
  return callback(null, answer);
};

const doors = withDoorServices();
let previousAgent: Dispatcher;
let pictures: http.Server;
let pictureRequests = 0;
let server: CloudPrntTestServer;
let printer: TcpPrinterSimulator;
let client: CloudPrntClient;

beforeEach(async () => {
  previousAgent = getGlobalDispatcher();
  setGlobalDispatcher(new Agent({ connect: { lookup: loopbackOnly } }));
  pictureRequests = 0;
  // The shop's own network: the router's page, a camera, the till. Only pictures reach it here.
  pictures = http.createServer((_request, response) => {
    pictureRequests += 1;
    response.writeHead(200, { 'content-type': 'image/png' }).end(blackPng(16, 16));
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  server = await startCloudPrntServer();
  const started = await doors.withPrinter();
  printer = started.printer;
  const intake = new ServiceOnlineOrderIntake(started.running.service, 'online:platform');
  await intake.prepare(printer.uri);
  client = new CloudPrntClient({ serverUrl: `http://${PLATFORM}:${server.port}/cloudprnt`, printer: printer.uri }, intake, { pollTimeoutMs: 3_000 });
});

afterEach(async () => {
  await client.close();
  await server.close();
  pictures.closeAllConnections();
  await new Promise((resolve) => pictures.close(resolve));
  const ours = getGlobalDispatcher();
  setGlobalDispatcher(previousAgent);
  await ours.close();
  script.clear();
});

const pictureOrder = (number: number): { token: string; bodies: Record<string, string> } => ({
  token: `pic-${number}`,
  bodies: { 'text/vnd.star.markup': `Pedido ${number}\n[image: url http://127.0.0.1:${(pictures.address() as AddressInfo).port}/router.png; width 50%]\nEND PIC ${number}\n[cut: feed]` },
});

describe('a CloudPRNT server whose name answers public and private addresses', () => {
  it('is refused before any connection: no poll, no job, no picture from the shop network', { timeout: 30_000 }, async () => {
    script.set(PLATFORM, [
      { address: '203.0.113.10', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    server.queue(pictureOrder(1));
    await client.pollOnce();
    await client.pollOnce();
    expect(pictureRequests).toBe(0);
    expect(server.polls).toHaveLength(0);
    expect(server.gets).toHaveLength(0);
    expect(printer.printedText()).not.toContain('END PIC 1');
    expect(client.snapshot()).toMatchObject({ connected: false, lastError: { kind: 'mixed-addresses' } });
    // The window says it in its own words, not "something failed".
    expect(onlineOrderProblemOf(client.snapshot().lastError?.kind ?? '')).toBe('mixed-addresses');
  });

  it('is looked up again for every round: a name on the shop network that turns mixed is refused from then on', { timeout: 30_000 }, async () => {
    script.set(PLATFORM, [{ address: '127.0.0.1', family: 4 }]);
    server.queue(pictureOrder(1));
    await client.pollOnce();
    await printer.waitForPrinted('END PIC 1');
    expect(pictureRequests).toBe(1);

    script.set(PLATFORM, [
      { address: '203.0.113.10', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    server.queue(pictureOrder(2));
    const pollsBefore = server.polls.length;
    await client.pollOnce();
    await client.pollOnce();
    expect(server.polls).toHaveLength(pollsBefore);
    expect(pictureRequests).toBe(1);
    expect(printer.printedText()).not.toContain('END PIC 2');
    expect(client.snapshot().lastError).toMatchObject({ kind: 'mixed-addresses' });
  });
});
