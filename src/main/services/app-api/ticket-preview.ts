/** Lines a held ticket's card shows, and how long each may be: enough to recognize the sale, not the whole receipt. */
const PREVIEW_LINES = 3;
const PREVIEW_CHARS = 60;

/**
 * The first printed lines of a ticket (its texts and table rows, in order), so the owner can tell which sale a held
 * ticket is before choosing "Print now" or "Discard" (issue 32). The receipt's own words, never interpreted.
 */
export function ticketPreviewOf(datos: unknown): string[] {
  const lines: string[] = [];
  const add = (text: string): void => {
    for (const line of text.split('\n')) {
      const trimmed = line.trim();
      if (trimmed !== '' && lines.length < PREVIEW_LINES) lines.push(trimmed.length > PREVIEW_CHARS ? `${trimmed.slice(0, PREVIEW_CHARS - 1)}…` : trimmed);
    }
  };
  const commands = typeof datos === 'object' && datos !== null ? (datos as { commands?: unknown }).commands : undefined;
  if (!Array.isArray(commands)) return lines;
  for (const command of commands) {
    if (lines.length >= PREVIEW_LINES) break;
    if (typeof command !== 'object' || command === null) continue;
    const { type, data } = command as { type?: unknown; data?: unknown };
    if (typeof data !== 'object' || data === null) continue;
    if (type === 'text' && typeof (data as { text?: unknown }).text === 'string') add((data as { text: string }).text);
    if (type === 'table' && Array.isArray((data as { rows?: unknown }).rows)) {
      for (const row of (data as { rows: unknown[] }).rows) {
        if (Array.isArray(row)) add(row.filter((cell) => typeof cell === 'string' || typeof cell === 'number').join('  '));
      }
    }
  }
  return lines;
}
