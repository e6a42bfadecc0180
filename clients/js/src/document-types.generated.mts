/* Generated from resources/schema/print-document.v1.json by `npm run client:types`: do not edit by hand. */

export interface TicketeraPrintDocumentV1 {
  /**
   * Document version, 1.x.
   */
  version: string;
  /**
   * The printer the ticket is laid out for.
   */
  profile?: {
    /**
     * Printer model, which sets the width in dots and columns, code pages and commands. Case, spaces and dashes are ignored, and the maker may be left out (TM-T88VI, "Epson TM-T88VI"). epson, generic, unknown names or none: any ESC/POS printer at 203 dpi (the printer's model set in Ticketera then applies). Star models print in Star's own commands: Star Line Mode (star-tsp650, star-tsp650ii, star) or StarPRNT (TSP100III/IV, mC-Print, mPOP, SM-L200); raw bytes print there only as Star commands (language star). Models: generic, bixolon-srp350, bixolon-srp350iii, citizen-ct-s310ii, epson-tm-m30ii, epson-tm-m30iii, epson-tm-p20ii, epson-tm-t20ii, epson-tm-t20iii, epson-tm-t20iv, epson-tm-t70, epson-tm-t70ii, epson-tm-t88ii, epson-tm-t88iii, epson-tm-t88iv, epson-tm-t88v, epson-tm-t88vi, epson-tm-t88vii, fujitsu-fp1000, hp-a779, meow, metapace-t1, mpt-ii, pos-5890, pos-8360, star-mc-print2, star-mpop, star-sm-l200, star-tsp100iii, star-tsp100iv, star-tsp650, star-tsp650ii, sunmi-p2se, sunmi-p3h, sunmi-p3kh, sunmi-p3mix, sunmi, xprinter-xp-n160ii, xprinter-xp-t80q, youku-58t, star.
     */
    model?: string;
    /**
     * Paper width in mm: 58 or 80 (default: the model's roll, else 80).
     */
    paper_width?: number;
  };
  /**
   * Queue name or printer URI (routing, not layout).
   */
  printer?: string;
  commands: ((
    | TextCommand
    | FeedCommand
    | LineCommand
    | QrCommand
    | BarcodeCommand
    | TableCommand
    | ImageCommand
    | RawCommand
    | BeepCommand
    | CutCommand
    | DrawerCommand
  ) & {
    /**
     * The command: one of the $defs *Command entries.
     */
    type: string;
  })[];
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "textCommand".
 */
export interface TextCommand {
  type: "text";
  data: Text;
}
/**
 * A paragraph: word-wrapped to the paper, ends with a line feed.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "text".
 */
export interface Text {
  /**
   * The text; `\n` starts a new line.
   */
  text: string;
  /**
   * The text in pieces of their own style (a bold "TOTAL" then a plain amount on one line); joined they must spell `text`.
   *
   * @minItems 1
   *
   * Items: A piece of the text; fields left out take the block's.
   */
  runs?: {
    text: string;
    bold?: boolean;
    /**
     * Underline thickness in dots.
     */
    underline?: 0 | 1 | 2;
    /**
     * White on black.
     */
    invert?: boolean;
  }[];
  /**
   * Horizontal alignment.
   */
  align?: "left" | "center" | "right";
  bold?: boolean;
  /**
   * Underline thickness in dots.
   */
  underline?: 0 | 1 | 2;
  /**
   * White on black.
   */
  invert?: boolean;
  /**
   * Font A (12×24 dots) or font B (9×17 dots).
   */
  font?: "a" | "b";
  /**
   * Character magnification.
   */
  size?: {
    /**
     * Width multiplier, default 1.
     */
    width?: number;
    /**
     * Height multiplier, default 1.
     */
    height?: number;
  };
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "feedCommand".
 */
export interface FeedCommand {
  type: "feed";
  data?: Feed;
}
/**
 * Blank lines.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "feed".
 */
export interface Feed {
  /**
   * Lines to feed, default 1.
   */
  lines?: number;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "lineCommand".
 */
export interface LineCommand {
  type: "line";
  data?: Line;
}
/**
 * A separator across the paper.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "line".
 */
export interface Line {
  /**
   * The character, default "-".
   */
  char?: string;
  bold?: boolean;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "qrCommand".
 */
export interface QrCommand {
  type: "qr";
  data: Qr;
}
/**
 * A QR code (model 2).
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "qr".
 */
export interface Qr {
  /**
   * Content, sent as UTF-8.
   */
  data: string;
  /**
   * Module size in dots, default 6.
   */
  size?: number;
  /**
   * Default M.
   */
  error_correction?: "L" | "M" | "Q" | "H";
  /**
   * Horizontal alignment.
   */
  align?: "left" | "center" | "right";
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "barcodeCommand".
 */
export interface BarcodeCommand {
  type: "barcode";
  data: Barcode;
}
/**
 * A 1D barcode.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "barcode".
 */
export interface Barcode {
  /**
   * Content; the symbology limits the characters.
   */
  data: string;
  symbology: "CODE128" | "EAN13" | "EAN8" | "UPC_A" | "CODE39" | "ITF" | "CODABAR";
  /**
   * Bar height in dots, default 80.
   */
  height?: number;
  /**
   * Narrow module width in dots, default 2.
   */
  width?: number;
  /**
   * Human-readable text position, default below.
   */
  hri?: "none" | "above" | "below" | "both";
  /**
   * Horizontal alignment.
   */
  align?: "left" | "center" | "right";
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "tableCommand".
 */
export interface TableCommand {
  type: "table";
  data: Table;
}
/**
 * Rows of cells in columns fitted to the paper.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "table".
 */
export interface Table {
  /**
   * @minItems 1
   *
   * Items: One column.
   */
  columns: {
    header?: string;
    /**
     * Relative share of the line, default 1.
     */
    width?: number;
    /**
     * Horizontal alignment.
     */
    align?: "left" | "center" | "right";
  }[];
  rows: (string | number)[][];
  /**
   * Font A (12×24 dots) or font B (9×17 dots).
   */
  font?: "a" | "b";
  /**
   * Rule under the headers, default "-".
   */
  separator?: string;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "imageCommand".
 */
export interface ImageCommand {
  type: "image";
  data: Image;
}
/**
 * A PNG or JPEG picture, scaled and dithered to the paper.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "image".
 */
export interface Image {
  /**
   * Base64 PNG or JPEG, a data: URL prefix is allowed.
   */
  image: string;
  /**
   * Width in dots, default the image width capped to the paper.
   */
  width?: number;
  /**
   * Horizontal alignment.
   */
  align?: "left" | "center" | "right";
  /**
   * Default: a black-and-white drawing (a logo) is thresholded, any other picture floyd-steinberg.
   */
  dither?: "threshold" | "floyd-steinberg" | "atkinson";
  /**
   * Grey level (0 black … 255 white) below which a dot prints, default 128.
   */
  threshold?: number;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "rawCommand".
 */
export interface RawCommand {
  type: "raw";
  data: Raw;
}
/**
 * Printer bytes passed through (checked by safe mode): ESC/POS, or Star commands with `language: "star"`.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "raw".
 */
export interface Raw {
  base64?: string;
  /**
   * Hex pairs, spaces or colons allowed between them.
   */
  hex?: string;
  /**
   * The commands the bytes are: escpos (default) for ESC/POS printers, star for Star printers in Star Line Mode or StarPRNT. Each is refused on the other kind.
   */
  language?: "escpos" | "star";
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "beepCommand".
 */
export interface BeepCommand {
  type: "beep";
  data?: Beep;
}
/**
 * Sounds the buzzer.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "beep".
 */
export interface Beep {
  /**
   * Number of beeps, default 1.
   */
  times?: number;
  /**
   * Length of each beep (×100 ms), default 1.
   */
  duration?: number;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "cutCommand".
 */
export interface CutCommand {
  type: "cut";
  data?: Cut;
}
/**
 * Feeds past the cutter and cuts.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "cut".
 */
export interface Cut {
  /**
   * Leave a hinge, default false.
   */
  partial?: boolean;
  /**
   * Lines fed before the cut, default 4.
   */
  feed?: number;
}
/**
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "drawerCommand".
 */
export interface DrawerCommand {
  type: "drawer";
  data?: Drawer;
}
/**
 * Opens the cash drawer.
 *
 * This interface was referenced by `TicketeraPrintDocumentV1`'s JSON-Schema
 * via the `definition` "drawer".
 */
export interface Drawer {
  /**
   * Connector pin, default 2.
   */
  pin?: 2 | 5;
}
