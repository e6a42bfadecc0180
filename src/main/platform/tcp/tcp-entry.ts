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
