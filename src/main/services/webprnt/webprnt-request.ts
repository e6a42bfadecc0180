import { readXml, type ReaderLimits } from '../xml/xml-reader';

/**
 * Star's request, as StarWebPrintTrader.js (StarWebPRNT SDK, `sendMessage`) sends it: the builder's elements wrapped
 * in `<root>` (with `checkedblock="false"` only when the POS turns checking off, plus `papertype` and
 * `holdprint_timeout`), that whole text XML-escaped as the content of `<Request>` inside
 * `<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">`. Both layers are
 * read within the same bounds (xml-reader): the inner one arrives escaped, so it is only seen once the outer is read.
 */

export interface WebPrntElement {
  name: string;
  attributes: Record<string, string>;
  /** The element's own text (the builder puts data straight inside, escaped with `\xNN`). */
  text: string;
  children: WebPrntElement[];
}

/**
 * `checkedblock` is not kept: whatever it says, the answer waits for what became of the paper (webprnt-answer), as
 * Ticketera never answers "printed" for a receipt that is held or not sent.
 */
export interface WebPrntRequest {
  elements: WebPrntElement[];
}

export type RequestReading = { ok: true; request: WebPrntRequest } | { ok: false; problem: string };

export const STAR_NAMESPACE = 'http://www.star-m.jp';

/**
 * The builder nests at most `root` > `pagemode` > element and writes a handful of attributes on one; the trader
 * declares two namespaces and escapes the print data's markup into the envelope (`&lt;`, `&gt;`: two to four
 * references an element, while data is escaped the builder's own way, `\xNN`). A little room beyond each.
 */
const LIMITS: ReaderLimits = { maxDepth: 16, maxElements: 20_000, maxAttributesPerElement: 32, maxAttributes: 40_000, maxNamespaces: 64, maxReferences: 100_000 };

export function readWebPrntRequest(body: string): RequestReading {
  const outer = parseGuarded(body, 'the request');
  if (!outer.ok) return outer;
  const envelope = outer.root;
  if (envelope.name !== 'StarWebPrint') return { ok: false, problem: `the request's root is <${envelope.name.slice(0, 40)}>, not <StarWebPrint>` };
  const namespace = envelope.attributes['xmlns'];
  if (namespace !== undefined && namespace !== STAR_NAMESPACE) return { ok: false, problem: `the request is in namespace ${namespace.slice(0, 80)}, not Star's` };
  const request = envelope.children.find((child) => child.name === 'Request');
  if (!request) return { ok: false, problem: 'the request has no <Request>' };
  const inner = parseGuarded(request.text.trim(), 'the print data');
  if (!inner.ok) return inner;
  if (inner.root.name !== 'root') return { ok: false, problem: `the print data's root is <${inner.root.name.slice(0, 40)}>, not <root>` };
  return { ok: true, request: { elements: inner.root.children } };
}

function parseGuarded(text: string, what: string): { ok: true; root: WebPrntElement } | { ok: false; problem: string } {
  if (text === '') return { ok: false, problem: `${what} is empty` };
  const reading = readXml(text, LIMITS);
  return reading.ok ? reading : { ok: false, problem: `${what}: ${reading.problem}` };
}
