import net from 'node:net';
import { addressBytes } from './address-bytes';
import type { TcpEntry, TcpEntryReader } from './tcp-entry';

export interface ConnectionAddresses {
  localAddress: string;
  localPort: number;
  remoteAddress: string;
  remotePort: number;
}

/** MIB_TCP_STATE (tcpmib.h). */
export const MIB_TCP_STATE = {
  closed: 1,
  listen: 2,
  synSent: 3,
  synRcvd: 4,
  established: 5,
  finWait1: 6,
  finWait2: 7,
  closeWait: 8,
  closing: 9,
  lastAck: 10,
  timeWait: 11,
  deleteTcb: 12,
} as const;

/**
 * MIB_TCP_STATE → Linux's include/net/tcp_states.h. DELETE_TCB (a connection being torn down, after a reset or its
 * last timer) has no Linux twin: it is reported as CLOSE, which like it means "no connection left".
 */
const LINUX_STATE: Readonly<Record<number, number>> = {
  [MIB_TCP_STATE.closed]: 0x07,
  [MIB_TCP_STATE.listen]: 0x0a,
  [MIB_TCP_STATE.synSent]: 0x02,
  [MIB_TCP_STATE.synRcvd]: 0x03,
  [MIB_TCP_STATE.established]: 0x01,
  [MIB_TCP_STATE.finWait1]: 0x04,
  [MIB_TCP_STATE.finWait2]: 0x05,
  [MIB_TCP_STATE.closeWait]: 0x08,
  [MIB_TCP_STATE.closing]: 0x0b,
  [MIB_TCP_STATE.lastAck]: 0x09,
  [MIB_TCP_STATE.timeWait]: 0x06,
  [MIB_TCP_STATE.deleteTcb]: 0x07,
};

/** The Linux number of a MIB_TCP_STATE, undefined for a value Windows does not define. */
export function linuxTcpState(mibState: number): number | undefined {
  return LINUX_STATE[mibState];
}

/** One row of Windows' TCP table, addresses as text, state in both numberings. */
export interface WindowsTcpRow {
  localAddress: string;
  localPort: number;
  remoteAddress: string;
  remotePort: number;
  /** IPv6 rows only (0 for IPv4). */
  localScopeId: number;
  remoteScopeId: number;
  mibState: number;
  /** Linux numbering; undefined for a MIB state Windows does not define. */
  state: number | undefined;
}

/**
 * The same on x64 and x86 (every field is a DWORD or bytes). A table is `DWORD dwNumEntries`, then its rows:
 * MIB_TCPROW (GetTcpTable): dwState, dwLocalAddr, dwLocalPort, dwRemoteAddr, dwRemotePort;
 * MIB_TCP6ROW (GetTcp6Table): State, LocalAddr[16], dwLocalScopeId, dwLocalPort, RemoteAddr[16], dwRemoteScopeId,
 * dwRemotePort. Exactly the rows GetPerTcp[6]ConnectionEStats take to name a connection.
 */
export const TCP_ROW_BYTES = { 4: 20, 6: 52 } as const;
const TABLE_HEADER_BYTES = 4;
/** Where each field starts in a row of each family. */
const FIELDS = {
  4: { local: 4, localScope: -1, localPort: 8, remote: 12, remoteScope: -1, remotePort: 16 },
  6: { local: 4, localScope: 20, localPort: 24, remote: 28, remoteScope: 44, remotePort: 48 },
} as const;

/**
 * Ports sit in the low 16 bits of their DWORD in network byte order, i.e. its first two bytes in memory big-endian;
 * the upper 16 bits may hold garbage (as documented), so they are never read. Addresses are network-order bytes.
 * The other DWORDs (state, scope ids) are in the machine's order: little-endian on every Windows Node runs on.
 */
function rowAt(view: Buffer, family: 4 | 6, at: number): WindowsTcpRow {
  const field = FIELDS[family];
  const width = family === 4 ? 4 : 16;
  const mibState = view.readUInt32LE(at);
  return {
    localAddress: addressText(view.subarray(at + field.local, at + field.local + width)),
    localPort: view.readUInt16BE(at + field.localPort),
    remoteAddress: addressText(view.subarray(at + field.remote, at + field.remote + width)),
    remotePort: view.readUInt16BE(at + field.remotePort),
    localScopeId: field.localScope < 0 ? 0 : view.readUInt32LE(at + field.localScope),
    remoteScopeId: field.remoteScope < 0 ? 0 : view.readUInt32LE(at + field.remoteScope),
    mibState,
    state: linuxTcpState(mibState),
  };
}

/** The table's rows as a view and their count, or undefined when it is shorter than the row count it announces. */
function rowsOf(table: Uint8Array, family: 4 | 6): { view: Buffer; count: number } | undefined {
  if (table.byteLength < TABLE_HEADER_BYTES) return undefined;
  const view = Buffer.from(table.buffer, table.byteOffset, table.byteLength);
  const count = view.readUInt32LE(0);
  return TABLE_HEADER_BYTES + count * TCP_ROW_BYTES[family] > table.byteLength ? undefined : { view, count };
}

/**
 * The rows of a table GetTcpTable (MIB_TCPTABLE, family 4) or GetTcp6Table (MIB_TCP6TABLE, family 6) filled, or
 * undefined when the buffer is shorter than the row count it announces.
 */
export function parseTcpTable(table: Uint8Array, family: 4 | 6): WindowsTcpRow[] | undefined {
  const rows = rowsOf(table, family);
  if (!rows) return undefined;
  return Array.from({ length: rows.count }, (_, index) => rowAt(rows.view, family, TABLE_HEADER_BYTES + index * TCP_ROW_BYTES[family]));
}

/**
 * The row of one connection (same addresses and ports; IPv6 scope ids are not compared) with a copy of its bytes (the
 * MIB_TCPROW or MIB_TCP6ROW that names it to the statistics functions), or `gone`.
 */
export function findTcpRow(table: Uint8Array, family: 4 | 6, connection: ConnectionAddresses): { row: WindowsTcpRow; bytes: Buffer } | 'gone' | undefined {
  const rows = rowsOf(table, family);
  if (!rows) return undefined;
  const local = canonicalAddress(connection.localAddress);
  const remote = canonicalAddress(connection.remoteAddress);
  const size = TCP_ROW_BYTES[family];
  const field = FIELDS[family];
  for (let at = TABLE_HEADER_BYTES; at < TABLE_HEADER_BYTES + rows.count * size; at += size) {
    // Ports first: only rows with both ports right are decoded, so a read of a long table allocates next to nothing.
    if (rows.view.readUInt16BE(at + field.localPort) !== connection.localPort || rows.view.readUInt16BE(at + field.remotePort) !== connection.remotePort) continue;
    const row = rowAt(rows.view, family, at);
    if (row.localAddress === local && row.remoteAddress === remote) return { row, bytes: Buffer.from(rows.view.subarray(at, at + size)) };
  }
  return 'gone';
}

/** Dotted IPv4, or IPv6 as eight lowercase hex groups, uncompressed: one spelling per address, for comparing. */
function addressText(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let at = 0; at < 16; at += 2) groups.push((((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)).toString(16));
  return groups.join(':');
}

function canonicalAddress(address: string): string | undefined {
  const bytes = addressBytes(address);
  return bytes ? addressText(bytes) : undefined;
}

/** `::ffff:a.b.c.d` → `a.b.c.d`; anything else unchanged. */
function unmapped(address: string): string {
  const bytes = addressBytes(address);
  const mapped = bytes?.length === 16 && bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped && bytes ? addressText(bytes.subarray(12)) : address;
}

// --- The native side: iphlpapi.dll through koffi ---------------------------------------------------------------

/** GetTcpTable (family 4) or GetTcp6Table (family 6), unsorted, into `buffer`; `size` in/out as in C. Win32 code. */
export type TcpTableCall = (family: 4 | 6, buffer: Buffer, size: [number]) => Promise<number>;

/** The send-buffer statistics of one connection (TcpConnectionEstatsSendBuff); each resolves to a Win32 error code. */
export interface SendBufferStats {
  /** SetPer[Tcp|Tcp6]ConnectionEStats with EnableCollection = TRUE (Windows: administrators only). */
  enable(family: 4 | 6, row: Buffer): Promise<number>;
  /** GetPer[Tcp|Tcp6]ConnectionEStats into `rod` (TCP_ESTATS_SEND_BUFF_ROD_v0). */
  read(family: 4 | 6, row: Buffer, rod: Buffer): Promise<number>;
}

export interface IpHelperCalls {
  table: TcpTableCall;
  sendBuffer: SendBufferStats | undefined;
}

const NO_ERROR = 0;
const ERROR_INSUFFICIENT_BUFFER = 122;
/** A full table is read again with a bigger buffer at most this often (connections may open meanwhile). */
const TABLE_ATTEMPTS = 4;
/** 8 MiB: ~160,000 IPv6 rows, far past any shop PC; past it the table counts as unreadable. */
const MAX_TABLE_BYTES = 8 * 1024 * 1024;
/** The size the last read of each family needed, plus a quarter (usually one call per read), at least this. */
const MIN_TABLE_BYTES: Record<4 | 6, number> = { 4: 8 * 1024, 6: 2 * 1024 };
const sizeHint: Record<4 | 6, number> = { ...MIN_TABLE_BYTES };
const withRoom = (bytes: number): number => Math.min(MAX_TABLE_BYTES, bytes + (bytes >> 2));

/**
 * The whole table of one family, or undefined when it could not be read. A new buffer each time: reads run on
 * koffi's worker threads and may overlap, so none may fill a buffer another one is still reading.
 */
export async function readTcpTable(call: TcpTableCall, family: 4 | 6): Promise<Buffer | undefined> {
  for (let attempt = 0; attempt < TABLE_ATTEMPTS; attempt += 1) {
    const buffer = Buffer.alloc(sizeHint[family]);
    const size: [number] = [buffer.length];
    const code = await call(family, buffer, size);
    if (code === NO_ERROR) {
      // From the rows (the size is not documented to be set on success), and down again too: a burst of
      // connections once must not make every later read allocate for it.
      const used = TABLE_HEADER_BYTES + buffer.readUInt32LE(0) * TCP_ROW_BYTES[family];
      sizeHint[family] = Math.max(MIN_TABLE_BYTES[family], withRoom(Math.min(used, MAX_TABLE_BYTES)));
      return buffer;
    }
    if (code !== ERROR_INSUFFICIENT_BUFFER || size[0] > MAX_TABLE_BYTES) return undefined;
    sizeHint[family] = Math.max(withRoom(size[0]), Math.min(MAX_TABLE_BYTES, buffer.length * 2));
  }
  return undefined;
}

/** TCP_ESTATS_SEND_BUFF_ROD_v0 on x64: CurRetxQueue, MaxRetxQueue, CurAppWQueue, MaxAppWQueue (SIZE_T each). */
const SEND_BUFF_ROD_BYTES = 32;

/**
 * The reader, over any IpHelperCalls (the tests hand in fakes). An IPv4-mapped IPv6 connection (`::ffff:a.b.c.d`) is
 * looked for in the IPv4 table first, where Windows lists a dual-stack socket's IPv4 connection, then in the IPv6
 * table (where Wine lists it when Linux does). `gone` only once every table it could be in was read without it.
 */
export function windowsTcpEntryReaderWith(calls: IpHelperCalls, addresses: ConnectionAddresses): TcpEntryReader | undefined {
  const local = addressBytes(addresses.localAddress);
  const remote = addressBytes(addresses.remoteAddress);
  if (!local || !remote || local.length !== remote.length) return undefined;
  const v4 = { ...addresses, localAddress: unmapped(addresses.localAddress), remoteAddress: unmapped(addresses.remoteAddress) };
  const families: Array<[4 | 6, ConnectionAddresses]> = [];
  if (net.isIPv4(v4.localAddress) && net.isIPv4(v4.remoteAddress)) families.push([4, v4]);
  if (local.length === 16) families.push([6, addresses]);

  // Switched on at the first read that finds the connection (the transport's first read is at its first byte), with
  // the row Windows itself listed, so an IPv6 scope id is right. Tried once: refused, it stays refused.
  let statsOn: Promise<boolean> | undefined;
  const unacknowledged = async (family: 4 | 6, row: WindowsTcpRow, bytes: Buffer): Promise<number | null> => {
    // FIN_WAIT2 and TIME_WAIT are only reached once our FIN was acknowledged, so every byte before it was too.
    if (row.mibState === MIB_TCP_STATE.finWait2 || row.mibState === MIB_TCP_STATE.timeWait) return 0;
    const stats = calls.sendBuffer;
    if (!stats) return null;
    statsOn ??= attempt(() => stats.enable(family, bytes)).then((code) => code === NO_ERROR);
    if (!(await statsOn)) return null;
    const rod = Buffer.alloc(SEND_BUFF_ROD_BYTES);
    if ((await attempt(() => stats.read(family, bytes, rod))) !== NO_ERROR) return null;
    // Sent and not acknowledged (the retransmit queue) plus not sent yet, and our FIN once we closed until it is
    // acknowledged: what Linux's tx_queue (write_seq − snd_una) counts, FIN included, as TcpEntry documents.
    const fin = row.mibState === MIB_TCP_STATE.finWait1 || row.mibState === MIB_TCP_STATE.closing || row.mibState === MIB_TCP_STATE.lastAck ? 1 : 0;
    return Number(rod.readBigUInt64LE(0) + rod.readBigUInt64LE(16)) + fin;
  };

  const read = async (): Promise<TcpEntry | 'gone' | undefined> => {
    let unreadable = false;
    for (const [family, connection] of families) {
      const table = await readTcpTable(calls.table, family);
      const found = table && findTcpRow(table, family, connection);
      if (!found) {
        unreadable = true;
        continue;
      }
      if (found === 'gone') continue;
      if (found.row.state === undefined) return undefined;
      return { state: found.row.state, unacknowledged: await unacknowledged(family, found.row, found.bytes) };
    }
    return unreadable ? undefined : 'gone';
  };
  return () => read().catch(() => undefined);
}

/** A native call that may throw (a function missing from the DLL, koffi's queue full): its code, or undefined. */
async function attempt(call: () => Promise<number>): Promise<number | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

const TCP_CONNECTION_ESTATS_SEND_BUFF = 4;

const PROTOTYPES = {
  GetTcpTable: 'uint32_t __stdcall GetTcpTable(void *TcpTable, _Inout_ uint32_t *SizePointer, int Order)',
  GetTcp6Table: 'uint32_t __stdcall GetTcp6Table(void *TcpTable, _Inout_ uint32_t *SizePointer, int Order)',
  SetPerTcpConnectionEStats: 'uint32_t __stdcall SetPerTcpConnectionEStats(void *Row, int EstatsType, void *Rw, uint32_t RwVersion, uint32_t RwSize, uint32_t Offset)',
  SetPerTcp6ConnectionEStats: 'uint32_t __stdcall SetPerTcp6ConnectionEStats(void *Row, int EstatsType, void *Rw, uint32_t RwVersion, uint32_t RwSize, uint32_t Offset)',
  GetPerTcpConnectionEStats:
    'uint32_t __stdcall GetPerTcpConnectionEStats(void *Row, int EstatsType, void *Rw, uint32_t RwVersion, uint32_t RwSize, void *Ros, uint32_t RosVersion, uint32_t RosSize, void *Rod, uint32_t RodVersion, uint32_t RodSize)',
  GetPerTcp6ConnectionEStats:
    'uint32_t __stdcall GetPerTcp6ConnectionEStats(void *Row, int EstatsType, void *Rw, uint32_t RwVersion, uint32_t RwSize, void *Ros, uint32_t RosVersion, uint32_t RosSize, void *Rod, uint32_t RodVersion, uint32_t RodSize)',
} as const;

/** A koffi function called through `.async`: on one of koffi's worker threads, the result back on the event loop. */
type AsyncCall = (...args: unknown[]) => Promise<number>;

let ipHelper: IpHelperCalls | null | undefined;

/**
 * iphlpapi.dll through koffi, loaded once per process on first use; null when it cannot be (koffi's Windows binary
 * missing from an install): the transport then confirms as on a system without a table.
 *
 * Why GetTcpTable/GetTcp6Table and not GetExtendedTcpTable(TCP_TABLE_OWNER_PID_ALL): nothing here needs the owning
 * process, and finding it is the costly part where the table is not the kernel's own (under Wine 8 it took a read
 * from ~30 ms to ~200-560 ms with a few hundred host connections, searching /proc/PID/fd for every row).
 *
 * Why `.async`: a read copies the stack's whole table, and the transport reads it every half second while a job
 * prints. On a shop PC's few hundred rows that should be well under a millisecond on Windows (not measured here), but
 * its cost grows with the table and is not ours to bound: under Wine 8, where it comes from /proc/net/tcp through
 * another process, a read took 15-60 ms (test/wine, several hundred host connections). Called through koffi's
 * `.async`, a read held the event loop ~0.1 ms there (the first one ~20-35 ms, koffi starting its worker thread; and
 * loading koffi itself ~100-200 ms, once per process). Unlike a spooler call (worker/, for winspool.drv), nothing in
 * it waits for a device or the network, so it cannot hang and keep the worker thread it borrows.
 */
function loadIpHelper(): IpHelperCalls | null {
  try {
    // Required here, not imported: Linux and macOS never load koffi for this.
    const koffi = require('koffi') as typeof import('koffi');
    const library = koffi.load('iphlpapi.dll');
    const fn = (name: keyof typeof PROTOTYPES): AsyncCall | undefined => {
      let native: ReturnType<typeof library.func>;
      try {
        native = library.func(PROTOTYPES[name]);
      } catch {
        // Absent from this iphlpapi.dll (Wine 8 lacks the EStats getters and the IPv6 setter).
        return undefined;
      }
      return (...args) =>
        new Promise<number>((resolve, reject) => {
          // Throws at once when koffi's queue of async calls is full; answers through the callback otherwise.
          (native.async as (...all: unknown[]) => void)(...args, (error: unknown, result: unknown) => (error ? reject(error) : resolve(Number(result))));
        });
    };
    const tables = { 4: fn('GetTcpTable'), 6: fn('GetTcp6Table') };
    if (!tables[4] && !tables[6]) return null;
    const set = { 4: fn('SetPerTcpConnectionEStats'), 6: fn('SetPerTcp6ConnectionEStats') };
    const get = { 4: fn('GetPerTcpConnectionEStats'), 6: fn('GetPerTcp6ConnectionEStats') };
    const notSupported = Promise.resolve(50); // ERROR_NOT_SUPPORTED
    const enable = Buffer.from([1]); // TCP_ESTATS_SEND_BUFF_RW_v0 { BOOLEAN EnableCollection = TRUE }
    return {
      table: (family, buffer, size) => tables[family]?.(buffer, size, 0) ?? notSupported,
      sendBuffer: {
        enable: (family, row) => set[family]?.(row, TCP_CONNECTION_ESTATS_SEND_BUFF, enable, 0, enable.length, 0) ?? notSupported,
        read: (family, row, rod) => get[family]?.(row, TCP_CONNECTION_ESTATS_SEND_BUFF, null, 0, 0, null, 0, 0, rod, 0, rod.length) ?? notSupported,
      },
    };
  } catch {
    return null;
  }
}

/**
 * Windows' entry for one connection, read from its TCP tables (GetTcpTable, GetTcp6Table), which list every
 * connection with its state, TIME_WAIT included: the question tcp-table.ts asks /proc/net/tcp on Linux, answered
 * with the state in Linux numbering. `unacknowledged` comes from the connection's send-buffer statistics when Windows
 * lets this process switch them on (administrators only), else null; in FIN_WAIT2 and TIME_WAIT it is 0 by TCP's
 * rules. Undefined off Windows, for addresses it cannot read, or when iphlpapi.dll cannot be loaded. Call it while
 * connected (see tcpEntryReader). Never throws, and the reader never rejects.
 */
export function windowsTcpEntryReader(addresses: ConnectionAddresses): TcpEntryReader | undefined {
  if (process.platform !== 'win32') return undefined;
  try {
    if (ipHelper === undefined) ipHelper = loadIpHelper();
    return ipHelper ? windowsTcpEntryReaderWith(ipHelper, addresses) : undefined;
  } catch {
    return undefined;
  }
}
