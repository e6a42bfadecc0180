/**
 * One linear look at a server's XML before any parser sees it: a document that declares anything (`<!DOCTYPE`,
 * `<!ENTITY`…) is refused, so no entity is ever expanded (billion laughs, external entities), and nesting deeper than
 * `maxDepth` is refused at the first tag past it, so a 100,000-deep answer never reaches a recursive walk. Comments,
 * CDATA and processing instructions are stepped over whole; a `>` inside a quoted attribute does not end its tag.
 */
export type XmlProblem = 'declaration' | 'too-deep' | 'unterminated';

export function xmlProblem(text: string, maxDepth: number): XmlProblem | undefined {
  let depth = 0;
  let at = text.indexOf('<');
  while (at >= 0) {
    const second = text[at + 1];
    let end: number;
    if (second === '!') {
      if (text.startsWith('<!--', at)) end = endOf(text, '-->', at + 4);
      else if (text.startsWith('<![CDATA[', at)) end = endOf(text, ']]>', at + 9);
      else return 'declaration';
    } else if (second === '?') {
      end = endOf(text, '?>', at + 2);
    } else {
      end = closingBracket(text, at + 1);
      if (end >= 0) {
        if (second === '/') depth -= 1;
        else if (text[end - 1] !== '/' && ++depth > maxDepth) return 'too-deep';
        end += 1;
      }
    }
    if (end < 0) return 'unterminated';
    at = text.indexOf('<', end);
  }
  return undefined;
}

function endOf(text: string, marker: string, from: number): number {
  const found = text.indexOf(marker, from);
  return found < 0 ? -1 : found + marker.length;
}

function closingBracket(text: string, from: number): number {
  let quote = '';
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index;
  }
  return -1;
}
