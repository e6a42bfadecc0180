import type { PrintCommand } from '../../../shared/document/types';
import { ClippedPage } from '../encoding/clipped-page';
import type { DoorBudget } from '../encoding/door-budget';
import { LINE_STYLES, PAGE_DIRECTIONS, PageCanvas, PageTooLarge, type PageArea, type PageDirection } from '../encoding/page-area';
import { EposParameterError, EposSchemaError, intAttr, oneOfAttr } from './epos-errors';
import { eposPicture } from './epos-image';
import { pageBarcode, pageQr, type PageBarcode, type PageQr } from './epos-page-symbols';
import { EPOS_NAMESPACE } from './epos-protocol';
import { applyTextAttributes, INITIAL_TEXT_STYLE, type TextStyle } from './epos-text';
import type { XmlElement } from './epos-xml';

/** Dots between a barcode's bars and its human-readable line. */
const HRI_GAP = 4;

/** Elements a page may hold that print nothing by themselves (label paper, printer recovery). */
const QUIET = new Set(['layout', 'recovery', 'rotate-begin', 'rotate-end']);

/**
 * `<page>` (ePOS-Print page mode: `addPageBegin` … `addPageEnd`) as one picture laid out as the printer lays it out:
 * `area` (x, y, width, height in dots) and `direction` first, then `position x y` (y is where the bottom of the next
 * characters or picture stands, as on Epson's printers), `text` in its size, weight, underline and reverse, `feed`
 * (down by lines or dots, back to the left), `line` and `rectangle` (x1 y1 x2 y2, style), `image`. Text, lines and
 * pictures are in the page's own coordinates; the direction turns the page onto the paper.
 * Barcodes and QR codes are drawn bar by bar and module by module (epos-page-symbols). Everything is cut to the page
 * before it is drawn and its work claimed from the request's budget (ClippedPage), which the caller turns into a
 * ParameterError when spent. A page that cannot fit (see PageCanvas) is a ParameterError; what Ticketera cannot draw
 * on a page (PDF417 and the other 2D symbols) is refused by name rather than printed elsewhere.
 */
export function pageCommand(page: XmlElement, printableDots: number, budget: DoorBudget): PrintCommand | undefined {
  try {
    const drawing = new PageDrawing(printableDots, budget);
    for (const element of page.children) drawing.add(element);
    const image = drawing.canvas().toImage();
    return image ? { type: 'image', data: image } : undefined;
  } catch (error) {
    if (error instanceof PageTooLarge) throw new EposParameterError(`<page>: ${error.message}`);
    throw error;
  }
}

class PageDrawing {
  private area: PageArea | undefined;
  private direction: PageDirection = 'left_to_right';
  private drawn: ClippedPage | undefined;
  private readonly style: TextStyle = { ...INITIAL_TEXT_STYLE };
  private lineSpacing: number | undefined;
  private x = 0;
  /** The baseline in force; undefined until something sets it, when the first line stands at the top of the page. */
  private y: number | undefined;

  constructor(
    private readonly printableDots: number,
    private readonly budget: DoorBudget,
  ) {}

  canvas(): ClippedPage {
    this.drawn ??= new ClippedPage(this.area, this.direction, this.printableDots, this.budget);
    return this.drawn;
  }

  add(element: XmlElement): void {
    const { attributes, name } = element;
    if (element.namespace !== EPOS_NAMESPACE) throw new EposSchemaError(`<${name}> is not an ePOS-Print element`);
    const int = (attribute: string): number | undefined => intAttr(name, attributes, attribute, 0, 65_535);
    const required = (attribute: string): number => {
      const value = int(attribute);
      if (value === undefined) throw new EposSchemaError(`<${name}> needs ${attribute}`);
      return value;
    };
    switch (name) {
      case 'area':
        this.beforeDrawing(name);
        this.area = { x: required('x'), y: required('y'), width: required('width'), height: required('height') };
        return;
      case 'direction':
        this.beforeDrawing(name);
        this.direction = oneOfAttr(name, attributes, 'dir', PAGE_DIRECTIONS) ?? 'left_to_right';
        return;
      case 'position':
        this.x = int('x') ?? this.x;
        this.y = int('y') ?? this.y;
        return;
      case 'text':
        return this.text(element);
      case 'feed': {
        const lines = intAttr(name, attributes, 'line', 0, 255);
        const unit = intAttr(name, attributes, 'unit', 0, 255);
        this.y = this.baseline() + (unit ?? (lines ?? 1) * this.lineDots());
        this.x = 0;
        return;
      }
      case 'line':
      case 'rectangle': {
        const style = oneOfAttr(name, attributes, 'style', LINE_STYLES) ?? 'thin';
        const draw = name === 'line' ? this.canvas().line.bind(this.canvas()) : this.canvas().rectangle.bind(this.canvas());
        draw(required('x1'), required('y1'), required('x2'), required('y2'), style);
        return;
      }
      case 'image': {
        // Grey dots print black from half dark (8 of 15), as before: a page is one picture of black and white.
        const { raster } = eposPicture(element);
        const bottom = this.y ?? raster.height;
        this.canvas().picture(this.x, bottom - raster.height, raster);
        this.x += raster.width;
        return;
      }
      case 'barcode':
        return this.barcode(pageBarcode(element));
      case 'symbol':
        return this.qr(pageQr(element));
      default:
        if (QUIET.has(name)) return;
        throw new EposParameterError(`<${name.slice(0, 40)}> inside <page> cannot be drawn by Ticketera; print it after </page>`);
    }
  }

  private text(element: XmlElement): void {
    const { x, linespc } = applyTextAttributes(this.style, element);
    if (x !== undefined) this.x = x;
    if (linespc !== undefined) this.lineSpacing = linespc;
    const text = element.text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
    const next = this.canvas().write(text, { x: this.x, y: this.y }, this.style, this.lineDots());
    this.x = next.x;
    this.y = next.y;
  }

  /**
   * A barcode with its bottom (its human-readable line's, when printed below) where the next picture stands, the line
   * centred on the bars in font A, as the printer prints it; x moves past it.
   */
  private barcode({ runs, moduleDots, height, hri }: PageBarcode): void {
    const hriStyle = { ...INITIAL_TEXT_STYLE };
    const line = PageCanvas.charHeight(hriStyle) + HRI_GAP;
    const above = hri?.above ? line : 0;
    const below = hri?.below ? line : 0;
    const bottom = this.y ?? above + height + below;
    const top = bottom - below - height - above;
    const width = this.canvas().bars(this.x, top + above, runs, moduleDots, height);
    if (hri) {
      const left = this.x + Math.max(0, Math.floor((width - PageCanvas.textWidth(hri.text, hriStyle)) / 2));
      if (hri.above) this.canvas().text(left, top + line - HRI_GAP, hri.text, hriStyle);
      if (hri.below) this.canvas().text(left, bottom, hri.text, hriStyle);
    }
    this.x += width;
  }

  /** A QR code standing where the next picture stands (its top at the page's top when nothing set a position). */
  private qr({ data, level, cell }: PageQr): void {
    try {
      this.x += this.canvas().qr(this.x, this.y, data, level, cell);
    } catch {
      throw new EposParameterError('<symbol> holds more than a QR code can');
    }
  }

  /** Where the next characters stand: the baseline in force, or the first line's, its characters' height down. */
  private baseline(): number {
    return this.y ?? PageCanvas.charHeight(this.style);
  }

  private lineDots(): number {
    return PageCanvas.lineDots(this.style, this.lineSpacing);
  }

  private beforeDrawing(name: string): void {
    if (this.drawn) throw new EposParameterError(`<${name}> must come before what the page draws`);
  }
}
