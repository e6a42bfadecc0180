// The print service's own figures for `npm run bench` (bench/service.bench.ts): memory at rest, after one receipt and
// with idle connections; ticket → ack round trips; accepted tickets per second in an open burst.
import type WebSocket from 'ws';
import { closedLoopRoundTrips, openSockets } from './latency';
import { textReceipt } from './print-documents';
import { mainThreadCpuMs, rssMb, settle, spawnHelper, startService, type ServiceUnderTest } from './processes';
import { connectTicketClient } from './ticket-client';

export const CONNECTIONS = 50;
export const IDLE_CONNECTIONS = 1000;
const BURST_PER_CONNECTION = 200;

export const ticket = (id: string): string =>
  JSON.stringify({ tipo: 'ticket', id, datos: { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands: [{ type: 'text', data: { text: `Ticket ${id}` } }] } });

export const isAck = (data: string): boolean => data.includes('"tipo":"ack"');

export const closeAll = (sockets: WebSocket[]): void => sockets.forEach((socket) => socket.terminate());

/** A fresh bundled service printing to its own raw TCP printer (a sink process), as a shop's would. */
export async function startServiceWithPrinter(entry: string): Promise<ServiceUnderTest> {
  const printer = await spawnHelper('sink-printer.ts');
  const service = await startService(entry, `tcp://127.0.0.1:${printer.port}`);
  return {
    ...service,
    stop: () => {
      service.stop();
      printer.stop();
    },
  };
}

export interface ServiceMemory {
  idle: number;
  withConnections: number;
  afterReceipt: number;
}

/**
 * RSS of a process that handled no load, at rest and with 1,000 idle connections; then of another fresh one after
 * one small receipt (printed, its encoding code loaded), settled. Nothing else is configured: no door, no online
 * order, no fleet — a café whose till speaks `/ws`.
 */
export async function memoryOf(entry: string): Promise<ServiceMemory> {
  const fresh = await startServiceWithPrinter(entry);
  let idle: number;
  let withConnections: number;
  try {
    await settle(1500);
    idle = rssMb(fresh.pid);
    const sockets = await openSockets(fresh.url, IDLE_CONNECTIONS);
    await settle(1500);
    withConnections = rssMb(fresh.pid);
    closeAll(sockets);
  } finally {
    fresh.stop();
  }
  const till = await startServiceWithPrinter(entry);
  try {
    const client = await connectTicketClient(till.url);
    const result = await client.print('cafe', textReceipt('cafe'));
    client.close();
    if (result.status !== 'success') throw new Error(`bench: the receipt failed: ${result.mensaje}`);
    await settle(2000);
    return { idle, withConnections, afterReceipt: rssMb(till.pid) };
  } finally {
    till.stop();
  }
}

/** A service under load, with its clients' connections open. */
export interface Loaded {
  service: ServiceUnderTest;
  sockets: WebSocket[];
}

/** A fresh service with CONNECTIONS clients, warmed by `warmPerSocket` round trips on each. */
export async function loaded(entry: string, warmPerSocket = 20): Promise<Loaded> {
  const service = await startServiceWithPrinter(entry);
  const sockets = await openSockets(service.url, CONNECTIONS);
  await closedLoopRoundTrips(sockets, warmPerSocket, (s, n) => ticket(`warm-${s}-${n}`), isAck);
  return { service, sockets };
}

/** Closed-loop ticket → ack round trips, `perSocket` on each connection, sorted (ms). */
export const ackRoundTrips = ({ sockets }: Loaded, name: string, perSocket: number): Promise<number[]> =>
  closedLoopRoundTrips(sockets, perSocket, (s, n) => ticket(`${name}-${s}-${n}`), isAck);

/** What one burst measured: acks per second until the last one, and the service's main-thread CPU per ticket. */
export interface Burst {
  ticketsPerSecond: number;
  cpuMsPerThousand: number;
}

/**
 * Every connection sends BURST_PER_CONNECTION tickets at once, and all are acknowledged. A ticket refused instead
 * (`Queue full`: the printing behind the acks is far slower than they are) fails the bench rather than leave it waiting.
 */
export async function burst({ service, sockets }: Loaded, name: string): Promise<Burst> {
  const cpuBefore = mainThreadCpuMs(service.pid);
  const start = performance.now();
  const refused: string[] = [];
  await Promise.all(
    sockets.map(
      (socket, s) =>
        new Promise<void>((resolve) => {
          let answered = 0;
          const onMessage = (data: WebSocket.RawData): void => {
            const text = String(data);
            if (text.includes('"tipo":"error"')) refused.push(text);
            else if (!isAck(text)) return;
            if (++answered < BURST_PER_CONNECTION) return;
            socket.off('message', onMessage);
            resolve();
          };
          socket.on('message', onMessage);
          for (let n = 0; n < BURST_PER_CONNECTION; n += 1) socket.send(ticket(`${name}-${s}-${n}`));
        }),
    ),
  );
  if (refused.length > 0) throw new Error(`bench: ${refused.length} tickets of a burst were refused, the first: ${refused[0]}`);
  const seconds = (performance.now() - start) / 1000;
  const tickets = sockets.length * BURST_PER_CONNECTION;
  return { ticketsPerSecond: tickets / seconds, cpuMsPerThousand: ((mainThreadCpuMs(service.pid) - cpuBefore) / tickets) * 1000 };
}

/**
 * Side by side, one service is measured while the other is frozen (SIGSTOP): the printing its last round left behind
 * then never lands in the other's figures, and each goes on with its own backlog when thawed, as a lone service does.
 */
export const freeze = ({ service }: Loaded): void => void process.kill(service.pid, 'SIGSTOP');
export const thaw = ({ service }: Loaded): void => void process.kill(service.pid, 'SIGCONT');

export function stopLoaded(loadedService: Loaded): void {
  closeAll(loadedService.sockets);
  thaw(loadedService);
  loadedService.service.stop();
}
