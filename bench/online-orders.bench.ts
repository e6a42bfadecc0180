// `npm run bench -- online`: a café order from an online-order server, from the moment the CloudPRNT client's poll
// is answered `jobReady` to the order printed and confirmed (DELETE at the server), against the same receipt sent by a
// till over `/ws` (ticket → result), on the same printer. The poll interval is not counted: it is the shop's setting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { startPrintService } from '../src/main/service-host';
import { defaultConfig } from '../src/main/services/service-config';
import { startCloudPrntServer } from '../test/support/cloudprnt-server';
import { startRealPrinter } from '../test/support/printer-simulator';
import type { BenchRow } from './bench-row';
import { GOALS } from './goals';
import { percentile } from './latency';
import { connectTicketClient } from './ticket-client';

const ORDERS = 12;
const TARGET = 1.2;

const cafeOrder = (id: string): string =>
  [
    `Cafe Lumiere - pedido ${id}`,
    '2 x Cappuccino          7.00',
    '1 x Croissant           2.50',
    '1 x Zumo de naranja     3.20',
    'TOTAL                  12.70',
    `END ${id}`,
  ].join('\n');

/** The same receipt as a till sends it: the lines a CloudPRNT text/plain job becomes, and the cut after them. */
const tillTicket = (id: string): object => ({
  version: '1',
  profile: { paper_width: 80 },
  commands: [
    { type: 'text', data: { text: cafeOrder(id) } },
    { type: 'cut', data: { partial: false } },
  ],
});

const waitUntil = async (done: () => boolean, what: string): Promise<void> => {
  const deadline = performance.now() + 30_000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`bench: ${what} did not happen within 30 s`);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

export async function runOnlineOrdersBench(): Promise<BenchRow[]> {
  const printer = await startRealPrinter('epson');
  const server = await startCloudPrntServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-online-'));
  const readyAt = new Map<string, number>();
  server.answerPollsWith((response: ServerResponse) => {
    const job = server.jobs[0];
    if (job && !readyAt.has(job.token)) readyAt.set(job.token, performance.now());
    const answer = job
      ? {
          jobReady: true,
          mediaTypes: Object.keys(job.bodies),
          jobToken: job.token,
        }
      : { jobReady: false };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  const binding = {
    id: 'bench',
    protocol: 'cloudprnt' as const,
    url: server.url,
    printer: printer.uri,
    intervalSeconds: 1,
    user: '',
    deviceId: '',
    name: '',
    statusUrl: '',
    password: undefined,
  };
  const running = await startPrintService(
    {
      ...defaultConfig('development'),
      host: '127.0.0.1',
      port: 0,
      dataDir,
      printer: printer.uri,
      rateLimit: 0,
      onlineOrders: [binding],
      // An Epson TM: "printed" is the printer's own word that the paper came out (GS ( H), on both paths.
      printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }],
    },
    {
      printerDiscovery: [],
      onlineOrderTiming: {
        cloudprnt: { minPollMs: 50, jobGapMs: 50, jobsPerMinute: 1_000 },
      },
    },
  );
  const client = await connectTicketClient(`ws://127.0.0.1:${running.address.port}/ws`);
  try {
    const polled: number[] = [];
    const ws: number[] = [];
    // Alternated, one warm-up of each first: both paths measured under the same machine load.
    for (let index = -1; index < ORDERS; index += 1) {
      const token = `order-${index}`;
      server.queue({
        token,
        bodies: { 'text/plain': `${cafeOrder(token)}\n` },
      });
      await waitUntil(() => server.confirmations.some((each) => each.token === token), `order ${token} confirmed`);
      const start = readyAt.get(token) ?? Number.NaN;
      const confirmed = performance.now();
      if (index >= 0) polled.push(confirmed - start);
      const sentAt = performance.now();
      const result = await client.print(`till-${index}`, tillTicket(`till-${index}`));
      if (result.status !== 'success' || !/confirmed by the printer/.test(result.mensaje)) throw new Error(`bench till ticket: ${result.mensaje}`);
      if (index >= 0) ws.push(performance.now() - sentAt);
    }
    const p50 = (values: number[]): number =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    const ratio = p50(polled) / p50(ws);
    return [
      {
        name: 'café order, CloudPRNT jobReady → printed and confirmed, p50',
        value: p50(polled),
        unit: 'ms',
        target: 'measured',
        pass: true,
      },
      {
        name: 'the same receipt over /ws, ticket → result, p50',
        value: p50(ws),
        unit: 'ms',
        target: 'measured',
        pass: true,
      },
      {
        name: 'online order ÷ /ws, p50 (poll interval excluded)',
        value: ratio,
        unit: '×',
        target: `≤ ${TARGET}×`,
        pass: ratio <= TARGET,
        goal: GOALS.onlineOrders,
      },
    ];
  } finally {
    client.close();
    await running.stop();
    await server.close();
    await printer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
