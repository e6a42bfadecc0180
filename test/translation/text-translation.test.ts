import fs from 'node:fs';
import { DeepLClient } from 'deepl-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationService } from '../../src/main/services/translation/translation-service';
import { TranslationRuleError, type TranslationRuleCode } from '../../src/main/services/translation/translation-rule-error';
import type { TranslateOptions } from '../../src/main/services/translation/translate-options';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { KEY, openService, temporaryDir } from './translation-harness';

let emulator: TranslationEmulator;
let service: TranslationService;
const work = temporaryDir('text');

beforeAll(async () => {
  emulator = await startTranslationEmulator({
    glossaries: [{ glossary_id: 'cafe-es-de', name: 'Café', dictionaries: [{ source_lang: 'es', target_lang: 'de', entries: { Cortado: 'Cortado' } }] }],
  });
  service = openService(emulator, work);
});
afterEach(() => emulator.reset());
afterAll(async () => {
  service.close();
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const translateCalls = (): number => emulator.requestsTo('/v2/translate').length;

describe('every request field of the spec', () => {
  it('reaches the service in a JSON body, with billed characters asked for', async () => {
    const options: TranslateOptions = {
      targetLang: 'de',
      sourceLang: 'es',
      context: 'Menu of a café',
      formality: 'more',
      modelType: 'quality_optimized',
      glossaryId: 'cafe-es-de',
      styleId: 'house-style',
      translationMemoryId: 'tm-1',
      translationMemoryThreshold: 80,
      customInstructions: ['Keep it short'],
      tagHandling: 'xml',
      tagHandlingVersion: 'v2',
      splitSentences: 'nonewlines',
      preserveFormatting: true,
      outlineDetection: false,
      splittingTags: ['p'],
      nonSplittingTags: ['span'],
      ignoreTags: ['code'],
    };
    const outcome = await service.text.translate({ texts: ['Cortado <code>x1</code>'], options });
    const [sent] = emulator.requestsTo('/v2/translate');
    expect(sent?.bodyKind).toBe('json');
    expect(sent?.fields).toEqual({
      text: ['Cortado <code>x1</code>'],
      target_lang: 'DE',
      source_lang: 'ES',
      context: 'Menu of a café',
      formality: 'more',
      model_type: 'quality_optimized',
      glossary_id: 'cafe-es-de',
      style_id: 'house-style',
      translation_memory_id: 'tm-1',
      translation_memory_threshold: 80,
      custom_instructions: ['Keep it short'],
      tag_handling: 'xml',
      tag_handling_version: 'v2',
      split_sentences: 'nonewlines',
      preserve_formatting: true,
      outline_detection: false,
      splitting_tags: ['p'],
      non_splitting_tags: ['span'],
      ignore_tags: ['code'],
      show_billed_characters: true,
    });
    // The glossary entry applied and the ignored tag left alone by the (fake) translation.
    expect(outcome.translations[0]).toMatchObject({ text: '[DE] Cortado <code>x1</code>', modelTypeUsed: 'quality_optimized', tagHandlingVersion: 'v2' });
    expect(outcome.translations[0]?.billedCharacters).toBeGreaterThan(0);
  });
});

describe('the spec rules, checked before sending', () => {
  const refused = async (options: TranslateOptions, texts: string[] = ['Hola']): Promise<TranslationRuleCode> => {
    const error = await service.text.translate({ texts, options }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TranslationRuleError);
    return (error as TranslationRuleError).rule;
  };

  it('refuses each broken rule with its own typed error and sends no text', async () => {
    const tooManyInstructions = Array.from({ length: 11 }, (_, index) => `Rule ${index}`);
    expect(await refused({ targetLang: 'DE', styleId: 's', modelType: 'latency_optimized' })).toBe('latency-optimized-conflict');
    expect(await refused({ targetLang: 'DE', customInstructions: ['Be brief'], modelType: 'latency_optimized' })).toBe('latency-optimized-conflict');
    expect(await refused({ targetLang: 'DE', customInstructions: tooManyInstructions })).toBe('too-many-custom-instructions');
    expect(await refused({ targetLang: 'DE', customInstructions: ['x'.repeat(301)] })).toBe('custom-instruction-too-long');
    expect(await refused({ targetLang: 'AR', customInstructions: ['Be brief'] })).toBe('custom-instructions-language');
    expect(await refused({ targetLang: 'DE', glossaryId: 'cafe-es-de' })).toBe('glossary-needs-source-language');
    expect(await refused({ targetLang: 'FR', sourceLang: 'ES', glossaryId: 'cafe-es-de' })).toBe('glossary-language-pair');
    expect(await refused({ targetLang: 'EN' })).toBe('unknown-target-language');
    expect(await refused({ targetLang: 'DE', sourceLang: 'XX' })).toBe('unknown-source-language');
    expect(await refused({ targetLang: 'ZH', formality: 'more' })).toBe('formality-not-supported');
    expect(await refused({ targetLang: 'DE', translationMemoryId: 'tm', translationMemoryThreshold: 101 })).toBe('memory-threshold-range');
    expect(await refused({ targetLang: 'DE' }, ['x'.repeat(130 * 1024)])).toBe('text-too-large');
    expect(translateCalls()).toBe(0);
  });

  it('suggests the variants of a language the service lists only with a region', async () => {
    const error = await service.text.translate({ texts: ['Hola'], options: { targetLang: 'en' } }).catch((failure: unknown) => failure);
    expect((error as TranslationRuleError).detail).toEqual({ rule: 'unknown-target-language', targetLang: 'EN', suggestions: ['EN-GB', 'EN-US'] });
  });

  it('accepts a glossary of the same pair with a target variant, and "prefer" formality where strict is refused', async () => {
    await expect(service.text.translate({ texts: ['Cortado'], options: { targetLang: 'DE', sourceLang: 'ES', glossaryId: 'cafe-es-de' } })).resolves.toBeDefined();
    await expect(service.text.translate({ texts: ['Hola'], options: { targetLang: 'ZH', formality: 'prefer_more' } })).resolves.toBeDefined();
  });
});

describe('a batch larger than the 128 KiB request limit', () => {
  it('is split into several requests, each within the limit, and answered in the original order', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => `Line ${index} ${'a'.repeat(5_000)}`);
    const outcome = await service.text.translate({ texts, options: { targetLang: 'DE' } });
    const requests = emulator.requestsTo('/v2/translate');
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const request of requests) expect(request.bytes).toBeLessThanOrEqual(128 * 1024);
    expect(requests.flatMap((request) => request.fields['text'] as string[])).toEqual(texts);
    expect(outcome.requests).toBe(requests.length);
    outcome.translations.forEach((translation, index) => expect(translation.text.startsWith(`[DE] LINE ${index} AAAA`)).toBe(true));
  });
});

describe('the translation cache', () => {
  it('never sends the same text twice, counts the hit and the billed characters per template', async () => {
    const request = { texts: ['Thank you', 'Coffee', 'Thank you'], options: { targetLang: 'DE' }, template: 'Breakfast' };
    const first = await service.text.translate(request);
    expect(emulator.requestsTo('/v2/translate').map((sent) => sent.fields['text'])).toEqual([['Thank you', 'Coffee']]);
    expect(first.translations.map((translation) => translation.text)).toEqual(['[DE] Danke', '[DE] Kaffee', '[DE] Danke']);
    const second = await service.text.translate(request);
    expect(translateCalls()).toBe(1);
    expect(second.translations.map((translation) => [translation.text, translation.cached])).toEqual([
      ['[DE] Danke', true],
      ['[DE] Kaffee', true],
      ['[DE] Danke', true],
    ]);
    expect(second.billedCharacters).toBe(0);
    const breakfast = service.usage().templates.find((row) => row.template === 'Breakfast');
    expect(breakfast).toEqual({ template: 'Breakfast', hits: 3, sentTexts: 2, billedCharacters: first.billedCharacters });
    expect(first.billedCharacters).toBe('Thank you'.length + 'Coffee'.length);
  });

  it('misses when an option that changes the output changes, and keeps entries across a restart', async () => {
    await service.text.translate({ texts: ['Hello'], options: { targetLang: 'DE' } });
    await service.text.translate({ texts: ['Hello'], options: { targetLang: 'DE', formality: 'prefer_less' } });
    await service.text.translate({ texts: ['Hello'], options: { targetLang: 'DE', context: 'a greeting' } });
    expect(translateCalls()).toBe(3);
    const reopened = openService(emulator, work);
    const again = await reopened.text.translate({ texts: ['Hello'], options: { targetLang: 'de', formality: 'prefer_less' } });
    reopened.close();
    expect(again.translations[0]?.cached).toBe(true);
    expect(translateCalls()).toBe(3);
  });

  it('keeps the language list on disk with its age, so a new run does not ask for it again', async () => {
    const otherDir = temporaryDir('languages');
    const first = openService(emulator, otherDir);
    await first.text.translate({ texts: ['Receipt'], options: { targetLang: 'DE' } });
    first.close();
    expect(emulator.requestsTo('/v2/languages')).toHaveLength(2);
    const second = openService(emulator, otherDir);
    const lists = await second.languages.lists();
    await second.text.translate({ texts: ['Receipt two'], options: { targetLang: 'DE' } });
    second.close();
    expect(emulator.requestsTo('/v2/languages')).toHaveLength(2);
    expect(lists.stale).toBe(false);
    expect(lists.target.map((language) => language.code)).toContain('ZH-HANS');
    fs.rmSync(otherDir, { recursive: true, force: true });
  });
});

describe('placeholders and brand names', () => {
  it('survive translation inside ignore tags, with the rest of the text escaped and restored', async () => {
    const texts = ['Total {{total}}', 'Café Luna & Co <3', 'Hello {{ name }}, Café Luna'];
    const protection = { placeholders: true, terms: ['Café Luna'] };
    const outcome = await service.text.translate({ texts, options: { targetLang: 'ZH' }, protection });
    expect(outcome.translations.map((translation) => translation.text)).toEqual([
      '[ZH] 总计 {{total}}',
      '[ZH] Café Luna 译文 & CO <3',
      '[ZH] 你好 {{ name }}, Café Luna',
    ]);
    const [sent] = emulator.requestsTo('/v2/translate');
    expect(sent?.fields).toMatchObject({ tag_handling: 'xml', ignore_tags: ['keep'] });
    expect((sent?.fields['text'] as string[] | undefined)?.[1]).toBe('<keep>Café Luna</keep> &amp; Co &lt;3');
  });

  it('would be changed by the service without protection (the check above can fail)', async () => {
    const outcome = await service.text.translate({ texts: ['Total {{total}} at Café Luna'], options: { targetLang: 'DE' }, protection: { placeholders: false, terms: [] } });
    expect(outcome.translations[0]?.text).toBe('[DE] TOTAL {{TOTAL}} AT CAFÉ LUNA');
  });

  it('gives real Chinese and Arabic script for print tests', async () => {
    const chinese = await service.text.translate({ texts: ['Thank you for your visit'], options: { targetLang: 'ZH-HANS' } });
    const arabic = await service.text.translate({ texts: ['Thank you for your visit'], options: { targetLang: 'AR' } });
    expect(chinese.translations[0]?.text).toBe('[ZH] 感谢您的光临');
    expect(arabic.translations[0]?.text).toBe('[AR] شكرا لزيارتكم');
  });
});

describe('the emulator, as faithful as the client needs', () => {
  it('answers form bodies the way deepl-node\'s own translateText sends them, and refuses JSON-only fields there', async () => {
    const client = new DeepLClient(KEY, { serverUrl: emulator.url, maxRetries: 0 });
    const results = await client.translateText(['Hello', 'Coffee'], null, 'de', { formality: 'prefer_more', preserveFormatting: true });
    expect(results.map((result) => result.text)).toEqual(['[DE] Hallo', '[DE] Kaffee']);
    expect(emulator.requestsTo('/v2/translate')[0]).toMatchObject({
      bodyKind: 'form',
      fields: { text: ['Hello', 'Coffee'], target_lang: 'de', formality: 'prefer_more', preserve_formatting: '1', show_billed_characters: '1' },
    });
    await expect(client.translateText('Hello', null, 'de', { styleRule: 'house-style' })).rejects.toThrow(/only accepted in a JSON body/);
  });

  it('counts the account\'s characters for /v2/usage and takes failures through its control endpoint', async () => {
    const before = await service.accountUsage();
    await service.text.translate({ texts: ['Usage probe'], options: { targetLang: 'DE' } });
    expect((await service.accountUsage()).characterCount).toBe(before.characterCount + 'Usage probe'.length);
    const control = await fetch(`${emulator.url}/__emulator/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 456, path: '/v2/usage' }) });
    expect(control.headers.get('x-trace-id')).toMatch(/^emu/);
    await expect(service.accountUsage()).rejects.toMatchObject({ kind: 'quota-exceeded', status: 456 });
  });
});
