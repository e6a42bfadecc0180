import net from 'node:net';
import os from 'node:os';
import { procTableScan } from './proc-table-scan';
import type { TcpEntryReader } from './tcp-entry';
import { windowsTcpEntryReader } from './windows-tcp-table';
import { addressBytes } from './address-bytes';

export { TCP_STATE, type TcpEntry, type TcpEntryReader } from './tcp-entry';

/**
 * A reader of the kernel's entry for this connection, or undefined where the system does not publish one.
 *
 * Node has no API for a connection's TCP state. Linux lists every connection in /proc/net/tcp and /proc/net/tcp6
 * (`st`, and `tx_queue` = write_seq − snd_una: unsent and unacknowledged bytes alike); Windows in iphlpapi's
 * GetTcpTable / GetTcp6Table (states; the unacknowledged count only where extended statistics can be switched on:
 * see windows-tcp-table.ts); macOS has no such table. Call it while connected: a socket forgets its addresses once closed, while its kernel entry
 * (TIME_WAIT after a graceful close) lives on and is exactly what is read afterwards.
 */
export function tcpEntryReader(socket: net.Socket): TcpEntryReader | undefined {
  if (process.platform === 'win32') {
    return windowsTcpEntryReader({ localAddress: socket.localAddress ?? '', localPort: socket.localPort ?? 0, remoteAddress: socket.remoteAddress ?? '', remotePort: socket.remotePort ?? 0 });
  }
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
