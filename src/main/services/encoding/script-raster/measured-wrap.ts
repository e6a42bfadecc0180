/** Width in dots of a line of text as it will be drawn. */
export type Measure = (text: string) => number;

/** One wrapped line and the offset in its paragraph (UTF-16 units) where the text it took ends. */
export interface MeasuredLine {
  text: string;
  end: number;
}

// Made on first use: ICU's break rules and dictionaries cost ~2.5 MB per thread, and a receipt its printer's code
// pages can print never needs them.
let wordSegmenter: Intl.Segmenter | undefined;
let graphemeSegmenter: Intl.Segmenter | undefined;
const words = (): Intl.Segmenter => (wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' }));
const graphemes = (): Intl.Segmenter => (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
const SPACES = /^\s+$/u;
/** Lines' worth of text segmented at once (a line holds at most `maxWidth` units: see `fits`). */
const WINDOW_LINES = 2;
/** A break never follows an opening bracket or quote: `(` and `「` stay with the word after them. */
const OPENING = /[\p{Ps}\p{Pi}]$/u;

/**
 * Text as it is drawn: NFC, `\n` for every line break, one space for a tab or another control character (as the
 * printer gets them).
 */
export function normalizeDrawnText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ');
}

/**
 * Where a line may break: after spaces, and between words — which, for Chinese, Japanese or Thai, written without
 * spaces, the word segmenter (ICU's dictionaries) finds. Punctuation stays with the word before it, so a line
 * never starts with `，` or `.`.
 */
function* piecesOf(text: string): Generator<MeasuredLine> {
  let piece = '';
  let afterSpace = false;
  for (const { segment, index, isWordLike } of words().segment(text)) {
    const space = SPACES.test(segment);
    if (piece !== '' && !space && (afterSpace || (isWordLike === true && !OPENING.test(piece)))) {
      yield { text: piece, end: index };
      piece = '';
    }
    piece += segment;
    afterSpace = space;
  }
  if (piece !== '') yield { text: piece, end: text.length };
}

/**
 * The paragraph's pieces (see piecesOf), segmented `window` units at a time: ICU's dictionary segmentation slows
 * down with the square of an unbroken run of Chinese (100 000 characters take 20 s), so it never sees more than a
 * few lines' worth. The last piece of a window may be cut by its end, so the next window starts again from it.
 */
function* breakablePieces(paragraph: string, window: number): Generator<MeasuredLine> {
  for (let base = 0; base < paragraph.length; ) {
    let end = Math.min(paragraph.length, base + window);
    // Never between the two halves of a character outside the BMP (an emoji, a rare Chinese character).
    if (end < paragraph.length && /[\uD800-\uDBFF]/.test(paragraph.charAt(end - 1))) end--;
    const pieces = [...piecesOf(paragraph.slice(base, end))];
    if (end < paragraph.length && pieces.length > 1) pieces.pop();
    for (const piece of pieces) yield { text: piece.text, end: base + piece.end };
    base += pieces.at(-1)?.end ?? end - base;
  }
}

/** The largest count in [low, high] for which `fits(count)` holds, given that it holds for `low` (binary search). */
function largestFitting(low: number, high: number, fits: (count: number) => boolean): number {
  let fitting = low;
  let over = high + 1;
  while (over - fitting > 1) {
    const middle = Math.floor((fitting + over) / 2);
    if (fits(middle)) fitting = middle;
    else over = middle;
  }
  return fitting;
}

/**
 * One paragraph wrapped to `maxWidth` dots, line by line as they are asked for: a 1 MB paragraph costs only the
 * lines taken from it, and each line a handful of measurements (a binary search over the pieces that could fit).
 * A word wider than the line is cut between characters (graphemes, so no accent or Thai vowel is split from its
 * letter). Text longer than `maxWidth` characters is known not to fit without measuring it.
 */
export function* measuredLines(paragraph: string, maxWidth: number, measure: Measure): Generator<MeasuredLine> {
  if (paragraph.trim() === '') {
    yield { text: '', end: paragraph.length };
    return;
  }
  const fits = (text: string): boolean => text.length <= maxWidth && measure(text.trimEnd()) <= maxWidth;
  const source = breakablePieces(paragraph, WINDOW_LINES * Math.max(1, maxWidth));
  const queue: MeasuredLine[] = [];
  let queued = 0;
  let exhausted = false;
  for (;;) {
    // Only pieces that could share a line are looked at: past `maxWidth` characters nothing more fits.
    while (!exhausted && queued <= maxWidth) {
      const next = source.next();
      if (next.done) exhausted = true;
      else {
        queue.push(next.value);
        queued += next.value.text.length;
      }
    }
    const first = queue[0];
    if (!first) return;
    const joined = (count: number): string => queue.slice(0, count).map((piece) => piece.text).join('');
    const count = largestFitting(0, queue.length, (candidate) => fits(joined(candidate)));
    if (count > 0) {
      const text = joined(count).trimEnd();
      const end = queue[count - 1]?.end ?? first.end;
      queue.splice(0, count);
      queued = queue.reduce((sum, piece) => sum + piece.text.length, 0);
      if (text !== '') yield { text, end };
      continue;
    }
    // The first piece alone is wider than the line: as many of its characters as fit, the rest stays queued.
    const clusters = [...graphemes().segment(first.text)].map(({ segment }) => segment);
    const taken = largestFitting(1, clusters.length - 1, (candidate) => fits(clusters.slice(0, candidate).join('')));
    const rest = clusters.slice(taken).join('');
    yield { text: clusters.slice(0, taken).join('').trimEnd(), end: first.end - rest.length };
    queue[0] = { text: rest, end: first.end };
    queued -= first.text.length - rest.length;
  }
}

/** Lines a text of `units` UTF-16 units will take, at the units per line seen so far (at least one line). */
export function estimatedLines(units: number, unitsPerLine: number): number {
  return Math.max(1, Math.ceil(units / Math.max(1, unitsPerLine)));
}
