import { SYMBOLOGIES, type Symbology } from '../document/types';
import { CODE_PAGES, type CodePage } from '../escpos/code-pages';
import { extrasFor } from './model-extras';
import { MODEL_CODE_PAGES, MODEL_ROWS, type ModelRow } from './model-table.generated';
import type { CommandSet, PrinterProfile, ProfileCodePage } from './printer-profile';

/**
 * The order pages are tried in for a character the current page lacks. The first twelve are the generic profile's
 * pages in the order it has always used (so documents for it give the same bytes); the rest add Turkish, Greek,
 * Baltic, Hebrew, Arabic and more for the models that have them.
 */
const PAGE_ORDER = [
  'PC437', 'PC858', 'WPC1252', 'PC850', 'ISO8859_15', 'PC860', 'PC863', 'PC865', 'PC852', 'WPC1250', 'PC866', 'WPC1251',
  'PC857', 'WPC1254', 'PC737', 'ISO8859_7', 'PC869', 'WPC1253', 'PC775', 'WPC1257', 'PC862', 'WPC1255', 'PC864',
  'WPC1256', 'PC720', 'PC855', 'PC861', 'PC1125', 'WPC1258',
];
const GENERIC_PAGES = PAGE_ORDER.slice(0, 12);

const pageByName = new Map(CODE_PAGES.map((page) => [page.name, page]));
const ordered: CodePage[] = PAGE_ORDER.map((name) => pageByName.get(name)).filter((page): page is CodePage => page !== undefined);

const SYMBOLOGY_SOURCE: Record<Symbology, string> = {
  CODE128: 'code128',
  EAN13: 'ean13',
  EAN8: 'ean8',
  UPC_A: 'upca',
  CODE39: 'code39',
  ITF: 'itf',
  CODABAR: 'codabar',
};

const COMMAND_SET: Record<ModelRow['language'], CommandSet> = { 'esc-pos': 'escpos', 'star-prnt': 'starprnt', 'star-line': 'star-line' };

/** A model's pages in PAGE_ORDER, each at the ESC t number the model's own table gives it. */
function modelPages(row: ModelRow): ProfileCodePage[] {
  const table = MODEL_CODE_PAGES[`${row.language === 'esc-pos' ? 'esc-pos' : 'star-prnt'}/${row.codepages}`] ?? {};
  const numberOf = new Map(Object.entries(table).map(([escT, source]) => [source, Number(escT)]));
  return ordered.flatMap((page) => {
    const escT = numberOf.get(page.source);
    return escT === undefined ? [] : [{ page, escT }];
  });
}

function fromRow(row: ModelRow): PrinterProfile {
  const extras = extrasFor(row.id);
  return {
    id: row.id,
    name: `${row.vendor} ${row.model}`,
    aliases: [row.model, `${row.vendor} ${row.model}`, ...extras.aliases],
    commandSet: COMMAND_SET[row.language],
    dpi: row.dpi,
    paperMm: row.paperMm,
    fonts: { a: row.fontA, b: row.fontB },
    codePages: modelPages(row),
    kanjiMode: extras.kanjiMode,
    cutterFeed: row.cutterFeed,
    buzzer: extras.buzzer,
    drawer: extras.drawer,
    symbologies: SYMBOLOGIES.filter((symbology) => row.symbologies.includes(SYMBOLOGY_SOURCE[symbology])),
    qr: row.qr,
    pdf417: row.pdf417,
    imageMode: row.imageMode === 'column' ? 'column' : 'raster',
    // Epson documents GS ( H and DLE DC4 fn 8 for its TM models; compatibles copy ESC/POS unevenly, so none is assumed.
    confirmsOnPaper: row.vendor === 'Epson' && row.language === 'esc-pos',
  };
}

/**
 * Any ESC/POS printer at 203 dpi, as documents were always printed: what `epson` and every unknown model name
 * mean. Its pages are numbered as Epson numbers them, which nearly every compatible follows for these twelve.
 */
export const GENERIC_PROFILE: PrinterProfile = {
  id: 'generic',
  name: 'Generic ESC/POS',
  aliases: ['epson', 'escpos', 'esc/pos', 'generic-58', 'generic-80'],
  commandSet: 'escpos',
  dpi: 203,
  paperMm: null,
  fonts: { a: { width: 12, height: 24 }, b: { width: 9, height: 17 } },
  codePages: GENERIC_PAGES.map((name) => pageByName.get(name)).flatMap((page) => (page ? [{ page, escT: page.escT }] : [])),
  kanjiMode: false,
  cutterFeed: 4,
  buzzer: 'esc-b',
  drawer: true,
  symbologies: SYMBOLOGIES,
  qr: true,
  pdf417: true,
  imageMode: 'raster',
  confirmsOnPaper: false,
};

const TSP650II = MODEL_ROWS.find((row) => row.id === 'star-tsp650ii');

/**
 * A Star printer the table does not list: Star Line Mode (the language every Star printer before StarPRNT speaks)
 * with the TSP650II's code pages, in Star's numbering, and a buzzer unit on its drive port.
 */
export const GENERIC_STAR_PROFILE: PrinterProfile = {
  ...GENERIC_PROFILE,
  id: 'star',
  name: 'Star (Star Line Mode)',
  aliases: [],
  commandSet: 'star-line',
  codePages: TSP650II ? modelPages(TSP650II) : [],
  kanjiMode: false,
  cutterFeed: 3,
  buzzer: 'star-external',
};

/** Every profile `profile.model` can name, generic first, then the table's models by maker and model. */
export const PRINTER_PROFILES: readonly PrinterProfile[] = [GENERIC_PROFILE, ...MODEL_ROWS.map(fromRow), GENERIC_STAR_PROFILE];
