/** Lines of a wrapped text: the first ones (as many as were asked for) and how many there are in all. */
export interface WrappedText {
  lines: string[];
  count: number;
}

/**
 * Splits text into lines of at most `columns` characters, breaking at spaces where it can and inside words that are
 * longer than a line. `\n` always starts a new line; tabs become spaces. Linear in the text's length, and its memory
 * is the lines it keeps: only the first `keep` are kept, the rest only counted, so 5 MB of text costs no array of
 * millions of entries (the one allocation shape that can abort the whole process from a memory-limited worker).
 */
export function wrapCounted(text: string, columns: number, keep = Number.POSITIVE_INFINITY): WrappedText {
  const lines: string[] = [];
  let count = 0;
  const emit = (line: string): void => {
    if (count < keep) lines.push(line);
    count++;
  };
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  for (let start = 0; start <= normalized.length; ) {
    const end = normalized.indexOf('\n', start);
    const stop = end < 0 ? normalized.length : end;
    wrapParagraph(normalized.slice(start, stop), columns, emit);
    start = stop + 1;
  }
  return { lines, count };
}

/** Every line of the text (see wrapCounted). */
export function wrapText(text: string, columns: number): string[] {
  return wrapCounted(text, columns).lines;
}

/**
 * One paragraph, looking only at the next `columns + 1` characters (code points, so an emoji is one column and
 * never cut in half): the last space among them, not counting the first, ends the line; without one the line is
 * cut at `columns`.
 */
function wrapParagraph(paragraph: string, columns: number, emit: (line: string) => void): void {
  if (paragraph.includes(SOFT_HYPHEN)) {
    wrapHyphenated(paragraph, columns, emit);
    return;
  }
  if (paragraph.length === 0) {
    emit('');
    return;
  }
  const chars = paragraph[Symbol.iterator]();
  let window: string[] = [];
  let exhausted = false;
  for (;;) {
    while (!exhausted && window.length <= columns) {
      const next = chars.next();
      if (next.done) exhausted = true;
      else window.push(next.value);
    }
    if (window.length === 0) return;
    if (window.length <= columns) {
      emit(window.join(''));
      return;
    }
    let space = columns;
    while (space > 0 && window[space] !== ' ') space--;
    const cut = space > 0 ? space : columns;
    emit(window.slice(0, cut).join('').trimEnd());
    window = window.slice(space > 0 ? cut + 1 : cut);
  }
}

const SOFT_HYPHEN = '\u00ad';

/**
 * A paragraph with soft hyphens (U+00AD): each is a place a long word may break, printed as `-` at the end of the
 * line it breaks and dropped everywhere else (code pages that have it would print it as a visible dash). A space
 * break is taken when it is as far along the line as the hyphen break.
 */
function wrapHyphenated(paragraph: string, columns: number, emit: (line: string) => void): void {
  const chars: string[] = [];
  const breakBefore = new Set<number>();
  for (const char of paragraph) {
    if (char === SOFT_HYPHEN) breakBefore.add(chars.length);
    else chars.push(char);
  }
  if (chars.length === 0) {
    emit('');
    return;
  }
  for (let start = 0; start < chars.length; ) {
    if (chars.length - start <= columns) {
      emit(chars.slice(start).join(''));
      return;
    }
    let space = start + columns;
    while (space > start && chars[space] !== ' ') space--;
    // The hyphen takes a column of its own, so the line before it holds at most columns - 1 characters.
    let hyphen = start + columns - 1;
    while (hyphen > start && !(breakBefore.has(hyphen) && chars[hyphen - 1] !== ' ')) hyphen--;
    if (hyphen > start && hyphen > space) {
      emit(`${chars.slice(start, hyphen).join('')}-`);
      start = hyphen;
    } else if (space > start) {
      emit(chars.slice(start, space).join('').trimEnd());
      start = space + 1;
    } else {
      emit(chars.slice(start, start + columns).join(''));
      start += columns;
    }
  }
}

/** Pads or aligns a line inside a width (the caller has already made it fit). */
export function alignInside(text: string, width: number, align: 'left' | 'center' | 'right'): string {
  const gap = Math.max(0, width - [...text].length);
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return text + ' '.repeat(gap);
}
