/**
 * Fonts asked for, in order, when text is drawn as a picture: the engine takes each character from the first of
 * them that has it. Windows' own fonts come first (the shops' computers); the Debian packages the README names
 * cover the same scripts on Linux. A family that is not installed is simply skipped.
 */
export const PREFERRED_FAMILIES: readonly string[] = [
  // Latin, Greek, Cyrillic (and, in Segoe UI, Arabic and Hebrew)
  'Segoe UI',
  'Noto Sans',
  'DejaVu Sans',
  // Chinese, Japanese, Korean
  'Microsoft YaHei',
  'WenQuanYi Micro Hei',
  'Noto Sans CJK SC',
  'Yu Gothic',
  'Malgun Gothic',
  // Right-to-left scripts
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  // Thai, Lao, Khmer; Devanagari and the other Indic scripts; Ethiopic
  'Leelawadee UI',
  'Noto Sans Thai',
  'Nirmala UI',
  'Noto Sans Devanagari',
  'Ebrima',
  // Symbols and emoji
  'Segoe UI Symbol',
  'Segoe UI Emoji',
];

/** Noto's one-script families (`Noto Sans Georgian`…), added after the preferred ones so every installed script prints. */
const NOTO_SCRIPT_FAMILY = /^Noto Sans [A-Z]/;
const NOT_A_TEXT_FACE = / (?:UI|Mono|Display)$/;

/** The installed fallback list: the preferred families that exist, then any other Noto script family installed. */
export function fallbackFamilies(installed: readonly string[]): string[] {
  const present = new Set(installed);
  const preferred = PREFERRED_FAMILIES.filter((family) => present.has(family));
  const extra = installed.filter((family) => NOTO_SCRIPT_FAMILY.test(family) && !NOT_A_TEXT_FACE.test(family) && !preferred.includes(family)).sort();
  return [...preferred, ...extra];
}

/** A CSS font for the canvas: `bold 24px "Segoe UI", "Microsoft YaHei", …, sans-serif`. */
export function cssFont(px: number, bold: boolean, families: readonly string[]): string {
  return `${bold ? 'bold ' : ''}${px}px ${[...families.map((family) => JSON.stringify(family)), 'sans-serif'].join(', ')}`;
}
