import fs from 'node:fs/promises';
import os from 'node:os';

/**
 * Live connections a loopback listener's side still has at `port`, by the kernel's table (Linux only): not the
 * listener itself, nor TIME_WAIT (a connection closed gracefully from this side). A connection the sender reset is
 * gone; one it merely closed stays (CLOSE_WAIT) until the printer gets to it.
 */
export async function liveConnectionsAt(port: number): Promise<number> {
  const address = os.endianness() === 'LE' ? '0100007F' : '7F000001';
  const local = `${address}:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const rows = (await fs.readFile('/proc/net/tcp', 'utf8')).split('\n').map((line) => line.trim().split(/\s+/));
  const LISTEN = '0A';
  const TIME_WAIT = '06';
  return rows.filter((fields) => fields[1] === local && fields[3] !== LISTEN && fields[3] !== TIME_WAIT).length;
}
