import type { PreviewMark } from '../../../shared/contract/types';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../../../shared/document/job-limits';
import { paperDotsOf } from '../../../shared/document/paper';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import { previewBounds, renderEscPos, type Preview, type PreviewBlock, type RenderOptions } from '../../../shared/escpos/render-escpos';
import { renderStar } from '../../../shared/escpos/render-star';
import { profileFor } from '../../../shared/printer-profiles/find-profile';
import { rasterToPng } from './raster-png';
import type { MarkTexts } from '../../../shared/escpos/mark-texts';

/**
 * The preview of bytes encoded for a document: the paper width comes from its profile, the bound on its length
 * from the job limits (a preview never draws much more paper than a job may feed).
 */
export function previewBytes(bytes: Uint8Array, datos: unknown, limits: JobLimits = DEFAULT_JOB_LIMITS): Preview {
  return renderPrinterBytes(bytes, { width: paperDotsOf(datos), model: documentProfile(datos, undefined).id, ...previewBounds(limits) });
}

/** Bytes read in the language the model's printer speaks: Star's (Star Line Mode, StarPRNT) for Star profiles, ESC/POS otherwise. */
export function renderPrinterBytes(bytes: Uint8Array, options: RenderOptions): Preview {
  const star = options.model !== undefined && profileFor(options.model).commandSet !== 'escpos';
  return star ? renderStar(bytes, options) : renderEscPos(bytes, options);
}

/** The designer's picture of some bytes: the PNG, its size and the marks for what paper cannot show. */
export interface PreviewPicture {
  png: Uint8Array;
  width: number;
  height: number;
  marks: PreviewMark[];
  blocks: PreviewBlock[];
}

/** Renders and compresses a preview: ~1 s for 5 m of paper, so the service runs it on an encoder thread. */
export function previewPicture(
  bytes: Uint8Array,
  page: { width: number; maxHeight: number; maxBytes: number; model?: string; marks?: MarkTexts },
  blockStarts: readonly number[] = [],
): PreviewPicture {
  const preview = renderPrinterBytes(bytes, { ...page, blockStarts });
  return {
    png: rasterToPng(preview),
    width: preview.width,
    height: preview.height,
    marks: preview.events.map((event) => ({ kind: event.kind, y: event.y, detail: event.detail })),
    blocks: preview.blocks,
  };
}
