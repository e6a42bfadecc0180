import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { xmlProblem, type XmlLimits } from '../xml/xml-guard';

/**
 * Star's request, as StarWebPrintTrader.js (StarWebPRNT SDK, `sendMessage`) sends it: the builder's elements wrapped
 * in `<root>` (with `checkedblock="false"` only when the POS turns checking off, plus `papertype` and
 * `holdprint_timeout`), that whole text XML-escaped as the content of `<Request>` inside
 * `<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">`. Both layers are
 * guarded (xml-guard) before parsing: the inner one arrives escaped, so it is only seen once the outer is read.
 */

export interface WebPrntElement {
  name: string;
  attributes: Record<string, string>;
  /** The element's own text (the builder puts data straight inside, escaped with `\xNN`). */
  text: string;
  children: WebPrntElement[];
}

export interface WebPrntRequest {
  /** Star's default; `checkedblock="false"` turns it off. */
  checkedblock: boolean;
  elements: WebPrntElement[];
}

export type RequestReading = { ok: true; request: WebPrntRequest } | { ok: false; problem: string };

export const STAR_NAMESPACE = 'http://www.star-m.jp';

/** The builder nests at most `root` > `pagemode` > element; a little room beyond that, nothing like 10,000. */
const LIMITS: XmlLimits = { maxDepth: 16, maxElements: 20_000 };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Only the five predefined entities can appear: xml-guard refuses any DOCTYPE that could declare others.
  processEntities: true,
  htmlEntities: false,
});

type OrderedNode = Record<string, unknown>;

export function readWebPrntRequest(body: string): RequestReading {
  const outer = parseGuarded(body, 'the request');
  if (!outer.ok) return outer;
  const envelope = outer.root;
  if (envelope.name !== 'StarWebPrint') return { ok: false, problem: `the request's root is <${envelope.name}>, not <StarWebPrint>` };
  const namespace = envelope.attributes['xmlns'];
  if (namespace !== undefined && namespace !== STAR_NAMESPACE) return { ok: false, problem: `the request is in namespace ${namespace}, not Star's` };
  const request = envelope.children.find((child) => child.name === 'Request');
  if (!request) return { ok: false, problem: 'the request has no <Request>' };
  const inner = parseGuarded(request.text.trim(), 'the print data');
  if (!inner.ok) return inner;
  if (inner.root.name !== 'root') return { ok: false, problem: `the print data's root is <${inner.root.name}>, not <root>` };
  return { ok: true, request: { checkedblock: inner.root.attributes['checkedblock'] !== 'false', elements: inner.root.children } };
}

function parseGuarded(text: string, what: string): { ok: true; root: WebPrntElement } | { ok: false; problem: string } {
  if (text === '') return { ok: false, problem: `${what} is empty` };
  const problem = xmlProblem(text, LIMITS);
  if (problem) return { ok: false, problem: `${what}: ${problem}` };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, problem: `${what} is not well-formed XML (line ${valid.err.line}: ${valid.err.code})` };
  let roots: WebPrntElement[];
  try {
    roots = elementsOf(parser.parse(text) as OrderedNode[]);
  } catch (error) {
    // The parser's own limits (entity count and size, nesting) throw: the text cannot be read.
    return { ok: false, problem: `${what} cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  const root = roots[0];
  if (!root || roots.length > 1) return { ok: false, problem: `${what} must have exactly one root element` };
  return { ok: true, root };
}

/** fast-xml-parser's ordered form (`[{ tag: [...children], ':@': {attributes} }, { '#text': '…' }]`) as elements. */
function elementsOf(nodes: OrderedNode[]): WebPrntElement[] {
  const elements: WebPrntElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@' && key !== '#text' && !key.startsWith('?'));
    if (name === undefined) continue;
    const content = (node[name] as OrderedNode[] | undefined) ?? [];
    elements.push({
      name,
      attributes: (node[':@'] as Record<string, string> | undefined) ?? {},
      text: content.map((child) => (typeof child['#text'] === 'string' ? child['#text'] : '')).join(''),
      children: elementsOf(content),
    });
  }
  return elements;
}
