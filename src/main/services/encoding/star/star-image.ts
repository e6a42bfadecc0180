import type { ImageData } from '../../../../shared/document/types';
import { preparePicture } from '../image/prepare-picture';
import type { StarContext } from './star-context';

/** A picture (see preparePicture) in the Star language's own graphics commands. */
export function starImage(context: StarContext, data: ImageData): void {
  const picture = preparePicture(data, {
    path: context.path,
    paperDots: context.paper.dots,
    maxImagePixels: context.limits.maxImagePixels,
    claimPaper: (rows, what) => context.budget.claimPaper('IMAGE', `${context.path}.data.image`, context.language.paperRows(rows), what),
  });
  const { writer } = context;
  // Alignment is baked into the graphics as white dots, whatever the printer does with ESC GS a for graphics.
  writer.setAlign('left');
  for (const command of context.language.graphics(picture.dots, picture.width, picture.height, picture.left)) writer.push(command);
}
