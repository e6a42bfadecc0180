import type { ServiceFailure } from './service-failure';

/**
 * What the window exchanges with the translation service (issue 10): receipts' texts in the designer, documents on
 * the Translation page. Failures travel as data inside the answer, like the admin methods' (see AdminAnswer): an
 * error crossing Electron's context bridge keeps only its message, and the window needs the kind and the trace id.
 */

/**
 * The vendor whose API the translation service speaks (deepl-node, the spec the emulator follows): the window names it,
 * says where its key is had, and which free plan gives one.
 */
export const TRANSLATION_VENDOR = { name: 'DeepL', site: 'deepl.com', freePlan: 'DeepL API Free' } as const;

/** The spec's document types (the service refuses others; the window refuses them before uploading). */
export const DOCUMENT_EXTENSIONS = ['docx', 'pptx', 'xlsx', 'pdf', 'htm', 'html', 'txt', 'xlf', 'xliff', 'srt', 'jpeg', 'jpg', 'png'] as const;
/** Output formats the service can convert a document to (the input's own format when none is chosen). */
export const DOCUMENT_OUTPUT_FORMATS = ['docx', 'pdf', 'pptx', 'xlsx', 'html', 'txt'] as const;
export type DocumentOutputFormat = (typeof DOCUMENT_OUTPUT_FORMATS)[number];
/** The largest document the window uploads: the service's limit for most types, and it keeps the request bounded. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The upload request: the document as base64 (4 characters per 3 bytes) plus room for the other fields. */
export const DOCUMENT_UPLOAD_BODY_LIMIT = Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4 + 64 * 1024;

export const TRANSLATION_FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;
export type TranslationFormality = (typeof TRANSLATION_FORMALITIES)[number];

/**
 * A request Ticketera refuses before sending it, because the service's rules say it would fail (or be billed for
 * nothing), as data: the main process throws it (TranslationRuleError), the window and the CLI word each `rule` in
 * the person's language.
 */
export type TranslationRuleBreak =
  | { rule: 'unknown-target-language'; targetLang: string; suggestions: string[] }
  | { rule: 'unknown-source-language'; sourceLang: string }
  | { rule: 'formality-not-supported'; targetLang: string }
  | { rule: 'glossary-needs-source-language'; glossaryId: string }
  | { rule: 'glossary-language-pair'; glossaryId: string; sourceLang: string; targetLang: string; glossaryPairs: string[] }
  | { rule: 'latency-optimized-conflict'; field: 'style_id' | 'custom_instructions' }
  | { rule: 'too-many-custom-instructions'; count: number; max: number }
  | { rule: 'custom-instruction-too-long'; index: number; length: number; max: number }
  | { rule: 'custom-instructions-language'; targetLang: string; allowed: string[] }
  | { rule: 'memory-threshold-range'; threshold: number }
  | { rule: 'memory-threshold-needs-memory' }
  | { rule: 'text-too-large'; index: number; bytes: number; maxBytes: number }
  | { rule: 'unsupported-document'; fileName: string; allowed: string[] }
  | { rule: 'document-too-large'; fileName: string; maxBytes: number }
  /** A folder, a device, a pipe: `kind` says which. */
  | { rule: 'document-not-a-file'; fileName: string; kind: string };

export type TranslationFailure =
  /** The service (or the way to it) failed: `kind` and `traceId` for the person and for support. */
  | { reason: 'service'; failure: ServiceFailure }
  /** Refused before sending. */
  | { reason: 'rule'; broken: TranslationRuleBreak }
  /** The service could not translate the document; its own words, if it gave any. */
  | { reason: 'document'; serviceMessage?: string }
  /** The job cannot go on: its document key is gone (another key, or a run without the keychain). */
  | { reason: 'not-resumable' }
  /** The file was not sent: too large, or not a document type the service takes. */
  | { reason: 'file'; problem: 'too-large' | 'type'; maxBytes: number; allowed: readonly string[] }
  /** Something failed on this computer (a file could not be written…): the technical detail, for support. */
  | { reason: 'local'; detail: string };

export type TranslationAnswer<T> = { ok: true; value: T } | { ok: false; failure: TranslationFailure };

export interface TranslationLanguage {
  /** As the service lists it: `DE`, `EN-GB`, `ZH-HANS`. The window names it in its own language from the code. */
  code: string;
  /** The service's (English) name, only shown when the window cannot name the code itself. */
  name: string;
  supportsFormality?: boolean;
}

export interface TranslationLanguages {
  source: TranslationLanguage[];
  target: TranslationLanguage[];
  /** The service could not be reached: an older list is shown. */
  stale: boolean;
}

export interface TextTranslation {
  text: string;
  detectedSourceLanguage: string;
  /** What this text cost when it was translated; 0 when it came from the cache. */
  billedCharacters: number;
  cached: boolean;
}

export interface TextsTranslation {
  /** In the order of the texts sent. */
  translations: TextTranslation[];
  billedCharacters: number;
  cacheHits: number;
}

export interface TranslationCounters {
  /** Texts answered from the cache, never sent nor billed. */
  hits: number;
  sentTexts: number;
  billedCharacters: number;
}

export interface TranslationUsage {
  /** A key is set (in Settings or by the environment). */
  keySet: boolean;
  cache: { total: TranslationCounters; templates: (TranslationCounters & { template: string })[] };
  /** The account's characters this billing period; null without a key. */
  account: TranslationAnswer<{ characterCount: number; characterLimit: number }> | null;
}

/**
 * A document job as the window shows it. `stopped`: left unfinished by an earlier run and not running now (it can be
 * resumed when `resumable`); `ready`: translated and kept here until it is downloaded or forgotten.
 */
export type DocumentJobPhase = 'uploading' | 'queued' | 'translating' | 'downloading' | 'ready' | 'failed' | 'stopped';

export interface DocumentJobView {
  id: string;
  fileName: string;
  /** The translated file's name, as the download saves it. */
  outputName: string;
  targetLang: string;
  sourceLang?: string;
  formality?: string;
  glossaryId?: string;
  outputFormat?: string;
  phase: DocumentJobPhase;
  secondsRemaining?: number;
  billedCharacters?: number;
  /** The translated file is here to download. */
  downloadable: boolean;
  /** A stopped job can go on where it was, without uploading (and paying) again. */
  resumable: boolean;
  failure?: TranslationFailure;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentUpload {
  fileName: string;
  /** The file's bytes, base64. */
  contentBase64: string;
  targetLang: string;
  sourceLang?: string;
  formality?: TranslationFormality;
  glossaryId?: string;
  outputFormat?: DocumentOutputFormat;
}

export interface DownloadedDocument {
  fileName: string;
  contentBase64: string;
  mimeType: string;
}

/** A language version of a ticket design, made by translating its texts (see Template.variants). */
export interface TemplateVariant {
  /** The translated document; its placeholders are the original's. */
  document: unknown;
  /** What translating it cost (0 when every text came from the cache). */
  billedCharacters: number;
  updatedAt: number;
}

export type VariantSaveResult = { saved: true; variant: TemplateVariant } | { saved: false; reason: 'missing' };

export const documentExtensionOf = (fileName: string): string => /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
export const isDocumentFile = (fileName: string): boolean => (DOCUMENT_EXTENSIONS as readonly string[]).includes(documentExtensionOf(fileName));
