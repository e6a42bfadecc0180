import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A printer on 127.0.0.1 that answers what Ticketera asks (ESC/POS: DLE EOT 1–4, GS ( H, the buffer clear; Star: ESC
 * ACK SOH) and takes jobs, and, with `flood`, sends Automatic Status Back blocks nonstop on every connection from the
 * moment it is accepted, as fast as the connection takes them: a broken printer (or something else on port 9100) does
 * exactly that. Its answers go out in order behind the flood already written, as a real printer's would.
 */
export interface FloodingPrinterOptions {
  flood: boolean;
  /** What its ASB blocks and status answers say about the roll. */
  paper: 'ok' | 'near-end';
  /** ESC/POS (4-byte ASB blocks) unless told Star (9-byte blocks, Header-1 23h). */
  language?: 'escpos' | 'star';
  /** At most this fast on each connection (a real device's own limit); as fast as the connection takes them if unset. */
  bytesPerSecond?: number;
}

export interface FloodingPrinter {
  uri: string;
  host: string;
  port: number;
  /** ASB bytes handed to the connections so far (what the other end took, give or take the kernel's buffers). */
  readonly floodedBytes: number;
  /** Requests heard, by kind, in order. */
  readonly heard: string[];
  close(): Promise<void>;
}

/** One write of flood: ~64 KiB of identical blocks, prepared once so flooding costs this process next to nothing. */
const FLOOD_CHUNK_BYTES = 64 * 1024;
/**
 * Writes per turn of this process's event loop at most: the printer often lives in the process that measures its loop,
 * and a loop that writes until the kernel refuses would be the stall measured.
 */
const WRITES_PER_TURN = 4;

/** ESC/POS: third byte bits 0–1 paper near end. Star: printer status 4 (the block's 6th byte) bit 2 near end. */
const asbBlock = (paper: FloodingPrinterOptions['paper'], language: FloodingPrinterOptions['language']): number[] =>
  language === 'star' ? [0x23, 0x06, 0, 0, 0, paper === 'near-end' ? 0x04 : 0, 0, 0, 0] : [0x10, 0x00, paper === 'near-end' ? 0x03 : 0x00, 0x00];

/** DLE EOT n's answer byte: online, cover closed, no error; n = 4 gives the roll sensor (bits 2–3: near end). */
const realTimeAnswer = (n: number, paper: FloodingPrinterOptions['paper']): number => (n === 4 && paper === 'near-end' ? 0x12 | 0x0c : 0x12);

export async function startFloodingPrinter(options: FloodingPrinterOptions): Promise<FloodingPrinter> {
  const block = asbBlock(options.paper, options.language);
  const chunk = Buffer.alloc(FLOOD_CHUNK_BYTES - (FLOOD_CHUNK_BYTES % block.length));
  for (let at = 0; at < chunk.length; at += block.length) chunk.set(block, at);
  const sockets = new Set<net.Socket>();
  const heard: string[] = [];
  let floodedBytes = 0;

  const serve = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.setNoDelay(true);
    let open = true;
    const stop = (): void => {
      open = false;
    };
    socket.on('error', stop);
    socket.on('end', stop);
    socket.on('close', () => {
      stop();
      sockets.delete(socket);
    });
    const started = performance.now();
    let sent = 0;
    const pump = (): void => {
      for (let writes = 0; open && writes < WRITES_PER_TURN; writes += 1) {
        const rate = options.bytesPerSecond;
        if (rate !== undefined) {
          const due = (rate * (performance.now() - started)) / 1000;
          // After a wait for the reader, no burst to catch up: a device's own rate is a ceiling, not a quota.
          sent = Math.max(sent, due - WRITES_PER_TURN * chunk.length);
          if (sent + chunk.length > due) {
            setTimeout(pump, 1);
            return;
          }
        }
        sent += chunk.length;
        floodedBytes += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (open) setImmediate(pump);
    };
    if (options.flood) pump();
    // A request cut by a TCP read waits for its end; the longest one read here (GS ( H) is 11 bytes.
    let carried = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      const bytes = Buffer.concat([carried, data]);
      let at = 0;
      for (; at < bytes.length; at += 1) {
        const left = bytes.length - at;
        if (bytes[at] === 0x1b && bytes[at + 1] === 0x06) {
          if (left < 3) break;
          heard.push('ESC ACK SOH');
          socket.write(Uint8Array.from(block));
          at += 2;
        } else if (bytes[at] === 0x10 && bytes[at + 1] === 0x04) {
          if (left < 3) break;
          const n = bytes[at + 2] as number;
          heard.push(`DLE EOT ${n}`);
          socket.write(Uint8Array.of(realTimeAnswer(n, options.paper)));
          at += 2;
        } else if (bytes[at] === 0x1d && bytes[at + 1] === 0x28 && bytes[at + 2] === 0x48) {
          if (left < 11) break;
          heard.push('GS ( H');
          socket.write(Uint8Array.of(0x37, 0x22, ...bytes.subarray(at + 7, at + 11), 0x00));
          at += 10;
        } else if (bytes[at] === 0x10 && bytes[at + 1] === 0x14 && bytes[at + 2] === 0x08) {
          if (left < 10) break;
          heard.push('clear buffers');
          socket.write(Uint8Array.of(0x37, 0x25, 0x00));
          at += 9;
        } else if (left < 3 && (bytes[at] === 0x10 || bytes[at] === 0x1d || bytes[at] === 0x1b)) {
          break;
        }
      }
      carried = bytes.subarray(at);
    });
  };

  const server = net.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    uri: `tcp://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    get floodedBytes() {
      return floodedBytes;
    },
    heard,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
