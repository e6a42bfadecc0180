import type { ImageData } from '../../../../shared/document/types';
import { preparePicture } from '../image/prepare-picture';
import { rasterBands } from '../image/raster-bands';
import type { EncodeContext } from './encode-context';

/** A picture (see preparePicture) sent as GS v 0 raster bands under 256 rows. */
export function encodeImage(context: EncodeContext, data: ImageData): void {
  const picture = preparePicture(data, {
    path: context.path,
    paperDots: context.paper.dots,
    maxImagePixels: context.limits.maxImagePixels,
    claimPaper: (rows, what) => context.budget.claimPaper('IMAGE', `${context.path}.data.image`, rows, what),
  });
  context.writer.setAlign('left');
  for (const band of rasterBands(picture.dots, picture.width, picture.height, picture.left)) context.writer.push(band);
}
