/**
 * The Automatic Status (ASB) block a Star printer sends, as the STAR Line Mode Command Specifications define it
 * (Appendix 2, 5-2-3): 9 bytes (Header-1 23h), automatic status version 3 (Header-2 06h), printer status 1–7.
 */
import { isOnline } from './status-bytes';
import type { SimulatedState } from './types';

const HEADER_1_NINE_BYTES = 0x23;
const VERSION_3 = 0x06;
/** Header-2 bit 7: a 2-byte Length follows the block (Ethernet and wireless LAN interfaces, 5-1-4). */
const LENGTH_FOLLOWS = 0x80;

/**
 * Status 1: bit 2 compulsion switch closed (drawer open here), bit 3 offline, bit 5 cover open; status 2: bit 3
 * auto-cutter error, bit 5 non-recoverable error; status 4: bit 2 paper near-end, bit 3 paper end (with paper out the
 * near-end sensor sees none either). Over Ethernet Length 0000h follows: ASB alone, no other status data.
 */
export function starAsbBlock(state: SimulatedState, ethernet: boolean): Uint8Array {
  const block = [
    HEADER_1_NINE_BYTES,
    VERSION_3 | (ethernet ? LENGTH_FOLLOWS : 0),
    (state.drawerOpen ? 0x04 : 0) | (isOnline(state) ? 0 : 0x08) | (state.coverOpen ? 0x20 : 0),
    (state.cutterError ? 0x08 : 0) | (state.unrecoverableError ? 0x20 : 0),
    0,
    (state.paper !== 'ok' ? 0x04 : 0) | (state.paper === 'out' ? 0x08 : 0),
    0,
    0,
    0,
  ];
  return Uint8Array.from(ethernet ? [...block, 0x00, 0x00] : block);
}
