import { objectSchema, type JsonSchema, type PropertiesOf } from './json-schema';
import { PRINTER_PROFILES } from '../printer-profiles/profiles';
import {
  DATA_REQUIRED,
  SYMBOLOGIES,
  type BarcodeData,
  type BeepData,
  type CommandDataByType,
  type CommandType,
  type CutData,
  type DrawerData,
  type FeedData,
  type ImageData,
  type LineData,
  type PrintDocument,
  type Profile,
  type QrData,
  type RawData,
  type TableColumn,
  type TableData,
  type TextData,
  type TextRun,
  type TextSize,
} from './types';

export const SCHEMA_ID = 'https://ticketera.local/schema/print-document.v1.json';
export const VERSION_PATTERN = '^1(\\.[0-9]+)*$';
export const HEX_PATTERN = '^([0-9A-Fa-f]{2}[\\s:]?)*$';
export const SINGLE_CHAR_PATTERN = '^[\\s\\S]$';

const align: JsonSchema = { type: 'string', enum: ['left', 'center', 'right'], description: 'Horizontal alignment.' };
const font: JsonSchema = { type: 'string', enum: ['a', 'b'], description: 'Font A (12×24 dots) or font B (9×17 dots).' };
const int = (minimum: number, maximum: number, description: string): JsonSchema => ({ type: 'integer', minimum, maximum, description });

const textSize = objectSchema<TextSize>(
  'Character magnification.',
  { width: int(1, 8, 'Width multiplier, default 1.'), height: int(1, 8, 'Height multiplier, default 1.') },
  {},
);

const dataSchemas: { [K in CommandType]: JsonSchema } = {
  text: objectSchema<TextData>(
    'A paragraph: word-wrapped to the paper, ends with a line feed.',
    {
      text: { type: 'string', description: 'The text; `\\n` starts a new line.' },
      runs: {
        type: 'array',
        minItems: 1,
        description: 'The text in pieces of their own style (a bold "TOTAL" then a plain amount on one line); joined they must spell `text`.',
        items: objectSchema<TextRun>(
          'A piece of the text; fields left out take the block\'s.',
          {
            text: { type: 'string' },
            bold: { type: 'boolean' },
            underline: { type: 'integer', enum: [0, 1, 2], description: 'Underline thickness in dots.' },
            invert: { type: 'boolean', description: 'White on black.' },
          },
          { text: true },
        ),
      },
      align,
      bold: { type: 'boolean' },
      underline: { type: 'integer', enum: [0, 1, 2], description: 'Underline thickness in dots.' },
      invert: { type: 'boolean', description: 'White on black.' },
      font,
      size: textSize,
    },
    { text: true },
  ),
  feed: objectSchema<FeedData>('Blank lines.', { lines: int(1, 255, 'Lines to feed, default 1.') }, {}),
  line: objectSchema<LineData>(
    'A separator across the paper.',
    { char: { type: 'string', pattern: SINGLE_CHAR_PATTERN, description: 'The character, default "-".' }, bold: { type: 'boolean' } },
    {},
  ),
  qr: objectSchema<QrData>(
    'A QR code (model 2).',
    {
      data: { type: 'string', minLength: 1, maxLength: 7089, description: 'Content, sent as UTF-8.' },
      size: int(1, 16, 'Module size in dots, default 6.'),
      error_correction: { type: 'string', enum: ['L', 'M', 'Q', 'H'], description: 'Default M.' },
      align,
    },
    { data: true },
  ),
  barcode: objectSchema<BarcodeData>(
    'A 1D barcode.',
    {
      data: { type: 'string', minLength: 1, maxLength: 253, description: 'Content; the symbology limits the characters.' },
      symbology: { type: 'string', enum: SYMBOLOGIES },
      height: int(1, 255, 'Bar height in dots, default 80.'),
      width: int(2, 6, 'Narrow module width in dots, default 2.'),
      hri: { type: 'string', enum: ['none', 'above', 'below', 'both'], description: 'Human-readable text position, default below.' },
      align,
    },
    { data: true, symbology: true },
  ),
  table: objectSchema<TableData>(
    'Rows of cells in columns fitted to the paper.',
    {
      columns: {
        type: 'array',
        minItems: 1,
        items: objectSchema<TableColumn>(
          'One column.',
          {
            header: { type: 'string' },
            width: { type: 'number', exclusiveMinimum: 0, description: 'Relative share of the line, default 1.' },
            align,
          },
          {},
        ),
      },
      rows: { type: 'array', items: { type: 'array', items: { type: ['string', 'number'] } } },
      font,
      separator: { type: 'string', pattern: SINGLE_CHAR_PATTERN, description: 'Rule under the headers, default "-".' },
    },
    { columns: true, rows: true },
  ),
  image: objectSchema<ImageData>(
    'A PNG or JPEG picture, scaled and dithered to the paper.',
    {
      image: { type: 'string', minLength: 1, contentEncoding: 'base64', description: 'Base64 PNG or JPEG, a data: URL prefix is allowed.' },
      width: int(8, 2048, 'Width in dots, default the image width capped to the paper.'),
      align,
      dither: { type: 'string', enum: ['threshold', 'floyd-steinberg', 'atkinson'], description: 'Default: a black-and-white drawing (a logo) is thresholded, any other picture floyd-steinberg.' },
      threshold: int(1, 254, 'Grey level (0 black … 255 white) below which a dot prints, default 128.'),
    },
    { image: true },
  ),
  raw: {
    ...objectSchema<RawData>(
      'Printer bytes passed through (checked by safe mode): ESC/POS, or Star commands with `language: "star"`.',
      {
        base64: { type: 'string', contentEncoding: 'base64' },
        hex: { type: 'string', pattern: HEX_PATTERN, description: 'Hex pairs, spaces or colons allowed between them.' },
        language: {
          type: 'string',
          enum: ['escpos', 'star'],
          description: 'The commands the bytes are: escpos (default) for ESC/POS printers, star for Star printers in Star Line Mode or StarPRNT. Each is refused on the other kind.',
        },
      },
      {},
    ),
    minProperties: 1,
    maxProperties: 2,
  },
  beep: objectSchema<BeepData>(
    'Sounds the buzzer.',
    { times: int(1, 9, 'Number of beeps, default 1.'), duration: int(1, 9, 'Length of each beep (×100 ms), default 1.') },
    {},
  ),
  cut: objectSchema<CutData>(
    'Feeds past the cutter and cuts.',
    { partial: { type: 'boolean', description: 'Leave a hinge, default false.' }, feed: int(0, 255, 'Lines fed before the cut, default 4.') },
    {},
  ),
  drawer: objectSchema<DrawerData>('Opens the cash drawer.', { pin: { type: 'integer', enum: [2, 5], description: 'Connector pin, default 2.' } }, {}),
};

const dataRequired: readonly string[] = DATA_REQUIRED;

function commandSchema(type: CommandType): JsonSchema {
  return {
    type: 'object',
    properties: { type: { const: type }, data: { $ref: `#/$defs/${type}` } },
    required: dataRequired.includes(type) ? ['type', 'data'] : ['type'],
    additionalProperties: false,
  };
}

const commandTypes = Object.keys(dataSchemas) as CommandType[];

/** The names are listed, not enumerated: unknown names are valid and print as the generic ESC/POS printer. */
const MODEL_DESCRIPTION =
  'Printer model, which sets the width in dots and columns, code pages and commands. Case, spaces and dashes are ignored, ' +
  'and the maker may be left out (TM-T88VI, "Epson TM-T88VI"). epson, generic, unknown names or none: any ESC/POS printer at 203 dpi ' +
  "(the printer's model set in Ticketera then applies). Star models print in Star's own commands: Star Line Mode " +
  `(star-tsp650, star-tsp650ii, star) or StarPRNT (TSP100III/IV, mC-Print, mPOP, SM-L200); raw bytes print there only as Star commands (language star). Models: ${PRINTER_PROFILES.map((profile) => profile.id).join(', ')}.`;

const documentProperties: PropertiesOf<PrintDocument> = {
  version: { type: 'string', pattern: VERSION_PATTERN, description: 'Document version, 1.x.' },
  profile: objectSchema<Profile>(
    'The printer the ticket is laid out for.',
    {
      model: { type: 'string', minLength: 1, description: MODEL_DESCRIPTION },
      paper_width: { type: 'number', minimum: 40, maximum: 120, description: "Paper width in mm: 58 or 80 (default: the model's roll, else 80)." },
    },
    {},
  ),
  printer: { type: 'string', description: 'Queue name or printer URI (routing, not layout).' },
  commands: {
    type: 'array',
    items: {
      type: 'object',
      properties: { type: { type: 'string', description: 'The command: one of the $defs *Command entries.' } },
      required: ['type'],
      discriminator: { propertyName: 'type' },
      oneOf: commandTypes.map((type) => ({ $ref: `#/$defs/${type}Command` })),
    },
  },
};

/** The published JSON Schema (resources/schema/print-document.v1.json is written from this object). */
export const PRINT_DOCUMENT_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: SCHEMA_ID,
  title: 'Ticketera print document v1',
  type: 'object',
  properties: documentProperties as Record<string, JsonSchema>,
  required: ['version', 'commands'],
  additionalProperties: false,
  $defs: Object.fromEntries(
    commandTypes.flatMap((type) => [
      [type, dataSchemas[type]],
      [`${type}Command`, commandSchema(type)],
    ]),
  ),
};

export const COMMAND_TYPES: readonly CommandType[] = commandTypes;
export type { CommandDataByType };
