import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, receipt, type ConnectionState, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { startPrintService, type RunningService } from '../../src/main/service-host';
import { startTestService } from '../support/service-harness';

const running: RunningService[] = [];
let client: TicketeraClient | undefined;
afterEach(async () => {
  client?.close();
  await Promise.all(running.splice(0).map((service) => service.stop()));
});

describe('a sale across a service restart', () => {
  it('is resent with the same id after reconnecting and prints exactly once', async () => {
    const first = await startTestService();
    running.push(first);
    first.service.queue.pause(); // the ticket is taken and stored, not printed, when the service goes away

    client = connect(first.wsUrl, { WebSocket, reconnect: { delayMs: 200, maxDelayMs: 400 } });
    const states: ConnectionState[] = [];
    client.onState((state) => states.push(state));
    const acked: string[] = [];
    let ackSeen: () => void = () => undefined;
    const ackArrived = new Promise<void>((resolve) => (ackSeen = resolve));
    let settled = 0;
    const sale = client
      .print(receipt().text('Venta 17: café 1,20 €').cut(), {
        onAck: (ack) => {
          acked.push(ack.id);
          ackSeen();
        },
      })
      .finally(() => (settled += 1));
    await ackArrived;
    const id = acked[0] ?? '';

    running.splice(running.indexOf(first), 1);
    await first.stop();
    await expect.poll(() => states.at(-1)).toBe('reconnecting');

    // The same port and data directory: the service comes back with its journal, the stored ticket pending.
    const second = await startPrintService({ ...first.config, port: first.address.port }, { printerDiscovery: [] });
    running.push(second);

    const result = await sale;
    expect(result.id).toBe(id);
    expect(result.mensaje).toMatch(/^Print completed in \d+ms/);
    expect(states.at(-1)).toBe('open');
    expect(settled).toBe(1);

    const folder = path.join(first.config.dataDir, 'virtual-printer');
    expect(fs.readdirSync(folder).filter((file) => file.startsWith(id) && file.endsWith('.bin'))).toEqual([`${id}.bin`]);
    const health = (await (await fetch(`http://127.0.0.1:${second.address.port}/health`)).json()) as { worker: { jobs_processed: number } };
    expect(health.worker.jobs_processed).toBe(1);
    expect(second.service.job(id)).toMatchObject({ state: 'success', reprints: 0 });
  });
});
