import { describe, expect, it } from 'vitest';
import {
  MIB_TCP_STATE,
  TCP_ROW_BYTES,
  findTcpRow,
  linuxTcpState,
  parseTcpTable,
  windowsTcpEntryReader,
  windowsTcpEntryReaderWith,
  type IpHelperCalls,
  type SendBufferStats,
} from '../../src/main/platform/tcp/windows-tcp-table';
import { TCP_STATE } from '../../src/main/platform/tcp/tcp-table';

/**
 * GetTcpTable's and GetTcp6Table's tables built by hand, byte for byte as Windows lays them out (little-endian
 * DWORDs, addresses and ports in network order), so the decoding is checked on Linux.
 */
interface Row {
  state: number;
  local: string;
  localPort: number;
  remote: string;
  remotePort: number;
  localScope?: number;
  remoteScope?: number;
}

const ipv4 = (address: string): number[] => address.split('.').map(Number);
/** A full IPv6 address as eight groups (no `::`), enough for the rows below. */
const ipv6 = (address: string): number[] => address.split(':').flatMap((group) => [Number.parseInt(group, 16) >> 8, Number.parseInt(group, 16) & 0xff]);

/** A port DWORD: the port big-endian in its first two bytes, and junk in the upper half, which Windows leaves undefined. */
function writePort(buffer: Buffer, at: number, port: number): void {
  buffer.writeUInt16BE(port, at);
  buffer.writeUInt16BE(0xbeef, at + 2);
}

function table(family: 4 | 6, rows: Row[]): Buffer {
  const size = TCP_ROW_BYTES[family];
  const buffer = Buffer.alloc(4 + rows.length * size);
  buffer.writeUInt32LE(rows.length, 0);
  rows.forEach((row, index) => {
    const at = 4 + index * size;
    buffer.writeUInt32LE(row.state, at);
    if (family === 4) {
      buffer.set(ipv4(row.local), at + 4);
      writePort(buffer, at + 8, row.localPort);
      buffer.set(ipv4(row.remote), at + 12);
      writePort(buffer, at + 16, row.remotePort);
    } else {
      buffer.set(ipv6(row.local), at + 4);
      buffer.writeUInt32LE(row.localScope ?? 0, at + 20);
      writePort(buffer, at + 24, row.localPort);
      buffer.set(ipv6(row.remote), at + 28);
      buffer.writeUInt32LE(row.remoteScope ?? 0, at + 44);
      writePort(buffer, at + 48, row.remotePort);
    }
  });
  return buffer;
}

const PRINTER = { local: '192.168.1.20', localPort: 50123, remote: '192.168.1.50', remotePort: 9100 };
const addresses = { localAddress: PRINTER.local, localPort: PRINTER.localPort, remoteAddress: PRINTER.remote, remotePort: PRINTER.remotePort };
const NOISE: Row[] = [
  { state: MIB_TCP_STATE.listen, local: '0.0.0.0', localPort: 8766, remote: '0.0.0.0', remotePort: 0 },
  { state: MIB_TCP_STATE.established, local: PRINTER.local, localPort: 50124, remote: PRINTER.remote, remotePort: 9100 },
  { state: MIB_TCP_STATE.established, local: PRINTER.local, localPort: PRINTER.localPort, remote: PRINTER.remote, remotePort: 9101 },
];

const ERROR_INSUFFICIENT_BUFFER = 122;
const ERROR_INVALID_PARAMETER = 87;

/** A stand-in for iphlpapi.dll: the tables it holds (undefined: that family fails), counting the table calls. */
function fakeIpHelper(tables: Partial<Record<4 | 6, Buffer>>, sendBuffer?: SendBufferStats): IpHelperCalls & { calls: number } {
  const fake = {
    calls: 0,
    sendBuffer,
    table: (family: 4 | 6, buffer: Buffer, size: [number]): Promise<number> => {
      fake.calls += 1;
      const bytes = tables[family];
      if (!bytes) return Promise.resolve(ERROR_INVALID_PARAMETER);
      if (size[0] < bytes.length) {
        size[0] = bytes.length;
        return Promise.resolve(ERROR_INSUFFICIENT_BUFFER);
      }
      buffer.set(bytes);
      size[0] = bytes.length;
      return Promise.resolve(0);
    },
  };
  return fake;
}

describe('Windows TCP table: decoding GetTcpTable and GetTcp6Table', () => {
  it('maps every MIB_TCP_STATE to the Linux numbering tcp-table.ts uses', () => {
    const pairs = Object.values(MIB_TCP_STATE).map((mib) => [mib, linuxTcpState(mib)]);
    expect(pairs).toEqual([
      [1, 0x07],
      [2, 0x0a],
      [3, 0x02],
      [4, 0x03],
      [5, TCP_STATE.established],
      [6, 0x04],
      [7, 0x05],
      [8, TCP_STATE.closeWait],
      [9, TCP_STATE.closing],
      [10, TCP_STATE.lastAck],
      [11, TCP_STATE.timeWait],
      [12, 0x07],
    ]);
    expect(linuxTcpState(0)).toBeUndefined();
    expect(linuxTcpState(13)).toBeUndefined();
  });

  it('reads IPv4 rows (MIB_TCPROW): network-order addresses and ports, the upper port bits ignored, and the state', () => {
    const rows = parseTcpTable(table(4, [...NOISE, { state: MIB_TCP_STATE.timeWait, ...PRINTER }]), 4);
    expect(rows).toHaveLength(4);
    expect(rows?.[0]).toEqual({
      localAddress: '0.0.0.0',
      localPort: 8766,
      remoteAddress: '0.0.0.0',
      remotePort: 0,
      localScopeId: 0,
      remoteScopeId: 0,
      mibState: MIB_TCP_STATE.listen,
      state: 0x0a,
    });
    expect(rows?.[3]).toMatchObject({ localAddress: '192.168.1.20', localPort: 50123, remoteAddress: '192.168.1.50', remotePort: 9100, state: TCP_STATE.timeWait });
  });

  it('reads IPv6 rows (MIB_TCP6ROW) with their scope ids', () => {
    const local = 'fe80:0:0:0:1:2:3:4';
    const remote = 'fe80:0:0:0:aa:bb:cc:dd';
    const rows = parseTcpTable(table(6, [{ state: MIB_TCP_STATE.finWait2, local, localPort: 1, remote, remotePort: 9100, localScope: 7, remoteScope: 7 }]), 6);
    expect(rows).toEqual([{ localAddress: local, localPort: 1, remoteAddress: remote, remotePort: 9100, localScopeId: 7, remoteScopeId: 7, mibState: 7, state: 0x05 }]);
  });

  it('refuses a buffer shorter than the rows it announces, and reads an empty table', () => {
    const full = table(4, NOISE);
    expect(parseTcpTable(full.subarray(0, full.length - 1), 4)).toBeUndefined();
    expect(parseTcpTable(Buffer.alloc(2), 4)).toBeUndefined();
    expect(parseTcpTable(table(6, []), 6)).toEqual([]);
    // Rows are read from a view too (a buffer that starts inside a larger allocation).
    const inside = Buffer.concat([Buffer.alloc(3), full]).subarray(3);
    expect(parseTcpTable(inside, 4)).toHaveLength(3);
  });

  it('finds one connection by both addresses and ports, with its row bytes, or says it is gone', () => {
    const bytes = table(4, [...NOISE, { state: MIB_TCP_STATE.established, ...PRINTER }]);
    const found = findTcpRow(bytes, 4, addresses);
    expect(found).toMatchObject({ row: { state: TCP_STATE.established, localPort: 50123 } });
    // The MIB_TCPROW that names the connection to GetPerTcpConnectionEStats, as Windows listed it.
    expect(found !== 'gone' && found?.bytes.toString('hex')).toBe('05000000c0a80114c3cbbeefc0a80132238cbeef');
    expect(findTcpRow(table(4, NOISE), 4, addresses)).toBe('gone');
    expect(findTcpRow(bytes.subarray(0, 10), 4, addresses)).toBeUndefined();
    // `::1` and its long spelling are the same address.
    const v6 = table(6, [{ state: MIB_TCP_STATE.established, local: '0:0:0:0:0:0:0:1', localPort: 5, remote: '0:0:0:0:0:0:0:1', remotePort: 9100 }]);
    expect(findTcpRow(v6, 6, { localAddress: '::1', localPort: 5, remoteAddress: '::1%1', remotePort: 9100 })).toMatchObject({ row: { state: TCP_STATE.established } });
  });
});

describe('Windows TCP table: the entry reader', () => {
  it('returns the state in Linux numbers; unacknowledged 0 once our FIN is acknowledged, null while Windows does not say', async () => {
    const read = windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, [...NOISE, { state: MIB_TCP_STATE.timeWait, ...PRINTER }]) }), addresses);
    expect(await read?.()).toEqual({ state: TCP_STATE.timeWait, unacknowledged: 0 });
    const live = windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, [{ state: MIB_TCP_STATE.established, ...PRINTER }]) }), addresses);
    expect(await live?.()).toEqual({ state: TCP_STATE.established, unacknowledged: null });
  });

  it('says gone when the table was read without the connection, undefined when it could not be read', async () => {
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, NOISE) }), addresses)?.()).toBe('gone');
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({}), addresses)?.()).toBeUndefined();
    const throwing: IpHelperCalls = {
      sendBuffer: undefined,
      table: () => Promise.reject(new Error('koffi: too many async calls')),
    };
    expect(await windowsTcpEntryReaderWith(throwing, addresses)?.()).toBeUndefined();
    const unknownState = table(4, [{ state: 42, ...PRINTER }]);
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: unknownState }), addresses)?.()).toBeUndefined();
  });

  it('grows its buffer to what the system asks for, a bounded number of times', async () => {
    // 2,000 rows: 40 KB, past the buffer it starts with.
    const rows = Array.from({ length: 2_000 }, (_, index): Row => ({ state: MIB_TCP_STATE.established, local: '10.0.0.1', localPort: 1024 + index, remote: '10.0.0.2', remotePort: 443 }));
    const big = fakeIpHelper({ 4: table(4, [...rows, { state: MIB_TCP_STATE.finWait2, ...PRINTER }]) });
    expect(await windowsTcpEntryReaderWith(big, addresses)?.()).toEqual({ state: 0x05, unacknowledged: 0 });
    expect(big.calls).toBe(2);

    // A table that grows faster than it can be read: given up after a few tries, never an endless loop.
    let calls = 0;
    const growing: IpHelperCalls = {
      sendBuffer: undefined,
      table: (_family, buffer, size) => {
        calls += 1;
        size[0] = buffer.length * 4;
        return Promise.resolve(ERROR_INSUFFICIENT_BUFFER);
      },
    };
    expect(await windowsTcpEntryReaderWith(growing, addresses)?.()).toBeUndefined();
    expect(calls).toBe(4);
    // One that asks for more than any shop PC could need counts as unreadable at once.
    const huge: IpHelperCalls = {
      sendBuffer: undefined,
      table: (_family, _buffer, size) => {
        size[0] = 64 * 1024 * 1024;
        return Promise.resolve(ERROR_INSUFFICIENT_BUFFER);
      },
    };
    expect(await windowsTcpEntryReaderWith(huge, addresses)?.()).toBeUndefined();
  });

  it('looks for an IPv4-mapped connection in the IPv4 table, then the IPv6 one', async () => {
    const mapped = { localAddress: '::ffff:127.0.0.1', localPort: 50000, remoteAddress: '::ffff:127.0.0.1', remotePort: 9100 };
    const v4 = table(4, [{ state: MIB_TCP_STATE.timeWait, local: '127.0.0.1', localPort: 50000, remote: '127.0.0.1', remotePort: 9100 }]);
    const v6 = table(6, [{ state: MIB_TCP_STATE.closeWait, local: '0:0:0:0:0:ffff:7f00:1', localPort: 50000, remote: '0:0:0:0:0:ffff:7f00:1', remotePort: 9100 }]);
    const empty4 = table(4, []);
    const empty6 = table(6, []);
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: v4, 6: empty6 }), mapped)?.()).toMatchObject({ state: TCP_STATE.timeWait });
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: empty4, 6: v6 }), mapped)?.()).toMatchObject({ state: TCP_STATE.closeWait });
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: empty4, 6: empty6 }), mapped)?.()).toBe('gone');
    // Not in the IPv4 table and the IPv6 one unreadable: it may be there, so nothing is claimed.
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: empty4 }), mapped)?.()).toBeUndefined();
    // A plain IPv4 connection is only ever in the IPv4 table.
    const plain = { localAddress: '127.0.0.1', localPort: 50000, remoteAddress: '127.0.0.1', remotePort: 9100 };
    expect(await windowsTcpEntryReaderWith(fakeIpHelper({ 4: empty4, 6: v6 }), plain)?.()).toBe('gone');
  });

  it('has no reader for addresses it cannot read or of two families', () => {
    const helper = fakeIpHelper({});
    expect(windowsTcpEntryReaderWith(helper, { ...addresses, localAddress: '' })).toBeUndefined();
    expect(windowsTcpEntryReaderWith(helper, { ...addresses, remoteAddress: 'printer.local' })).toBeUndefined();
    expect(windowsTcpEntryReaderWith(helper, { ...addresses, remoteAddress: '::1' })).toBeUndefined();
  });

  it('counts unacknowledged bytes from the send-buffer statistics when Windows lets them be switched on', async () => {
    const enabled: Array<{ family: number; row: string }> = [];
    const stats: SendBufferStats = {
      enable: (family, row) => {
        enabled.push({ family, row: row.toString('hex') });
        return Promise.resolve(0);
      },
      read: (_family, _row, rod) => {
        rod.writeBigUInt64LE(100n, 0); // CurRetxQueue: sent, not acknowledged
        rod.writeBigUInt64LE(50n, 16); // CurAppWQueue: not sent yet
        return Promise.resolve(0);
      },
    };
    const live = windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, [{ state: MIB_TCP_STATE.established, ...PRINTER }]) }, stats), addresses);
    expect(await live?.()).toEqual({ state: TCP_STATE.established, unacknowledged: 150 });
    expect(await live?.()).toEqual({ state: TCP_STATE.established, unacknowledged: 150 });
    // Switched on once, with the connection's MIB_TCPROW as Windows listed it.
    expect(enabled).toEqual([{ family: 4, row: '05000000c0a80114c3cbbeefc0a80132238cbeef' }]);
    // Our FIN counts once we closed and until it is acknowledged, as in Linux's tx_queue.
    const closing = windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, [{ state: MIB_TCP_STATE.finWait1, ...PRINTER }]) }, stats), addresses);
    expect(await closing?.()).toEqual({ state: 0x04, unacknowledged: 151 });
    // In TIME_WAIT every byte was acknowledged: nothing to ask.
    const done = windowsTcpEntryReaderWith(fakeIpHelper({ 4: table(4, [{ state: MIB_TCP_STATE.timeWait, ...PRINTER }]) }, stats), addresses);
    expect(await done?.()).toEqual({ state: TCP_STATE.timeWait, unacknowledged: 0 });
  });

  it('leaves unacknowledged null when the statistics are refused, missing or fail', async () => {
    let enables = 0;
    let reads = 0;
    const refused: SendBufferStats = {
      enable: () => {
        enables += 1;
        return Promise.resolve(5); // ERROR_ACCESS_DENIED: not an administrator
      },
      read: () => {
        reads += 1;
        return Promise.resolve(0);
      },
    };
    const helper = (stats: SendBufferStats) => fakeIpHelper({ 4: table(4, [{ state: MIB_TCP_STATE.established, ...PRINTER }]) }, stats);
    const read = windowsTcpEntryReaderWith(helper(refused), addresses);
    expect(await read?.()).toEqual({ state: TCP_STATE.established, unacknowledged: null });
    expect(await read?.()).toEqual({ state: TCP_STATE.established, unacknowledged: null });
    expect({ enables, reads }, 'refused once, not asked again').toEqual({ enables: 1, reads: 0 });
    const missing: SendBufferStats = {
      enable: () => Promise.resolve(0),
      read: () => {
        throw new Error('GetPerTcpConnectionEStats is not exported');
      },
    };
    expect(await windowsTcpEntryReaderWith(helper(missing), addresses)?.()).toEqual({ state: TCP_STATE.established, unacknowledged: null });
  });

  it('is not there off Windows', () => {
    expect(windowsTcpEntryReader(addresses)).toBe(process.platform === 'win32' ? expect.any(Function) : undefined);
  });
});
