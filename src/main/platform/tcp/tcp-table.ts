import net from 'node:net';
import os from 'node:os';
import { procTableScan } from './proc-table-scan';

/** Kernel TCP states as /proc/net/tcp numbers them (include/net/tcp_states.h). */
export const TCP_STATE = { established: 0x01, timeWait: 0x06, closeWait: 0x08, lastAck: 0x09, closing: 0x0b } as const;

/**
 * What the kernel says about one connection: its state and the bytes it sent (FIN included) not yet acknowledged, null
 * where the system lists states but not that count (Windows without extended statistics).
 */
export interface TcpEntry {
  state: number;
  unacknowledged: number | null;
}

/**
 * Reads the kernel's entry for one connection now: the entry, `gone` when the kernel no longer lists it (reset, or
 * closed by the printer before us), or undefined when the table cannot be read (no file descriptor left).
 */
export type TcpEntryReader = () => Promise<TcpEntry | 'gone' | undefined>;

/**
 * A reader of the kernel's entry for this connection, or undefined where the system does not publish one.
 *
 * Node has no API for a connection's TCP state. Linux lists every connection in /proc/net/tcp and /proc/net/tcp6
 * (`st`, and `tx_queue` = write_seq − snd_una: unsent and unacknowledged bytes alike); other systems (Windows, macOS)
 * have no such table. Call it while connected: a socket forgets its addresses once closed, while its kernel entry
 * (TIME_WAIT after a graceful close) lives on and is exactly what is read afterwards.
 */
export function tcpEntryReader(socket: net.Socket): TcpEntryReader | undefined {
  if (process.platform !== 'linux') return undefined;
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (!localAddress || !remoteAddress || localPort === undefined || remotePort === undefined) return undefined;
  const local = procAddress(localAddress, localPort);
  const remote = procAddress(remoteAddress, remotePort);
  if (!local || !remote || local.family !== remote.family) return undefined;
  const key = `${local.text} ${remote.text} `;
  const scan = procTableScan(local.family === 4 ? '/proc/net/tcp' : '/proc/net/tcp6');
  return () => scan.lookup(key);
}

/** An address and port as the kernel prints them: each 32-bit word of the address in host byte order, in hex. */
function procAddress(address: string, port: number): { family: 4 | 6; text: string } | undefined {
  const bytes = addressBytes(address);
  if (!bytes) return undefined;
  const littleEndian = os.endianness() === 'LE';
  let hex = '';
  for (let word = 0; word < bytes.length; word += 4) {
    const group = bytes.subarray(word, word + 4);
    hex += Buffer.from(littleEndian ? [...group].reverse() : [...group]).toString('hex');
  }
  return { family: bytes.length === 4 ? 4 : 6, text: `${hex.toUpperCase()}:${port.toString(16).toUpperCase().padStart(4, '0')}` };
}

/** 4 bytes for IPv4, 16 for IPv6 (zone ids dropped, `::` and a trailing dotted IPv4 part expanded). */
export function addressBytes(address: string): Buffer | undefined {
  const plain = address.replace(/%.*$/, '');
  const kind = net.isIP(plain);
  if (kind === 4) return Buffer.from(plain.split('.').map(Number));
  if (kind !== 6) return undefined;
  const [head = '', tail] = plain.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = tail === undefined ? front : [...front, ...Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => 0), ...back];
  if (words.length !== 8) return undefined;
  const bytes = Buffer.alloc(16);
  words.forEach((word, index) => bytes.writeUInt16BE(word, index * 2));
  return bytes;
}
