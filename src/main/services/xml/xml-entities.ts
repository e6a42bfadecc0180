/**
 * The references a request without a DOCTYPE may hold: the five predefined entities and character references
 * (`&#10;`, `&#x20AC;`). Nothing else is ever expanded; a reference to any other name is kept as written (a POS that
 * writes `&nbsp;` prints those six characters rather than losing the text), and an `&` that starts no reference at
 * all is not XML.
 *
 * Each reference is read on its own (~0.1 µs), so a request may hold only so many (`DecodeCount`): 8 MiB of `&lt;`
 * would otherwise be two million of them on the thread that answers everyone.
 */
export interface DecodeCount {
  references: number;
  readonly maxReferences: number;
}

/** The text is not XML (or holds more than its bound): why, for the request's refusal. */
export class NotXml extends Error {}

/** The longest reference read: `&#x10FFFF;` and the longest name kept as written. */
const LONGEST = 34;
const DECIMAL = /^[0-9]{1,7}$/;
const HEX = /^[0-9A-Fa-f]{1,6}$/;
const OTHER_NAME = /^[A-Za-z_][\w.-]*$/;

/** `text` with its references decoded; NotXml when an `&` starts none, or past the bound. */
export function decodeReferences(text: string, count: DecodeCount): string {
  let at = text.indexOf('&');
  if (at === -1) return text;
  // A rope built by concatenation: flattened once, when the text is first read.
  let out = '';
  let from = 0;
  while (at !== -1) {
    if (++count.references > count.maxReferences) throw new NotXml(`more than ${count.maxReferences} entity and character references`);
    const semi = text.indexOf(';', at + 1);
    if (semi === -1 || semi - at > LONGEST) throw new NotXml('an "&" that starts no reference (write it as &amp;)');
    out += text.slice(from, at) + referenced(text.slice(at + 1, semi));
    from = semi + 1;
    at = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

function referenced(body: string): string {
  switch (body) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'apos':
      return "'";
    case 'quot':
      return '"';
  }
  if (body.startsWith('#x') ? HEX.test(body.slice(2)) : body.startsWith('#') && DECIMAL.test(body.slice(1))) {
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    if (code <= 0x10ffff) return String.fromCodePoint(code);
  } else if (OTHER_NAME.test(body)) return `&${body};`;
  throw new NotXml(`&${body.slice(0, 12)}; is not a reference`);
}
