import { nextToken, type EscPosToken } from '../../../src/shared/escpos/parse-escpos';

export interface ArrivedToken {
  token: EscPosToken;
  /** The token's own bytes (a copy). */
  bytes: Uint8Array;
}

/** The whole token that starts at `pos`, or null when the data ends inside it (the rest is still to arrive). */
export type TokenCutter = (data: Uint8Array, pos: number) => EscPosToken | null;

/**
 * ESC/POS, by the service's own tokenizer: the data of an image or a QR code is never read as commands. The tokenizer
 * marks a command the data ends inside of as unknown (`?`); an unknown command that ends exactly at the end of the
 * data may also be the start of a longer one (`DLE DC4` before its fn byte arrived), so both wait.
 */
export const escPosCutter: TokenCutter = (data, pos) => {
  const token = nextToken(data, pos);
  return token.kind === 'command' && token.effect === 'unknown' && token.end === data.length ? null : token;
};

/**
 * Cuts one link's arriving bytes into whole tokens of the printer's language, however the link chunks them: a command
 * cut short by the end of a chunk waits for the rest, so a status request split across TCP segments is still one
 * request.
 */
export class StreamTokens {
  private pending: Uint8Array = new Uint8Array(0);

  constructor(private readonly cut: TokenCutter = escPosCutter) {}

  /** Bytes received that do not yet make a whole token. */
  get pendingBytes(): number {
    return this.pending.length;
  }

  /** The whole tokens `chunk` completes, in order. */
  push(chunk: Uint8Array): ArrivedToken[] {
    const data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const tokens: ArrivedToken[] = [];
    let pos = 0;
    while (pos < data.length) {
      const token = this.cut(data, pos);
      if (!token) break;
      tokens.push({ token, bytes: copyOf(data, token.start, token.end) });
      pos = token.end;
    }
    this.pending = copyOf(data, pos, data.length);
    return tokens;
  }

  /** At the end of the data, what is left goes on as it is (a printer prints a cut-short command as bytes too). */
  flush(): ArrivedToken | null {
    if (this.pending.length === 0) return null;
    const bytes = this.pending;
    this.pending = new Uint8Array(0);
    return { token: { kind: 'command', name: '?', start: 0, end: bytes.length, effect: 'unknown' }, bytes };
  }
}

/** A copy, never a view into the link's chunk, so what the printer keeps does not change under it. */
const copyOf = (data: Uint8Array, start: number, end: number): Uint8Array => new Uint8Array(data.subarray(start, end));
