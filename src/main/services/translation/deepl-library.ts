import { createRequire } from 'node:module';
import type * as DeepL from 'deepl-node';

export type DeepLLibrary = typeof DeepL;

let library: DeepLLibrary | undefined;

/**
 * deepl-node, loaded on first use: with axios, form-data, mime-db and adm-zip it costs ~20 MB of resident memory,
 * which a shop that never translates should not pay. Required at run time (never bundled, never imported at start).
 */
export function deeplLibrary(): DeepLLibrary {
  library ??= createRequire(__filename)('deepl-node') as DeepLLibrary;
  return library;
}
