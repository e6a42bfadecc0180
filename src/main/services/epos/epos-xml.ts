import { DOOR_XML_OPTIONS } from '../xml/parser-options';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { xmlProblem } from '../xml/xml-guard';

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

/** Deeper than any ePOS request (Envelope › Body › epos-print › page › text is 5). */
export const MAX_XML_DEPTH = 32;

export class XmlRefused extends Error {}

// Entities are decoded here (decodeEntities), never by the parser: only the five XML ones and character references.
const parser = new XMLParser(DOOR_XML_OPTIONS);

type OrderedNode = Record<string, unknown>;

/** The root element of a request body, or XmlRefused for a body that is not plain, well-formed, shallow XML. */
export function parseXml(text: string): XmlElement {
  const problem = xmlProblem(text, { maxDepth: MAX_XML_DEPTH });
  if (problem) throw new XmlRefused(problem);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlRefused(`not well-formed (line ${valid.err.line})`);
  const nodes = parser.parse(text) as OrderedNode[];
  const roots = elementsOf(nodes, new Map());
  if (roots.length !== 1 || !roots[0]) throw new XmlRefused('one root element expected');
  return roots[0];
}

function elementsOf(nodes: OrderedNode[], scope: ReadonlyMap<string, string>): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const element = elementOf(node, scope);
    if (element) elements.push(element);
  }
  return elements;
}

function elementOf(node: OrderedNode, outer: ReadonlyMap<string, string>): XmlElement | undefined {
  const tag = Object.keys(node).find((key) => key !== ':@');
  if (tag === undefined || tag === '#text') return undefined;
  const raw = (node[':@'] ?? {}) as Record<string, string>;
  const scope = new Map(outer);
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const decoded = decodeEntities(String(value));
    if (key === 'xmlns') scope.set('', decoded);
    else if (key.startsWith('xmlns:')) scope.set(key.slice(6), decoded);
    else attributes[localName(key)] = decoded;
  }
  const colon = tag.indexOf(':');
  const prefix = colon < 0 ? '' : tag.slice(0, colon);
  const content = (node[tag] ?? []) as OrderedNode[];
  let text = '';
  for (const child of content) if ('#text' in child) text += decodeEntities(String(child['#text']));
  return { name: localName(tag), namespace: scope.get(prefix) ?? '', attributes, children: elementsOf(content, scope), text };
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** The five predefined entities and character references; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body] ?? whole;
  });
}
