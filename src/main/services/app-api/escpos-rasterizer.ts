import type { JobLimits } from '../../../shared/document/job-limits';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import { paperDotsOf } from '../../../shared/document/paper';
import { previewBounds } from '../../../shared/escpos/preview-bounds';
import { previewPicture } from '../encoding/preview-document';
import type { PreviewRasterizer } from './preview';
import { previewImageOf } from './preview-image';

/**
 * The byte-exact ESC/POS preview (src/shared/escpos) as a PNG for the designer, rendered right here and bounded
 * like the job it shows, on the calling thread. The window uses the service's own rasterizer
 * (`RunningService.rasterize`), which does the same on an encoder thread: a 5 m preview takes about a second.
 */
export function escposRasterizerFor(limits: JobLimits): PreviewRasterizer {
  return (bytes, document, blockStarts) =>
    previewImageOf(
      previewPicture(bytes, { width: paperDotsOf(document), model: documentProfile(document, undefined).id, ...previewBounds(limits) }, blockStarts),
    );
}
