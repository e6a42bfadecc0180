import { readXml, type ReaderLimits, type XmlNode } from '../xml/xml-reader';

/** One element, with its namespace resolved (prefixes and default namespaces inherited from its ancestors). */
export interface XmlElement {
  /** Local name: `epos-print`, `text`… */
  name: string;
  namespace: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Its own text (entities decoded), in document order, without its children's. */
  text: string;
}

/**
 * What one ePOS request may hold, read before anything is built from it. Deeper than any request (Envelope › Body ›
 * epos-print › page › text is 5); far more elements than a long receipt (Epson's builder writes one to three a line,
 * and a `<text>` may hold many lines), with a few attributes each (Epson's `<text>` has sixteen at most); a SOAP
 * envelope declares two or three namespaces; a line's end is one reference (`&#10;`), as is a `&` or `<` in a text.
 * Reading the most these allow takes ~20 ms (a body with more elements is refused before any is read).
 */
export const EPOS_XML_LIMITS: ReaderLimits = {
  maxDepth: 32,
  maxElements: 10_000,
  maxAttributesPerElement: 32,
  maxAttributes: 40_000,
  maxNamespaces: 64,
  maxReferences: 60_000,
};

export class XmlRefused extends Error {}

/** The root element of a request body, or XmlRefused for a body that is not plain, well-formed XML within the limits. */
export function parseXml(text: string): XmlElement {
  const reading = readXml(text, EPOS_XML_LIMITS);
  if (!reading.ok) throw new XmlRefused(reading.problem);
  return elementOf(reading.root, new Map());
}

/**
 * The element with its namespace resolved. The scope is copied only by an element that declares a namespace, and
 * declarations are bounded (EPOS_XML_LIMITS), so thousands of prefixes cost no copy per element.
 */
function elementOf(node: XmlNode, outer: ReadonlyMap<string, string>): XmlElement {
  let scope = outer;
  let attributes = node.attributes;
  for (const key in node.attributes) {
    if (!key.includes(':') && key !== 'xmlns') continue;
    // Declarations and prefixed names: the attributes by their local names, without the declarations.
    attributes = {};
    for (const [name, value] of Object.entries(node.attributes)) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === outer) scope = new Map(outer);
        (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
      } else if (localName(name) !== '__proto__') attributes[localName(name)] = value;
    }
    break;
  }
  const colon = node.name.indexOf(':');
  const prefix = colon < 0 ? '' : node.name.slice(0, colon);
  return {
    name: localName(node.name),
    namespace: scope.get(prefix) ?? '',
    attributes,
    children: node.children.map((child) => elementOf(child, scope)),
    text: node.text,
  };
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
