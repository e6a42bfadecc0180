import { decodeReferences, NotXml, type DecodeCount } from './xml-entities';

/**
 * Reads a request's XML (ePOS-Print, WebPRNT) into elements in one pass, every step a native search (indexOf, sticky
 * regular expressions), and refuses it as soon as it passes a bound: nesting, elements, attributes on one element,
 * namespace declarations, references. fast-xml-parser, which the doors used before, builds text one
 * character at a time (~190 ns a character: 1.4 s for an 8 MiB body, on the thread that answers everyone) and costs
 * ~6 µs an element; this takes ~1 µs an element and a few milliseconds for megabytes of text.
 *
 * What it accepts is plain XML as POS apps write it: an optional declaration, comments and processing instructions
 * (skipped), one root element, attributes in double or single quotes, CDATA (kept as text), the five predefined
 * entities and character references (xml-entities). A DOCTYPE or any other declaration is refused, so no entity is
 * ever declared, let alone expanded (billion laughs, external entities). Names keep their prefix; namespaces are the
 * caller's to resolve.
 */
export interface XmlNode {
  /** As written, prefix included: `s:Envelope`, `text`. */
  name: string;
  /** By name as written, values decoded. */
  attributes: Record<string, string>;
  /** Its own text and CDATA (decoded), in document order, without its children's. */
  text: string;
  children: XmlNode[];
}

export interface ReaderLimits {
  /** Open elements at once. */
  maxDepth: number;
  maxElements: number;
  /** Attributes on one element. */
  maxAttributesPerElement: number;
  /** Attributes in the whole text. */
  maxAttributes: number;
  /** `xmlns` / `xmlns:p` declarations in the whole text. */
  maxNamespaces: number;
  /** Entity and character references in the whole text (see xml-entities). */
  maxReferences: number;
}

export type XmlReading = { ok: true; root: XmlNode } | { ok: false; problem: string };

// XML names, loosely: what matters here is where a name ends, never which letters it may hold.
const NAME_CHARS = 'A-Za-z_:\\u00C0-\\uFFFF';
const NAME_SOURCE = `[${NAME_CHARS}][${NAME_CHARS}0-9.\\-\\u00B7]*`;
const NAME = new RegExp(NAME_SOURCE, 'y');
const ATTRIBUTE = new RegExp(`\\s+(${NAME_SOURCE})\\s*=\\s*(?:"([^<"]*)"|'([^<']*)')`, 'y');
const START_TAG_END = /\s*(\/?)>/y;
const END_TAG_END = /\s*>/y;
const BLANK = /^[ \t\r\n]*$/;

/** The name starting at `at`, or undefined. */
function nameAt(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.test(text) ? text.slice(at, NAME.lastIndex) : undefined;
}

/**
 * Whether the text has more than `limit` start tags, counted before anything is built (a few nanoseconds a tag):
 * a body of a hundred thousand elements is refused without reading the first ten thousand. Comments, CDATA and
 * processing instructions are skipped as the reader skips them; whatever else is wrong is the reader's to say.
 */
function startTagsPast(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1);
    let close = '';
    if (text.startsWith('<!--', at)) close = '-->';
    else if (text.startsWith('<![CDATA[', at)) close = ']]>';
    else if (next === 0x3f) close = '?>';
    else if (next !== 0x2f && next !== 0x21 && ++count > limit) return true;
    if (close !== '') {
      const end = text.indexOf(close, at + 2);
      if (end === -1) return false;
      at = end;
    }
  }
  return false;
}

interface Open {
  node: XmlNode;
  parts: string[];
}

export function readXml(text: string, limits: ReaderLimits): XmlReading {
  try {
    return read(text, limits);
  } catch (error) {
    if (error instanceof NotXml) return { ok: false, problem: error.message };
    throw error;
  }
}

function read(text: string, limits: ReaderLimits): XmlReading {
  const fail = (problem: string): XmlReading => ({ ok: false, problem });
  if (startTagsPast(text, limits.maxElements)) return fail(`more than ${limits.maxElements} elements`);
  const count: DecodeCount = { references: 0, maxReferences: limits.maxReferences };
  const stack: Open[] = [];
  let root: XmlNode | undefined;
  let elements = 0;
  let attributeCount = 0;
  let namespaces = 0;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt === -1 ? text.length : lt;
    const open = stack[stack.length - 1];
    if (end > at) {
      const raw = text.slice(at, end);
      if (open) open.parts.push(decodeReferences(raw, count));
      else if (!BLANK.test(raw)) return fail('text outside the root element');
    }
    if (lt === -1) break;
    at = lt;
    const next = text[at + 1];
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4);
      if (close === -1) return fail('a comment is not closed');
      at = close + 3;
    } else if (text.startsWith('<![CDATA[', at)) {
      const close = text.indexOf(']]>', at + 9);
      if (close === -1 || !open) return fail(close === -1 ? 'a CDATA section is not closed' : 'CDATA outside the root element');
      open.parts.push(text.slice(at + 9, close));
      at = close + 3;
    } else if (next === '!') {
      // <!DOCTYPE, <!ENTITY, <!ELEMENT…: a document that declares anything is not one a POS sends.
      return fail('declarations (DOCTYPE, ENTITY) are not accepted');
    } else if (next === '?') {
      const close = text.indexOf('?>', at + 2);
      if (close === -1) return fail('a processing instruction is not closed');
      at = close + 2;
    } else if (next === '/') {
      const name = nameAt(text, at + 2);
      END_TAG_END.lastIndex = at + 2 + (name?.length ?? 0);
      if (name === undefined || !END_TAG_END.test(text)) return fail('an end tag is not well-formed');
      const closed = stack.pop();
      if (closed?.node.name !== name) return fail(`</${name.slice(0, 40)}> does not close the element open there`);
      closed.node.text = closed.parts.length === 1 ? (closed.parts[0] ?? '') : closed.parts.join('');
      at = END_TAG_END.lastIndex;
    } else {
      const name = nameAt(text, at + 1);
      if (name === undefined) return fail('a "<" that starts no element (write it as &lt;)');
      if (++elements > limits.maxElements) return fail(`more than ${limits.maxElements} elements`);
      if (!open && root) return fail('more than one root element');
      const attributes: Record<string, string> = {};
      let own = 0;
      let from = at + 1 + name.length;
      for (;;) {
        ATTRIBUTE.lastIndex = from;
        const attribute = ATTRIBUTE.exec(text);
        if (!attribute) break;
        from = ATTRIBUTE.lastIndex;
        const key = attribute[1] ?? '';
        if (++own > limits.maxAttributesPerElement) return fail(`<${name.slice(0, 40)}> has more than ${limits.maxAttributesPerElement} attributes`);
        if (++attributeCount > limits.maxAttributes) return fail(`more than ${limits.maxAttributes} attributes`);
        if (Object.hasOwn(attributes, key)) return fail(`<${name.slice(0, 40)}> has the attribute ${key.slice(0, 40)} twice`);
        // It would be the object's prototype, not an attribute: no POS names one so.
        if (key === '__proto__') return fail(`<${name.slice(0, 40)}> has an attribute named __proto__`);
        if ((key === 'xmlns' || key.startsWith('xmlns:')) && ++namespaces > limits.maxNamespaces) return fail(`more than ${limits.maxNamespaces} namespace declarations`);
        attributes[key] = decodeReferences(attribute[2] ?? attribute[3] ?? '', count);
      }
      START_TAG_END.lastIndex = from;
      const close = START_TAG_END.exec(text);
      if (!close) return fail(`<${name.slice(0, 40)}> is not a well-formed start tag`);
      at = START_TAG_END.lastIndex;
      const node: XmlNode = { name, attributes, text: '', children: [] };
      if (open) open.node.children.push(node);
      else root = node;
      if (close[1] !== '/') {
        if (stack.length >= limits.maxDepth) return fail(`elements nested deeper than ${limits.maxDepth}`);
        stack.push({ node, parts: [] });
      }
    }
  }
  if (stack.length > 0) return fail('an element is not closed');
  if (!root) return fail('no root element');
  return { ok: true, root };
}
