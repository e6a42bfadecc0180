import type { PrintCommand, PrintDocument } from '../../../../shared/document/types';
import { parseMarkup, type MarkupItem, type MarkupPaper } from './parse-markup';

/** Fetches one image of the markup (bounded, address-checked): its PNG or JPEG bytes, or throws a readable Error. */
export type ImageSource = (url: string) => Promise<Uint8Array>;

/** Images one markup job may fetch: a logo and a coupon are usual, a hundred is not a receipt. */
export const MAX_MARKUP_IMAGES = 8;

/** A Star markup job as Ticketera's print document, its images fetched through `images`. */
export async function markupDocument(source: string, paper: MarkupPaper & { paperWidthMm: number }, images: ImageSource): Promise<PrintDocument> {
  const items = parseMarkup(source, paper);
  const wanted = items.filter((item) => item.kind === 'image').length;
  if (wanted > MAX_MARKUP_IMAGES) throw new Error(`the markup asks for ${wanted} images, at most ${MAX_MARKUP_IMAGES} are fetched`);
  const commands: PrintCommand[] = [];
  for (const item of items) commands.push(await commandOf(item, images));
  return { version: '1', profile: { paper_width: paper.paperWidthMm }, commands };
}

async function commandOf(item: MarkupItem, images: ImageSource): Promise<PrintCommand> {
  switch (item.kind) {
    case 'text': {
      const { style } = item;
      return {
        type: 'text',
        data: {
          text: item.text,
          align: item.align,
          ...(style.bold ? { bold: true } : {}),
          ...(style.underline ? { underline: 1 as const } : {}),
          ...(style.negative ? { invert: true } : {}),
          ...(style.font === 'b' ? { font: 'b' as const } : {}),
          ...(style.width !== 1 || style.height !== 1 ? { size: { width: style.width, height: style.height } } : {}),
        },
      };
    }
    case 'blank':
      return { type: 'feed', data: { lines: 1 } };
    case 'feed':
      return { type: 'feed', data: { lines: item.lines } };
    case 'barcode':
      return { type: 'barcode', data: item.data };
    case 'qr':
      return { type: 'qr', data: item.data };
    case 'cut':
      return { type: 'cut', data: { partial: item.partial } };
    case 'drawer':
      return { type: 'drawer', data: { pin: 2 } };
    case 'buzzer':
      return { type: 'beep', data: { times: item.times } };
    case 'image': {
      const bytes = await images(item.url);
      return { type: 'image', data: { image: Buffer.from(bytes).toString('base64'), align: item.align, ...(item.widthDots !== undefined ? { width: item.widthDots } : {}) } };
    }
  }
}
