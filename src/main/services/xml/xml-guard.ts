/**
 * Checks XML text before fast-xml-parser sees it, in one linear pass (Server Direct Print answers; the ePOS-Print and
 * WebPRNT doors read requests with xml-reader, which bounds the same and more as it reads): no declaration (DOCTYPE,
 * ENTITY…: so no entity is ever declared, let alone expanded — billion laughs and external entities never start),
 * nesting no deeper than `maxDepth` (a 10,000-deep body is turned away at the first tag past it instead of being
 * walked by a recursive parser), and no more than `maxElements` elements. Comments, CDATA and processing instructions
 * are skipped whole; quotes inside tags are honoured so a `>` in an attribute is no end.
 * Returns why the text is refused, or undefined when it may be parsed.
 */
export interface XmlLimits {
  maxDepth: number;
  /** Unbounded when left out (the body's byte limit bounds it then). */
  maxElements?: number;
}

export function xmlProblem(text: string, limits: XmlLimits): string | undefined {
  const maxElements = limits.maxElements ?? Infinity;
  let depth = 0;
  let elements = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const next = text[at + 1];
    let end: number;
    if (text.startsWith('<!--', at)) end = closeOf(text, at + 4, '-->');
    else if (text.startsWith('<![CDATA[', at)) end = closeOf(text, at + 9, ']]>');
    // <!DOCTYPE, <!ENTITY, <!ELEMENT…: a document that declares anything is not one a POS sends.
    else if (next === '!') return 'declarations (DOCTYPE, ENTITY) are not accepted';
    else if (next === '?') end = closeOf(text, at + 2, '?>');
    else if (next === '/') {
      end = closeOf(text, at + 2, '>');
      depth -= 1;
    } else {
      end = tagEnd(text, at + 1);
      if (end === -1) return 'an element is not closed';
      elements += 1;
      if (elements > maxElements) return `more than ${maxElements} elements`;
      if (text[end - 2] !== '/') {
        depth += 1;
        if (depth > limits.maxDepth) return `elements nested deeper than ${limits.maxDepth}`;
      }
    }
    if (end === -1) return 'the XML ends inside markup';
    at = text.indexOf('<', end);
  }
  return undefined;
}

/** The index just past `close` from `from`, or -1. */
function closeOf(text: string, from: number, close: string): number {
  const found = text.indexOf(close, from);
  return found === -1 ? -1 : found + close.length;
}

/** The index just past a start tag's `>`, skipping quoted attribute values (which may hold `>`), or -1. */
function tagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index + 1;
  }
  return -1;
}
