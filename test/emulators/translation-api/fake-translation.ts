/**
 * Deterministic stand-in for machine translation: `[DE] ` before the text, every part outside ignored tags
 * translated by a small fixed dictionary or else upper-cased (so a placeholder or brand name that was NOT protected
 * visibly changes: `{{total}}` → `{{TOTAL}}`), and real scripts for Chinese, Japanese, Korean, Arabic and Thai so
 * print tests get genuine CJK and right-to-left text.
 */
const DICTIONARY: Record<string, Record<string, string>> = {
  total: { ZH: '总计', JA: '合計', KO: '합계', AR: 'المجموع', TH: 'ยอดรวม', DE: 'Gesamt', FR: 'Total', IT: 'Totale' },
  'thank you': { ZH: '谢谢', JA: 'ありがとう', KO: '감사합니다', AR: 'شكرا', TH: 'ขอบคุณ', DE: 'Danke', FR: 'Merci', IT: 'Grazie' },
  'thank you for your visit': { ZH: '感谢您的光临', JA: 'ご来店ありがとうございます', AR: 'شكرا لزيارتكم', DE: 'Danke für Ihren Besuch' },
  'gracias por su visita': { ZH: '感谢您的光临', JA: 'ご来店ありがとうございます', AR: 'شكرا لزيارتكم', DE: 'Danke für Ihren Besuch', 'EN': 'Thank you for your visit' },
  coffee: { ZH: '咖啡', JA: 'コーヒー', KO: '커피', AR: 'قهوة', TH: 'กาแฟ', DE: 'Kaffee', FR: 'Café' },
  café: { ZH: '咖啡', JA: 'コーヒー', KO: '커피', AR: 'قهوة', TH: 'กาแฟ', DE: 'Kaffee', EN: 'Coffee' },
  receipt: { ZH: '收据', JA: '領収書', KO: '영수증', AR: 'إيصال', TH: 'ใบเสร็จ', DE: 'Beleg' },
  tax: { ZH: '税', JA: '税', AR: 'ضريبة', DE: 'Steuer' },
  hello: { ZH: '你好', JA: 'こんにちは', KO: '안녕하세요', AR: 'مرحبا', TH: 'สวัสดี', DE: 'Hallo', FR: 'Bonjour' },
};

/** Languages whose fallback shows their own script, so untranslated words still print in that script. */
const SCRIPT_MARKERS: Record<string, string> = { ZH: '译文', JA: '翻訳', KO: '번역', AR: 'ترجمة', TH: 'แปล' };

export interface FakeOptions {
  /** `tag_handling` = xml/html: tags are markup, ignored tags' content stays. */
  markup: boolean;
  ignoreTags: string[];
  /** Glossary entries (source → target), applied before anything else. */
  glossary?: Record<string, string>;
}

export const baseOf = (code: string): string => code.split('-')[0]!.toUpperCase();

export function fakeTranslate(text: string, targetLang: string, options: FakeOptions): string {
  const target = baseOf(targetLang);
  const body = options.markup ? translateMarkup(text, target, options) : translateSegment(text, target, options.glossary);
  return `[${target}] ${body}`;
}

function translateMarkup(text: string, target: string, options: FakeOptions): string {
  let depth = 0;
  return text
    .split(/(<[^>]*>)/)
    .map((token) => {
      const tag = /^<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>$/.exec(token);
      if (tag) {
        const [, closing, name, selfClosing] = tag;
        if (options.ignoreTags.includes(name!) && !selfClosing) depth += closing ? -1 : 1;
        return token;
      }
      if (depth > 0 || token === '') return token;
      return escapeXml(translateSegment(unescapeXml(token), target, options.glossary));
    })
    .join('');
}

function translateSegment(segment: string, target: string, glossary: Record<string, string> | undefined): string {
  const [, leading = '', core = '', trailing = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(segment)!;
  // Punctuation and numbers between protected parts stay as they are.
  if (!/\p{L}/u.test(core)) return segment;
  const glossed = glossary?.[core];
  if (glossed !== undefined) return `${leading}${glossed}${trailing}`;
  const known = DICTIONARY[core.toLowerCase()]?.[target];
  if (known !== undefined) return `${leading}${known}${trailing}`;
  const marker = SCRIPT_MARKERS[target];
  return `${leading}${marker ? `${marker} ` : ''}${core.toUpperCase()}${trailing}`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_entity, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? '');
}

/** Well-formed enough for the service: tags balanced, no bare `&` or `<` in text. */
export function isWellFormedXml(text: string): boolean {
  const open: string[] = [];
  for (const token of text.split(/(<[^>]*>)/)) {
    if (token.startsWith('<')) {
      const tag = /^<(\/?)([A-Za-z_][\w.-]*)(\s[^<>]*?)?(\/?)>$/.exec(token);
      if (!tag) return false;
      const [, closing, name, , selfClosing] = tag;
      if (selfClosing) continue;
      if (closing) {
        if (open.pop() !== name) return false;
      } else open.push(name!);
    } else if (token.includes('<') || /&(?!(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(token)) return false;
  }
  return open.length === 0;
}
