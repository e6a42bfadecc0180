/** Letters of the scripts written right to left. */
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const LETTER = /\p{L}/u;

/**
 * A paragraph's direction, as the Unicode bidi algorithm picks it (rule P2): from its first letter. `شكرا 3 x` reads
 * right to left, `Total 3 شكرا` left to right; inside either, the engine puts each run in its own order.
 */
export function isRightToLeft(text: string): boolean {
  for (const char of text) {
    if (LETTER.test(char)) return RIGHT_TO_LEFT.test(char);
  }
  return false;
}
