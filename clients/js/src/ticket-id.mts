interface RandomSource {
  randomUUID?: () => string;
  getRandomValues?: (bytes: Uint8Array) => Uint8Array;
}

/**
 * A new ticket id (a v4 UUID). `crypto.randomUUID` exists only in secure contexts, and a POS page served over plain
 * http on the shop's network is not one: there the UUID is made from `getRandomValues`, which every page has.
 */
export function newTicketId(): string {
  const { crypto } = globalThis as { crypto?: RandomSource };
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues !== 'function') throw new Error('no crypto.getRandomValues here: pass print(…, { id })');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
