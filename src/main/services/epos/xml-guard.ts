/**
 * A look at the raw XML before any parser sees it, in one linear pass: no DOCTYPE (so no entity can be declared, let
 * alone expanded: billion laughs and external entities never start) and no nesting deeper than `maxDepth` (a
 * 10,000-deep body is refused at its 65th open tag instead of being walked recursively). Comments, CDATA and
 * processing instructions are skipped whole; quotes inside tags are honoured so a `>` in an attribute is not an end.
 */
export type XmlGuardProblem = 'doctype' | 'too-deep' | 'unterminated';

export function xmlGuardProblem(text: string, maxDepth: number): XmlGuardProblem | undefined {
  let depth = 0;
  let at = 0;
  while (true) {
    const open = text.indexOf('<', at);
    if (open < 0) return undefined;
    const next = text[open + 1];
    if (next === '!') {
      if (text.startsWith('<!--', open)) at = skipPast(text, '-->', open + 4);
      else if (text.startsWith('<![CDATA[', open)) at = skipPast(text, ']]>', open + 9);
      // <!DOCTYPE, <!ENTITY, <!ELEMENT…: a document that declares anything is not one a POS sends.
      else return 'doctype';
    } else if (next === '?') {
      at = skipPast(text, '?>', open + 2);
    } else {
      const end = tagEnd(text, open + 1);
      if (end < 0) return 'unterminated';
      if (next === '/') depth -= 1;
      else if (text[end - 1] !== '/') {
        depth += 1;
        if (depth > maxDepth) return 'too-deep';
      }
      at = end + 1;
    }
    if (at < 0) return 'unterminated';
  }
}

function skipPast(text: string, marker: string, from: number): number {
  const found = text.indexOf(marker, from);
  return found < 0 ? -1 : found + marker.length;
}

/** The index of the `>` that ends the tag starting before `from`, outside quoted attribute values; -1 if none. */
function tagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index;
  }
  return -1;
}
