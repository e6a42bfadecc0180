import { fakeTranslate, isWellFormedXml, baseOf } from './fake-translation';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES, findLanguage } from './languages';
import { errorReply, type Reply } from './reply';
import type { BodyKind } from './request-body';

export interface EmulatedGlossary {
  glossary_id: string;
  name: string;
  dictionaries: { source_lang: string; target_lang: string; entries: Record<string, string> }[];
}

const MAX_REQUEST_BYTES = 128 * 1024;
const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'];
const MODEL_TYPES = ['quality_optimized', 'prefer_quality_optimized', 'latency_optimized'];
const SPLIT_SENTENCES = ['0', '1', 'nonewlines'];
/** In the OpenAPI's form schema these do not exist: JSON bodies only. */
const JSON_ONLY_FIELDS = ['style_id', 'custom_instructions', 'tag_handling_version'];
const INSTRUCTION_LANGUAGES = ['DE', 'EN', 'ES', 'FR', 'IT', 'JA', 'KO', 'ZH'];

export interface TranslateContext {
  kind: BodyKind;
  bytes: number;
  fields: Record<string, unknown>;
  glossaries: Map<string, EmulatedGlossary>;
  /** Adds billed characters to the account; false when the quota would be exceeded. */
  bill: (characters: number) => boolean;
}

/** `POST /v2/translate` as the spec and the OpenAPI describe it, JSON and form bodies alike. */
export function translateRoute(context: TranslateContext): Reply {
  const { fields, kind } = context;
  if (context.bytes > MAX_REQUEST_BYTES) return errorReply(413, 'Request size exceeds the limit of 128 KiB');
  if (kind !== 'json' && kind !== 'form') return errorReply(400, 'Send a JSON or form-urlencoded body');
  if (kind === 'form') {
    const jsonOnly = JSON_ONLY_FIELDS.find((name) => fields[name] !== undefined);
    if (jsonOnly) return errorReply(400, `Parameter ${jsonOnly} is only accepted in a JSON body`);
  }
  const texts = fields['text'];
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((text) => typeof text === 'string')) {
    return errorReply(400, "Parameter 'text' must be a non-empty list of strings");
  }
  const targetLang = str(fields['target_lang']);
  if (!targetLang) return errorReply(400, "Parameter 'target_lang' is required");
  const target = findLanguage(TARGET_LANGUAGES, targetLang);
  if (!target) return errorReply(400, `Value for 'target_lang' not supported: ${targetLang}`);
  const sourceLang = str(fields['source_lang']);
  if (sourceLang && !findLanguage(SOURCE_LANGUAGES, sourceLang)) return errorReply(400, `Value for 'source_lang' not supported: ${sourceLang}`);
  const formality = str(fields['formality']);
  if (formality && !FORMALITIES.includes(formality)) return errorReply(400, `Value for 'formality' not supported: ${formality}`);
  if ((formality === 'more' || formality === 'less') && !target.supports_formality) {
    return errorReply(400, "'formality' is not supported for given 'target_lang'");
  }
  const modelType = str(fields['model_type']);
  if (modelType && !MODEL_TYPES.includes(modelType)) return errorReply(400, `Value for 'model_type' not supported: ${modelType}`);
  const split = str(fields['split_sentences']);
  if (split && !SPLIT_SENTENCES.includes(split)) return errorReply(400, `Value for 'split_sentences' not supported: ${split}`);
  const tagHandling = str(fields['tag_handling']);
  if (tagHandling && tagHandling !== 'xml' && tagHandling !== 'html') return errorReply(400, `Value for 'tag_handling' not supported: ${tagHandling}`);
  const tagVersion = str(fields['tag_handling_version']);
  if (tagVersion && tagVersion !== 'v1' && tagVersion !== 'v2') return errorReply(400, `Value for 'tag_handling_version' not supported: ${tagVersion}`);
  const instructions = fields['custom_instructions'];
  const latency = modelType === 'latency_optimized';
  if (fields['style_id'] !== undefined && latency) return errorReply(400, "'style_id' cannot be combined with model_type latency_optimized");
  if (instructions !== undefined) {
    if (!Array.isArray(instructions)) return errorReply(400, "'custom_instructions' must be a list");
    if (latency) return errorReply(400, "'custom_instructions' cannot be combined with model_type latency_optimized");
    if (instructions.length > 10) return errorReply(400, 'At most 10 custom instructions are allowed');
    if (instructions.some((instruction) => typeof instruction !== 'string' || [...instruction].length > 300)) {
      return errorReply(400, 'A custom instruction may have at most 300 characters');
    }
    if (!INSTRUCTION_LANGUAGES.includes(baseOf(targetLang))) return errorReply(400, "'custom_instructions' are not supported for given 'target_lang'");
  }
  const threshold = fields['translation_memory_threshold'];
  if (threshold !== undefined) {
    const value = Number(threshold);
    if (!Number.isInteger(value) || value < 0 || value > 100) return errorReply(400, "'translation_memory_threshold' must be 0 to 100");
  }
  let glossaryEntries: Record<string, string> | undefined;
  const glossaryId = str(fields['glossary_id']);
  if (glossaryId) {
    if (!sourceLang) return errorReply(400, "Use of 'glossary_id' requires 'source_lang'");
    const glossary = context.glossaries.get(glossaryId);
    if (!glossary) return errorReply(400, 'Glossary not found');
    const dictionary = glossary.dictionaries.find((entry) => baseOf(entry.source_lang) === baseOf(sourceLang) && baseOf(entry.target_lang) === baseOf(targetLang));
    if (!dictionary) return errorReply(400, "The glossary's language pair does not match the request");
    glossaryEntries = dictionary.entries;
  }
  const ignoreTags = tagList(fields['ignore_tags']);
  if (tagHandling === 'xml' && !(texts as string[]).every(isWellFormedXml)) return errorReply(400, 'Tag handling parsing failed, please check input');
  const billed = (texts as string[]).reduce((sum, text) => sum + [...text].length, 0);
  if (!context.bill(billed)) return errorReply(456, 'Quota exceeded');
  const showBilled = fields['show_billed_characters'] === true || fields['show_billed_characters'] === '1' || fields['show_billed_characters'] === 'true';
  const translations = (texts as string[]).map((text) => ({
    detected_source_language: sourceLang?.toUpperCase() ?? detect(text),
    text: fakeTranslate(text, targetLang, { markup: tagHandling !== undefined, ignoreTags, ...(glossaryEntries ? { glossary: glossaryEntries } : {}) }),
    ...(showBilled ? { billed_characters: [...text].length } : {}),
    ...(modelType ? { model_type_used: latency ? 'latency_optimized' : 'quality_optimized' } : {}),
    ...(tagHandling ? { tag_handling_version: tagVersion ?? 'v1' } : {}),
  }));
  return { status: 200, json: { translations } };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** JSON sends a list; a form sends a comma-separated list (or the name repeated). */
export function tagList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return items.flatMap((item) => String(item).split(',')).map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

/** Just enough detection for the emulator: Spanish-looking text is ES, anything else EN. */
function detect(text: string): string {
  return /[ñáéíóú¿¡]|\b(el|la|los|gracias|por|su)\b/i.test(text) ? 'ES' : 'EN';
}
