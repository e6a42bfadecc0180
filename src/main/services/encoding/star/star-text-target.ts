import type { ScriptTextTarget } from '../script-raster/script-text';
import type { StarContext } from './star-context';

/** A Star language as a text target: drawn lines go out as its graphics, whole 24-dot stripes in Star Line Mode. */
export const starTextTarget = (context: StarContext): ScriptTextTarget => ({
  ...context,
  pages: context.profile.codePages,
  bandRows: (rows) => context.language.textBandRows(rows),
  graphics: (dots, width, height) => context.language.graphics(dots, width, height, 0),
});
