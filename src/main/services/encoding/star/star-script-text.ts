import type { Align } from '../../../../shared/document/types';
import type { TextStyle } from '../escpos-writer';
import { writeScriptText } from '../script-raster/script-text';
import type { StarContext } from './star-context';

/**
 * A text block with characters the Star printer's code pages lack, as encodeScriptText does it for ESC/POS: drawn
 * lines go out as the language's graphics, a printed line tall (whole 24-dot stripes in Star Line Mode).
 */
export function starScriptText(context: StarContext, text: string, style: TextStyle, align: Align, lineDots: number): void {
  const { language } = context;
  writeScriptText(
    {
      ...context,
      pages: context.profile.codePages,
      bandRows: (rows) => language.textBandRows(rows),
      graphics: (dots, width, height) => language.graphics(dots, width, height, 0),
    },
    text,
    style,
    align,
    lineDots,
  );
}
