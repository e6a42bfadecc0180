import { EPOS_NS, envelope } from './epos-client';
import { repeatTo } from './event-loop-stall';
import { build, traderBody } from '../webprnt/star-web-print';

/**
 * Issue 38 item 9's request bodies, each of which held the service's thread for seconds, and larger ones of the same
 * kind: shared by the doors' tests and `npm run bench -- vendor`.
 */
const MiB = 1024 * 1024;
/** The ePOS body limit is 8 MiB; the envelope takes a few hundred bytes. */
export const NEARLY_8_MIB = 8 * MiB - 4096;

export const EPOS_PATH = '/cgi-bin/epos/service.cgi?devid=local_printer&timeout=30000';
export const EPOS_HEADERS = { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""' };
export const WEBPRNT_PATH = '/StarWebPRNT/SendMessage';
export const WEBPRNT_HEADERS = { 'Content-Type': 'text/xml; charset=UTF-8' };

const RECTANGLE_TO_THE_END = '<rectangle x1="0" y1="0" x2="65535" y2="65535" style="thin"/>';
const PREFIXES = Array.from({ length: 6000 }, (_, index) => ` xmlns:p${index}="urn:ticketera:p${index}"`).join('');

/** 1,000 rectangles to 65535 in an ePOS `<page>` (69 KB): 9–10 s before. */
export const eposRectangles = (): string => envelope(`<page>${RECTANGLE_TO_THE_END.repeat(1000)}</page><cut/>`);
/** The same, to the 8 MiB limit. */
export const eposRectangles8MiB = (): string => envelope(`<page>${repeatTo(RECTANGLE_TO_THE_END, NEARLY_8_MIB)}</page>`);
/** 6,000 namespace prefixes declared over 6,000 elements (226 KB): 5 s before. */
export const eposPrefixes = (): string =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><epos-print xmlns="${EPOS_NS}"${PREFIXES}>${'<text/>'.repeat(6000)}</epos-print></s:Body></s:Envelope>`;
/** 200,000 `<feed/>` (1.4 MB): 2.9 s before. */
export const eposFeeds = (): string => envelope('<feed/>'.repeat(200_000));
/** A `<text>` of 8 million line ends. */
export const eposLineEnds = (): string => envelope(`<text>${'\n'.repeat(NEARLY_8_MIB)}</text>`);
/** 500 full pages (576 × 2000 dots), each with a rule. */
export const eposPages = (): string => envelope('<page><area x="0" y="0" width="576" height="2000"/><line x1="0" y1="0" x2="575" y2="0"/></page>'.repeat(500));
/** 8 MiB of character references in a text. */
export const eposReferences = (): string => envelope(`<text>${repeatTo('A&#10;', NEARLY_8_MIB)}</text>`);

/** 1,000 `<ruledline width="65535">` in a WebPRNT `<pagemode>`: seconds before. */
export const webPrntRules = (): string => traderBody(`<pagemode>${build.ruledline({ width: 65535 }).repeat(1000)}</pagemode>`);
/** A WebPRNT text of a million escaped line ends. */
export const webPrntLineEnds = (): string => traderBody(build.text({}, '\n'.repeat(1_000_000)));
/** 6,000 namespace prefixes on the WebPRNT print data's `<root>`, over 6,000 elements. */
export const webPrntPrefixes = (): string => `<StarWebPrint xmlns="http://www.star-m.jp"><Request>${escapeXml(`<root${PREFIXES}>${'<text/>'.repeat(6000)}</root>`)}</Request></StarWebPrint>`;
/** The same prefixes on the envelope itself. */
export const webPrntEnvelopePrefixes = (): string => `<StarWebPrint xmlns="http://www.star-m.jp"${PREFIXES}><Request>${escapeXml('<root><text/></root>')}</Request></StarWebPrint>`;

export const escapeXml = (xml: string): string => xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
