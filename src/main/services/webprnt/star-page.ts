import type { ImageData } from '../../../shared/document/types';
import { ClippedPage } from '../encoding/clipped-page';
import type { DoorBudget } from '../encoding/door-budget';
import { MAX_PAGE_HEIGHT, PAGE_DIRECTIONS, PageCanvas, PageTooLarge, type PageArea, type PageDirection } from '../encoding/page-area';
import { dataOf, textOfBytes } from './star-escapes';
import { packedBitImage } from './star-bitimage';
import { applyStarText, type IntegerOf, type StarTextState } from './text-lines';
import type { WebPrntElement } from './webprnt-request';

/** Star's ruled line thicknesses onto the page's line styles. */
const RULE_STYLES = { thin: 'thin', medium: 'medium', thick: 'thick', double_thin: 'thin_double', double_medium: 'medium_double', double_thick: 'thick_double' } as const;

/**
 * `<pagemode width height direction x y>` and what it holds, as one picture laid out as a Star printer's page mode
 * lays it out: the area `width` × `height` dots (the head's width and the text's height when left out), `direction`
 * turning it onto the paper, `x`/`y` where printing starts (y is the bottom of the first characters); inside, `text`
 * in the text state in force (new lines go back to the left, a line's height down), `feed` (down by lines or dots),
 * `bitimage` at the print position, `ruledline` across the page at the print position. Anything else inside a page
 * is refused by name rather than printed elsewhere. `problem` is set when the page cannot fit the paper. Everything is
 * cut to the page before it is drawn and its work claimed from the request's budget (ClippedPage; OverBudget when
 * spent).
 */
export function starPage(
  page: WebPrntElement,
  state: StarTextState,
  printableDots: number,
  { integer, budget }: { integer: IntegerOf; budget: DoorBudget },
): { image?: ImageData } | { problem: string } {
  const width = integer(page, 'width', 1, 65535);
  const height = integer(page, 'height', 1, 65535);
  const area: PageArea | undefined = width === undefined && height === undefined ? undefined : { x: 0, y: 0, width: width ?? printableDots, height: height ?? PageCanvas.lineDots(state) };
  const direction = (PAGE_DIRECTIONS as readonly string[]).includes(page.attributes['direction'] ?? '') ? (page.attributes['direction'] as PageDirection) : undefined;
  if (page.attributes['direction'] !== undefined && direction === undefined) return { problem: `<pagemode direction="${page.attributes['direction'].slice(0, 40)}"> is not one of ${PAGE_DIRECTIONS.join(', ')}` };
  let canvas: ClippedPage;
  try {
    canvas = new ClippedPage(area, direction ?? 'left_to_right', printableDots, budget);
  } catch (error) {
    if (error instanceof PageTooLarge) return { problem: `<pagemode>: ${error.message}` };
    throw error;
  }
  let x = integer(page, 'x', 0, 65535) ?? 0;
  let y = integer(page, 'y', 0, 65535);
  const baseline = (): number => y ?? PageCanvas.charHeight(state);
  for (const element of page.children) {
    switch (element.name) {
      case 'text': {
        applyStarText(element, state, integer);
        const text = textOfBytes(dataOf(element, budget), state.codepage).replace(/\r/g, '').replace(/\t/g, ' ');
        ({ x, y } = canvas.write(text, { x, y }, state, PageCanvas.lineDots(state)));
        break;
      }
      case 'feed': {
        const unit = integer(element, 'unit', 1, 255);
        y = baseline() + (unit ?? (integer(element, 'line', 1, 255) ?? 1) * PageCanvas.lineDots(state));
        x = 0;
        break;
      }
      case 'bitimage': {
        const picture = packedBitImage(integer(element, 'width', 1, MAX_PAGE_HEIGHT) ?? 0, integer(element, 'height', 1, MAX_PAGE_HEIGHT) ?? 0, element.text.trim());
        if ('problem' in picture) return picture;
        const bottom = y ?? picture.height;
        canvas.picture(x, bottom - picture.height, picture);
        x += picture.width;
        break;
      }
      case 'ruledline': {
        const thickness = element.attributes['thickness'] ?? 'thin';
        const style = RULE_STYLES[thickness as keyof typeof RULE_STYLES];
        if (style === undefined) return { problem: `<ruledline thickness="${thickness.slice(0, 40)}"> is not one of Star's` };
        const across = integer(element, 'width', 1, 65535) ?? canvas.width;
        canvas.line(x, baseline(), x + across - 1, baseline(), style);
        break;
      }
      case 'alignment':
        // A page places things by position; Star's alignment applies to line mode.
        break;
      default:
        return { problem: `<${element.name.slice(0, 40)}> inside <pagemode> cannot be drawn by Ticketera; send it after the page` };
    }
  }
  const image = canvas.toImage();
  return image ? { image } : {};
}
