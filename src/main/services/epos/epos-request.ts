import { EPOS_NAMESPACE, SOAP_NAMESPACE } from './epos-protocol';
import { EposSchemaError } from './epos-errors';
import { parseXml, XmlRefused, type XmlElement } from './epos-xml';

/** What a POS sent: the `<epos-print>` element and the parameters its SOAP header may carry. */
export interface EposRequest {
  print: XmlElement;
  /** `<s:Header><parameter><devid|timeout|printjobid>`: the SDK's way; the query string's values come first. */
  header: { devid?: string; timeout?: string; printjobid?: string };
}

/**
 * Reads a request body: a SOAP 1.1 envelope with `<epos-print>` in its body (the SDK, Odoo), or a bare `<epos-print>`
 * (some apps post that). Anything else — not XML, a DOCTYPE, too deep, the wrong namespace — is EposSchemaError.
 */
export function readEposRequest(body: string): EposRequest {
  let root: XmlElement;
  try {
    root = parseXml(body.startsWith('\uFEFF') ? body.slice(1) : body);
  } catch (error) {
    if (error instanceof XmlRefused) throw new EposSchemaError(`the request is not plain XML: ${error.message}`);
    throw error;
  }
  if (root.name === 'epos-print') return { print: checked(root), header: {} };
  if (root.name !== 'Envelope' || root.namespace !== SOAP_NAMESPACE) throw new EposSchemaError('expected a SOAP envelope or <epos-print>');
  const body_ = root.children.find((child) => child.name === 'Body' && child.namespace === SOAP_NAMESPACE);
  const print = body_?.children.find((child) => child.name === 'epos-print');
  if (!print) throw new EposSchemaError('the SOAP body holds no <epos-print>');
  const parameter = root.children
    .find((child) => child.name === 'Header' && child.namespace === SOAP_NAMESPACE)
    ?.children.find((child) => child.name === 'parameter' && child.namespace === EPOS_NAMESPACE);
  const value = (name: string): string | undefined => parameter?.children.find((child) => child.name === name)?.text.trim();
  const header: EposRequest['header'] = {};
  for (const name of ['devid', 'timeout', 'printjobid'] as const) {
    const found = value(name);
    if (found) header[name] = found;
  }
  return { print: checked(print), header };
}

function checked(print: XmlElement): XmlElement {
  if (print.namespace !== EPOS_NAMESPACE) throw new EposSchemaError(`<epos-print> is not in Epson's namespace (${EPOS_NAMESPACE})`);
  return print;
}
