import net from 'node:net';

/**
 * A raw-TCP receipt printer inside the bench process whose mechanism takes real time: each job's paper (one LF is
 * one 1/6-inch line, 4.23 mm) passes at `mmPerSecond`, one job after another, and the printer closes its side of a
 * job's connection only once that job is on paper (the AppSocket convention the service waits for). So a lane
 * cannot send its next job before the printer has printed the last one, as with a real printer whose buffer is full.
 */
export interface SlowPrinter {
  uri: string;
  /** Changes the mechanism's speed for jobs that start printing from now on. */
  setSpeed(mmPerSecond: number): void;
  /** Stops the printer: it reads nothing more and closes no connection (paper out, cover open, switched off). */
  stop(): void;
  /** Starts it again: the job it held prints, then the ones waiting. */
  resume(): void;
  /** Millimetres of paper each finished job took, in order. */
  printedMm(): number[];
  close(): Promise<void>;
}

/** ESC/POS default line spacing: 1/6 inch. */
const MM_PER_LINE = 25.4 / 6;
const LF = 0x0a;

/** Paper a job takes, from its line feeds (the bench's receipts are text, so every LF is one line). */
function paperMm(bytes: Buffer): number {
  let lines = 0;
  for (const byte of bytes) if (byte === LF) lines += 1;
  return lines * MM_PER_LINE;
}

export async function startSlowPrinter(mmPerSecond: number): Promise<SlowPrinter> {
  let speed = mmPerSecond;
  let stopped = false;
  /** When the mechanism is free again (performance.now()): jobs print one after another. */
  let busyUntil = 0;
  const printed: number[] = [];
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  /** Jobs whose last byte came, or whose printing was cut short, while stopped: printed (again) on resume. */
  const held: Array<() => void> = [];
  /** Prints one job's paper after the jobs before it, then closes the connection: the job is on paper. */
  const print = (socket: net.Socket, chunks: Buffer[]): void => {
    const mm = paperMm(Buffer.concat(chunks));
    const now = performance.now();
    busyUntil = Math.max(now, busyUntil) + (mm / speed) * 1000;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) {
        held.push(() => print(socket, chunks));
        return;
      }
      printed.push(mm);
      socket.end();
    }, busyUntil - now);
    timers.add(timer);
  };
  // allowHalfOpen: the service half-closes after its last byte; the printer closes its side when the paper is out.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    if (stopped) socket.pause();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.on('end', () => (stopped ? held.push(() => print(socket, chunks)) : print(socket, chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    uri: `tcp://127.0.0.1:${port}`,
    setSpeed: (next) => {
      speed = next;
    },
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.pause();
    },
    resume: () => {
      stopped = false;
      busyUntil = performance.now();
      for (const socket of sockets) socket.resume();
      for (const job of held.splice(0)) job();
    },
    printedMm: () => [...printed],
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
