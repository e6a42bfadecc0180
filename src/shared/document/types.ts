/**
 * The print document (`datos`), version 1. These types and `print-document-schema.ts` are one source: the schema's
 * property maps are typed against these interfaces, so a field added to one and not the other fails to compile.
 */
export type Align = 'left' | 'center' | 'right';
export type Dither = 'threshold' | 'floyd-steinberg' | 'atkinson';
export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';
export type Hri = 'none' | 'above' | 'below' | 'both';
export type FontName = 'a' | 'b';
export const SYMBOLOGIES = ['CODE128', 'EAN13', 'EAN8', 'UPC_A', 'CODE39', 'ITF', 'CODABAR'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

export interface Profile {
  /** Printer model (a profile id or alias, see src/shared/printer-profiles): width, code pages and commands. */
  model?: string;
  /** Paper roll width in millimetres: 58 or 80. */
  paper_width?: number;
}

export interface TextSize {
  width?: number;
  height?: number;
}

/**
 * A piece of a text block in its own weight, underline or inversion: a bold "TOTAL" and a plain amount on one line.
 * Fields left out take the block's.
 */
export interface TextRun {
  text: string;
  bold?: boolean;
  underline?: 0 | 1 | 2;
  invert?: boolean;
}

export interface TextData {
  text: string;
  /** The text in pieces of their own style; joined they must spell `text` (which readers of the text still see). */
  runs?: TextRun[];
  align?: Align;
  bold?: boolean;
  underline?: 0 | 1 | 2;
  invert?: boolean;
  font?: FontName;
  size?: TextSize;
}

export interface FeedData {
  lines?: number;
}

export interface LineData {
  char?: string;
  bold?: boolean;
}

export interface QrData {
  data: string;
  size?: number;
  error_correction?: ErrorCorrection;
  align?: Align;
}

export interface BarcodeData {
  data: string;
  symbology: Symbology;
  height?: number;
  width?: number;
  hri?: Hri;
  align?: Align;
}

export interface TableColumn {
  header?: string;
  width?: number;
  align?: Align;
}

export interface TableData {
  columns: TableColumn[];
  rows: (string | number)[][];
  font?: FontName;
  separator?: string;
}

export interface ImageData {
  image: string;
  width?: number;
  align?: Align;
  dither?: Dither;
  threshold?: number;
}

export interface RawData {
  base64?: string;
  hex?: string;
  /** The printer language the bytes are in: ESC/POS (the default) or Star's, each printed only on its printers. */
  language?: 'escpos' | 'star';
}

export interface BeepData {
  times?: number;
  duration?: number;
}

export interface CutData {
  partial?: boolean;
  feed?: number;
}

export interface DrawerData {
  pin?: 2 | 5;
}

/** Each command type and the shape of its `data`. */
export interface CommandDataByType {
  text: TextData;
  feed: FeedData;
  line: LineData;
  qr: QrData;
  barcode: BarcodeData;
  table: TableData;
  image: ImageData;
  raw: RawData;
  beep: BeepData;
  cut: CutData;
  drawer: DrawerData;
}
export type CommandType = keyof CommandDataByType;

/** Commands whose data has a required field must carry `data`; the rest may leave it out. */
export const DATA_REQUIRED = ['text', 'qr', 'barcode', 'table', 'image', 'raw'] as const;
type DataRequiredType = (typeof DATA_REQUIRED)[number];

export type PrintCommand = {
  [K in CommandType]: K extends DataRequiredType ? { type: K; data: CommandDataByType[K] } : { type: K; data?: CommandDataByType[K] };
}[CommandType];

export interface PrintDocument {
  version: string;
  profile?: Profile;
  /** Queue name or printer URI chosen by the client; routing is not the encoder's business. */
  printer?: string;
  commands: PrintCommand[];
}
