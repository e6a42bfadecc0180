/**
 * Splits text into lines of at most `columns` characters, breaking at spaces where it can and inside words that are
 * longer than a line. `\n` always starts a new line; tabs become spaces.
 */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').split('\n')) {
    let rest = [...paragraph];
    if (rest.length === 0) lines.push('');
    while (rest.length > 0) {
      if (rest.length <= columns) {
        lines.push(rest.join(''));
        break;
      }
      const window = rest.slice(0, columns + 1);
      const space = window.lastIndexOf(' ');
      const cut = space > 0 ? space : columns;
      lines.push(rest.slice(0, cut).join('').trimEnd());
      rest = rest.slice(space > 0 ? cut + 1 : cut);
    }
  }
  return lines;
}

/** Pads or aligns a line inside a width (the caller has already made it fit). */
export function alignInside(text: string, width: number, align: 'left' | 'center' | 'right'): string {
  const gap = Math.max(0, width - [...text].length);
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return text + ' '.repeat(gap);
}
