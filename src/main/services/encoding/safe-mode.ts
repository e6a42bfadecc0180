import { tokenize } from '../../../shared/escpos/parse-escpos';

/** Why safe mode refuses some raw bytes, or undefined when every command in them is known and volatile. */
export function safeModeProblem(bytes: Uint8Array): string | undefined {
  for (const token of tokenize(bytes)) {
    if (token.effect === 'volatile') continue;
    const shown = Array.from(bytes.subarray(token.start, Math.min(token.end, token.start + 8)), (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');
    return token.effect === 'stored'
      ? `safe mode refuses ${token.name} at byte ${token.start} (${shown}): it writes the printer's stored memory or settings`
      : `safe mode refuses unknown bytes at byte ${token.start} (${shown})`;
  }
  return undefined;
}
