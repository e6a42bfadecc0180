/**
 * StarWebPrintBuilder writes element data with its own escapes (`_encodeEscapeSequence`, and the `Binary` variant for
 * barcode, QR, PDF417 and `binary` text): a backslash becomes `\\`, and control characters, space, `&`, `<`, `>` and
 * DEL (the binary variant also bytes 0x80–0xFF) become `\xNN`. This undoes them. A backslash not starting either form
 * is kept as written.
 */
export function unescapeStar(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    if (char !== '\\') {
      out += char;
      continue;
    }
    if (text[index + 1] === '\\') {
      out += '\\';
      index += 1;
      continue;
    }
    const hex = text.slice(index + 2, index + 4);
    if (text[index + 1] === 'x' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      out += String.fromCharCode(parseInt(hex, 16));
      index += 3;
      continue;
    }
    out += char;
  }
  return out;
}

/**
 * Text whose `\xNN` escapes held bytes 0x80–0xFF (the builder's binary form) as UTF-8 when the element says
 * `codepage="utf8"`; otherwise each such byte stands for the Latin-1 character of that number.
 */
export function textOfBytes(text: string, codepage: string | undefined): string {
  if (codepage !== 'utf8' || !isHighByteString(text)) return text;
  const decoded = Buffer.from(text, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? text : decoded;
}

/** Some characters 0x80–0xFF and none above 0xFF: a string of bytes from `\xNN` escapes. */
function isHighByteString(text: string): boolean {
  let high = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0xff) return false;
    if (code >= 0x80) high = true;
  }
  return high;
}
