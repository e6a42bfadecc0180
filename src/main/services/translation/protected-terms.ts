/**
 * Keeps placeholders (`{{total}}`) and brand names from being translated: the text is sent as XML with those parts
 * inside an ignored tag (`tag_handling=xml`, `ignore_tags=keep`), everything else escaped so a `<` or `&` in a
 * ticket is text, not markup; the answer is turned back into plain text.
 */
export interface Protection {
  /** `{{name}}` placeholders of the ticket templates. */
  placeholders: boolean;
  /** Brand and product names to keep as they are (exact, case-sensitive). */
  terms: readonly string[];
}

export const KEEP_TAG = 'keep';
export const NO_PROTECTION: Protection = { placeholders: false, terms: [] };

const PLACEHOLDER = String.raw`\{\{[^{}]*\}\}`;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function protectedPattern(protection: Protection): RegExp | undefined {
  const terms = [...new Set(protection.terms.filter((term) => term.length > 0))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const alternatives = [...(protection.placeholders ? [PLACEHOLDER] : []), ...terms];
  return alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'g') : undefined;
}

export function hasProtectedParts(text: string, protection: Protection): boolean {
  const pattern = protectedPattern(protection);
  return pattern !== undefined && new RegExp(pattern.source).test(text);
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text → XML text with the protected parts in `<keep>` tags. */
export function protectText(text: string, protection: Protection): string {
  const pattern = protectedPattern(protection);
  if (!pattern) return escapeXmlText(text);
  let result = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    result += escapeXmlText(text.slice(last, match.index));
    result += `<${KEEP_TAG}>${escapeXmlText(match[0])}</${KEEP_TAG}>`;
    last = match.index + match[0].length;
  }
  return result + escapeXmlText(text.slice(last));
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The translated XML text → plain text: the keep tags dropped, entities decoded. */
export function unprotectText(xml: string): string {
  return xml
    .replace(new RegExp(`</?${KEEP_TAG}\\s*/?>`, 'g'), '')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (entity, name: string) => {
      if (name.startsWith('#x')) return characterOf(parseInt(name.slice(2), 16), entity);
      if (name.startsWith('#')) return characterOf(parseInt(name.slice(1), 10), entity);
      return ENTITIES[name] ?? entity;
    });
}

/** A numeric entity's character; one past Unicode's last code point (a server's mistake) is kept as written. */
function characterOf(codePoint: number, entity: string): string {
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
}
