import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';

/**
 * How many bytes this end of a TCP connection has written (its FIN included) that the peer's TCP stack has not
 * acknowledged yet, or undefined where the system does not say.
 *
 * Node has no API for it. Linux publishes it per connection in /proc/net/tcp and /proc/net/tcp6 (`tx_queue`:
 * write_seq − snd_una, so unsent and unacknowledged bytes alike); other systems (Windows, macOS) give undefined,
 * as does a table that cannot be read (no file descriptor left) or a connection that is not found in it.
 */
export async function unacknowledgedBytes(socket: net.Socket): Promise<number | undefined> {
  if (process.platform !== 'linux') return undefined;
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (!localAddress || !remoteAddress || localPort === undefined || remotePort === undefined) return undefined;
  const local = procAddress(localAddress, localPort);
  const remote = procAddress(remoteAddress, remotePort);
  if (!local || !remote || local.family !== remote.family) return undefined;
  let table: string;
  try {
    table = await fs.readFile(local.family === 4 ? '/proc/net/tcp' : '/proc/net/tcp6', 'utf8');
  } catch {
    return undefined;
  }
  // "  sl  local_address rem_address   st tx_queue:rx_queue ...": one substring search instead of splitting every
  // line, since a busy machine lists thousands of connections and this runs on the service's own thread.
  const at = table.indexOf(`${local.text} ${remote.text} `);
  if (at < 0) return undefined;
  const queueStart = at + local.text.length + remote.text.length + 2 + 3;
  const queue = Number.parseInt(table.slice(queueStart, queueStart + 8), 16);
  return Number.isNaN(queue) ? undefined : queue;
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
