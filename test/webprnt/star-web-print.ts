/**
 * Test-side stand-ins for Star's browser SDK, written from its rules (StarWebPrintBuilder.js and
 * StarWebPrintTrader.js, WebPRNT SDK): how the builder writes elements and escapes data, how the trader wraps them
 * and how its onReceive reads the answer. Our own code, so tests send and read exactly what a WebPRNT POS does.
 */
import { XMLParser } from 'fast-xml-parser';

/** The builder's `_encodeEscapeSequence` (binary: also bytes 0x80–0xFF). */
export function escapeData(data: string, binary = false): string {
  let out = '';
  for (const char of data) {
    const code = char.charCodeAt(0);
    const escaped = code <= 0x20 || code === 0x26 || code === 0x3c || code === 0x3e || code === 0x7f || (binary && code >= 0x80 && code <= 0xff);
    if (char === '\\') out += '\\\\';
    else if (escaped && char.length === 1) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out;
}

const attributes = (values: Record<string, string | number | undefined>): string =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');

export const build = {
  alignment: (position: 'left' | 'center' | 'right'): string => `<alignment${attributes({ position })}/>`,
  text: (values: Record<string, string | number | undefined>, data?: string): string =>
    data === undefined ? `<text${attributes(values)}/>` : `<text${attributes(values)}>${escapeData(data)}</text>`,
  feed: (values: { line?: number; unit?: number }): string => `<feed${attributes(values)}/>`,
  /** The builder packs each row MSB first, 1 = black, then base64s the bytes. */
  bitimage: (width: number, height: number, black: (x: number, y: number) => boolean): string => {
    const rowBytes = Math.ceil(width / 8);
    const bytes = new Uint8Array(rowBytes * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (black(x, y)) bytes[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    return `<bitimage${attributes({ width, height })}>${Buffer.from(bytes).toString('base64')}</bitimage>`;
  },
  barcode: (values: Record<string, string | number | undefined>, data: string): string => `<barcode${attributes(values)}>${escapeData(data, true)}</barcode>`,
  qrcode: (values: Record<string, string | number | undefined>, data: string): string => `<qrcode${attributes(values)}>${escapeData(data, true)}</qrcode>`,
  pdf417: (values: Record<string, string | number | undefined>, data: string): string => `<pdf417${attributes(values)}>${escapeData(data, true)}</pdf417>`,
  logo: (values: Record<string, string | number | undefined>): string => `<logo${attributes(values)}/>`,
  ruledline: (values: Record<string, string | number | undefined>): string => `<ruledline${attributes(values)}/>`,
  cutpaper: (values: { feed?: 'true' | 'false'; type?: 'full' | 'partial' }): string => `<cutpaper${attributes(values)}/>`,
  peripheral: (values: { channel?: 1 | 2; on?: number; off?: number }): string => `<peripheral${attributes(values)}/>`,
  sound: (values: { channel?: 1 | 2; repeat?: number }): string => `<sound${attributes(values)}/>`,
  rawdata: (bytes: Uint8Array): string => `<rawdata>${Buffer.from(bytes).toString('base64')}</rawdata>`,
  initialization: (): string => '<initialization/>',
};

/** StarWebPrintTrader's `sendMessage` body: `<root>` (with `checkedblock="false"` only when off), escaped into `<Request>`. */
export function traderBody(request: string, options: { checkedblock?: boolean } = {}): string {
  const root = `<root${options.checkedblock === false ? ' checkedblock="false"' : ''}>${request}</root>`;
  const escaped = root.replace(/[<>&]/g, (char) => (char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&amp;'));
  return `<StarWebPrint xmlns="http://www.star-m.jp" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><Request>${escaped}</Request></StarWebPrint>`;
}

export interface TraderResponse {
  traderSuccess: string;
  traderCode: string;
  traderStatus: string;
}

/** The trader's onReceive: the text of the first `<Response>` of the answer XML, the three values sliced out of it. */
export function traderReceive(responseText: string): TraderResponse | undefined {
  const parsed = new XMLParser({ parseTagValue: false, processEntities: true }).parse(responseText) as { StarWebPrint?: { Response?: unknown } };
  const text = parsed.StarWebPrint?.Response;
  if (typeof text !== 'string') return undefined;
  const between = (open: string, close: string): string => text.slice(text.indexOf(open) + open.length, text.indexOf(close));
  return {
    traderSuccess: between('<success>', '</success>'),
    traderCode: between('<code>', '</code>'),
    traderStatus: between('<status>', '</status>'),
  };
}

/** The trader's status readers: a byte of `traderStatus` (two hex digits at `offset`) and a bit of it. */
const statusBit = (response: TraderResponse, offset: number, mask: number): boolean => (parseInt(response.traderStatus.substr(offset, 2), 16) & mask) !== 0;
export const trader = {
  isCoverOpen: (response: TraderResponse): boolean => statusBit(response, 4, 0x20),
  isOffLine: (response: TraderResponse): boolean => statusBit(response, 4, 0x08),
  isCompulsionSwitchClose: (response: TraderResponse): boolean => statusBit(response, 4, 0x04),
  isNonRecoverableError: (response: TraderResponse): boolean => statusBit(response, 6, 0x20),
  isAutoCutterError: (response: TraderResponse): boolean => statusBit(response, 6, 0x08),
  isPaperEnd: (response: TraderResponse): boolean => statusBit(response, 10, 0x08),
  isPaperNearEnd: (response: TraderResponse): boolean => statusBit(response, 10, 0x04),
};
