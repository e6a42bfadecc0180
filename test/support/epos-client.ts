/**
 * Requests as the POS apps that speak Epson's ePOS-Print build them — our own code, written from their public
 * sources: Odoo's `pos_epson_printer` (a SOAP envelope around `<epos-print>` with one `<image>` of its canvas, 1 bit a
 * dot, rows packed MSB first, then `<cut type="feed"/>`; `<pulse/>` alone to open the drawer; posted with no
 * Content-Type of its own; answer read with querySelector('response')), and the ePOS SDK's `ePOSPrint.send` (the same
 * envelope, `Content-Type: text/xml; charset=UTF-8`, `SOAPAction: ""`, `If-Modified-Since`, printjobid in the SOAP
 * header; `success` matched by /^(1|true)$/, `status` read with parseInt).
 */
export const EPOS_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

export function envelope(inner: string, printjobid?: string): string {
  const header = printjobid === undefined ? '' : `<s:Header><parameter xmlns="${EPOS_NS}"><printjobid>${printjobid}</printjobid></parameter></s:Header>`;
  return `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">${header}<s:Body><epos-print xmlns="${EPOS_NS}">${inner}</epos-print></s:Body></s:Envelope>`;
}

/** A picture `width`×`height` (width a multiple of 8) with a black square in its middle, packed as Odoo packs it. */
export function monoRaster(width: number, height: number): { base64: string; black: number } {
  const bytes = Buffer.alloc((width / 8) * height);
  let black = 0;
  for (let y = height / 4; y < (3 * height) / 4; y++) {
    for (let x = width / 4; x < (3 * width) / 4; x++) {
      const index = y * (width / 8) + (x >> 3);
      bytes[index] = (bytes[index] ?? 0) | (0x80 >> (x & 7));
      black += 1;
    }
  }
  return { base64: bytes.toString('base64'), black };
}

export interface ParsedAnswer {
  success: boolean;
  code: string;
  status: number;
}

/** The answer read as the SDK reads it (regular expressions stand in for the browser's DOM here). */
export function parseAnswer(xml: string): ParsedAnswer {
  const response = /<response\b([^>]*)\/?>/.exec(xml)?.[1];
  if (response === undefined) throw new Error(`no <response> in ${xml.slice(0, 200)}`);
  const attribute = (name: string): string => new RegExp(`\\b${name}="([^"]*)"`).exec(response)?.[1] ?? '';
  return { success: /^(1|true)$/.test(attribute('success')), code: attribute('code'), status: parseInt(attribute('status'), 10) };
}

export async function postEpos(base: string, body: string, query = 'devid=local_printer&timeout=10000', headers: Record<string, string> = {}): Promise<{ http: number; text: string; answer: ParsedAnswer | undefined }> {
  const response = await fetch(`${base}/cgi-bin/epos/service.cgi?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""', 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT', ...headers },
    body,
  });
  const text = await response.text();
  return { http: response.status, text, answer: response.status === 200 && text.includes('<response') ? parseAnswer(text) : undefined };
}
