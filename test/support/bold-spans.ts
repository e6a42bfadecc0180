import { tokenize } from '../../src/shared/escpos/parse-escpos';

/**
 * Each printed line of ESC/POS bytes as its stretches of bold and plain text, as the paper shows them:
 * `[['TOTAL', true], ['   12,50', false]]` (ESC E / ESC G turn bold on and off; ESC @ and ESC ! set it too).
 */
export function boldSpans(bytes: Uint8Array): [string, boolean][][] {
  const lines: [string, boolean][][] = [];
  let line: [string, boolean][] = [];
  let bold = false;
  for (const token of tokenize(bytes)) {
    if (token.kind === 'text') {
      const text = Buffer.from(bytes.subarray(token.start, token.end)).toString('latin1');
      const last = line[line.length - 1];
      if (last && last[1] === bold) last[0] += text;
      else line.push([text, bold]);
      continue;
    }
    const n = bytes[token.start + 2] ?? 0;
    if (token.name === 'ESC E' || token.name === 'ESC G') bold = (n & 1) === 1;
    else if (token.name === 'ESC !') bold = (n & 8) !== 0;
    else if (token.name === 'ESC @') bold = false;
    else if (token.name === 'LF') {
      lines.push(line);
      line = [];
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** The line whose text is `text` (spans joined). */
export const lineSpelling = (lines: [string, boolean][][], text: RegExp): [string, boolean][] | undefined =>
  lines.find((line) => text.test(line.map(([part]) => part).join('')));
