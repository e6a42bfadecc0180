import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { DOOR_XML_OPTIONS } from '../xml/parser-options';
import { xmlProblem } from '../xml/xml-guard';
import { printjobidProblem } from './printjobid-rule';

/**
 * The answer to `ConnectionType=GetRequest` (Epson "Server Direct Print User's Manual", "Response (Print request)"):
 * empty when there is nothing to print, else
 *   <PrintRequestInfo Version="2.00">
 *     <ePOSPrint>
 *       <Parameter><devid>local_printer</devid><timeout>10000</timeout><printjobid>ABC123</printjobid></Parameter>
 *       <PrintData><epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">…</epos-print></PrintData>
 *     </ePOSPrint> …
 *   </PrintRequestInfo>
 * Version 1.00 has no printjobid; 3.00 may add `<ePOSDisplay>` blocks (a customer display: nothing Ticketera drives).
 */
export interface OfferedJob {
  devid: string;
  /** `<timeout>` in milliseconds, when given. */
  timeoutMs: number | undefined;
  /** The key for exactly once, as the server sent it (entities decoded); absent in Version 1.00 answers, or empty. */
  printjobid: string | undefined;
  /** Why `printjobid` cannot name the job (printjobid-rule): the job is then refused, never printed under another name. */
  printjobidProblem: string | undefined;
  /** The `<epos-print>` element as XML text, for the ePOS-Print interpreter; undefined when the block has none. */
  eposXml: string | undefined;
}

export interface PrintRequest {
  version: string;
  jobs: OfferedJob[];
  /** Blocks past `maxJobs`, not taken (a server handing out thousands at once is not a shop's order feed). */
  leftOver: number;
}

export type ReadPrintRequest = { kind: 'none' } | { kind: 'jobs'; request: PrintRequest } | { kind: 'unreadable'; detail: string };

export const REQUEST_LIMITS = {
  /** An answer with several receipts and gray16 logos stays well under this; it is refused as it streams past it. */
  maxBytes: 8 * 1024 * 1024,
  /** PrintRequestInfo › ePOSPrint › PrintData › epos-print › page › text is 6 deep. */
  maxDepth: 32,
  maxJobs: 16,
} as const;

// Entities stay as written in the ePOS text handed on (its interpreter decodes them); only Parameter values are
// decoded here (decodeEntities), never by the parser, so nothing is expanded.
const OPTIONS = DOOR_XML_OPTIONS;
const parser = new XMLParser(OPTIONS);
const builder = new XMLBuilder({ ...OPTIONS, suppressEmptyNode: true });

type Node = Record<string, unknown>;

export function readPrintRequest(text: string, maxJobs: number = REQUEST_LIMITS.maxJobs): ReadPrintRequest {
  if (text.trim() === '') return { kind: 'none' };
  const problem = xmlProblem(text, { maxDepth: REQUEST_LIMITS.maxDepth });
  if (problem) return { kind: 'unreadable', detail: `XML refused: ${problem}` };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { kind: 'unreadable', detail: `not well-formed XML (line ${valid.err.line})` };
  const roots = elements(parser.parse(text) as Node[]);
  const root = roots[0];
  if (roots.length !== 1 || !root || localName(root.name) !== 'PrintRequestInfo') return { kind: 'unreadable', detail: 'the answer is not a <PrintRequestInfo>' };
  const blocks = elements(root.content).filter((child) => localName(child.name) === 'ePOSPrint');
  const inherited = namespaceDeclarations(root.attributes);
  return {
    kind: 'jobs',
    request: {
      version: root.attributes['Version'] ?? '1.00',
      jobs: blocks.slice(0, maxJobs).map((block) => jobOf(block, inherited)),
      leftOver: Math.max(0, blocks.length - maxJobs),
    },
  };
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  content: Node[];
  node: Node;
}

function elements(nodes: Node[]): Element[] {
  const found: Element[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text') continue;
    found.push({ name, attributes: (node[':@'] ?? {}) as Record<string, string>, content: (node[name] ?? []) as Node[], node });
  }
  return found;
}

function jobOf(block: Element, outer: Record<string, string>): OfferedJob {
  const inherited = { ...outer, ...namespaceDeclarations(block.attributes) };
  const parts = elements(block.content);
  const parameters = elements(parts.find((part) => localName(part.name) === 'Parameter')?.content ?? []);
  const value = (name: string): string | undefined => {
    const found = parameters.find((parameter) => localName(parameter.name) === name);
    return found === undefined ? undefined : decodeEntities(textOf(found)).trim();
  };
  const timeout = Number(value('timeout'));
  // An empty element names nothing, as in Version 1.00 (printed, not exactly once).
  const printjobid = value('printjobid') || undefined;
  const data = parts.find((part) => localName(part.name) === 'PrintData');
  const epos = data ? elements(data.content).find((child) => localName(child.name) === 'epos-print') : undefined;
  return {
    devid: value('devid') ?? '',
    timeoutMs: Number.isInteger(timeout) && timeout >= 0 ? timeout : undefined,
    printjobid,
    printjobidProblem: printjobid === undefined ? undefined : (printjobidProblem(printjobid) ?? undefined),
    eposXml: epos ? eposText(epos, { ...inherited, ...namespaceDeclarations(data?.attributes ?? {}) }) : undefined,
  };
}

/** The element on its own: namespace declarations made by its ancestors are carried onto it, so it means the same. */
function eposText(epos: Element, inherited: Record<string, string>): string {
  const attributes: Record<string, string> = { ...inherited, ...epos.attributes };
  // Values are written back between double quotes: one that was single-quoted may hold a double quote.
  for (const key of Object.keys(attributes)) attributes[key] = (attributes[key] ?? '').replaceAll('"', '&quot;');
  return builder.build([{ [epos.name]: epos.content, ':@': attributes }]) as string;
}

function namespaceDeclarations(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => key === 'xmlns' || key.startsWith('xmlns:')));
}

function textOf(element: Element): string {
  let text = '';
  for (const child of element.content) if ('#text' in child) text += String(child['#text']);
  return text;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** The five predefined entities and character references; nothing else is an entity here. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9A-Fa-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
    if (!body.startsWith('#')) return NAMED[body] ?? whole;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
