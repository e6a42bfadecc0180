import type { ServiceError } from '../../services/http/service-error';
import { serviceErrorText, type CliLanguage, type ServiceErrorTexts } from '../cli-language';
import type { DocumentPhase } from '../../services/translation/document-translator';
import type { TranslationRule } from '../../services/translation/translation-rule-error';

type Texts<T> = Record<CliLanguage, (value: T) => string>;

const SERVICE: ServiceErrorTexts = {
  'key-missing': {
    en: () => 'No translation key. Set TICKETERA_TRANSLATION_KEY (the command line cannot read the key the app saved encrypted in Settings).',
    es: () => 'No hay clave de traducción. Define TICKETERA_TRANSLATION_KEY (la línea de comandos no puede leer la clave que la app guardó cifrada en Ajustes).',
  },
  'key-rejected': {
    en: () => 'The translation service rejected the key. Check it in Settings or TICKETERA_TRANSLATION_KEY (free keys end in ":fx").',
    es: () => 'El servicio de traducción rechazó la clave. Revísala en Ajustes o en TICKETERA_TRANSLATION_KEY (las claves gratuitas terminan en ":fx").',
  },
  'quota-exceeded': {
    en: () => 'The translation quota of this billing period is used up. Wait for the next period or raise the limit of the account.',
    es: () => 'Se agotó la cuota de traducción de este periodo de facturación. Espera al siguiente periodo o amplía el límite de la cuenta.',
  },
  'too-many-requests': {
    en: (error) => `The translation service is busy (too many requests; ${error.attempts} attempts). Try again in a minute.`,
    es: (error) => `El servicio de traducción está saturado (demasiadas peticiones; ${error.attempts} intentos). Vuelve a probar en un minuto.`,
  },
  'too-large': {
    en: () => 'The request or the document is too large for the translation service.',
    es: () => 'La petición o el documento es demasiado grande para el servicio de traducción.',
  },
  'uri-too-long': {
    en: () => 'The request address is too long for the translation service.',
    es: () => 'La dirección de la petición es demasiado larga para el servicio de traducción.',
  },
  'bad-request': {
    en: (error) => `The translation service refused the request${error.serviceMessage ? `: ${error.serviceMessage}` : '.'}`,
    es: (error) => `El servicio de traducción rechazó la petición${error.serviceMessage ? `: ${error.serviceMessage}` : '.'}`,
  },
  'not-found': {
    en: () => 'The translation service does not have it (a translated document can be downloaded only once).',
    es: () => 'El servicio de traducción no lo tiene (un documento traducido solo se puede descargar una vez).',
  },
  server: {
    en: (error) => `The translation service failed (HTTP ${error.status ?? '5xx'}; ${error.attempts} attempts). Try again later.`,
    es: (error) => `El servicio de traducción falló (HTTP ${error.status ?? '5xx'}; ${error.attempts} intentos). Vuelve a probar más tarde.`,
  },
  timeout: {
    en: () => 'The translation service did not answer in time. Check the internet connection and try again.',
    es: () => 'El servicio de traducción no respondió a tiempo. Revisa la conexión a internet y vuelve a probar.',
  },
  refused: {
    en: (_error, address) => `Could not connect to the translation service at ${address}. Check the address and the connection.`,
    es: (_error, address) => `No se pudo conectar con el servicio de traducción en ${address}. Revisa la dirección y la conexión.`,
  },
  network: {
    en: (error) => `The connection to the translation service failed${error.causeCode ? ` (${error.causeCode})` : ''}. Check the internet connection.`,
    es: (error) => `Falló la conexión con el servicio de traducción${error.causeCode ? ` (${error.causeCode})` : ''}. Revisa la conexión a internet.`,
  },
  'bad-response': {
    en: () => 'The translation service sent an answer Ticketera cannot read.',
    es: () => 'El servicio de traducción envió una respuesta que Ticketera no puede leer.',
  },
  'answer-too-large': {
    en: (_error, address) => `The answer from ${address} was far larger than any the translation service sends: Ticketera stopped reading it and kept nothing. Check the address.`,
    es: (_error, address) => `La respuesta de ${address} era mucho mayor que cualquiera del servicio de traducción: Ticketera dejó de leerla y no guardó nada. Revisa la dirección.`,
  },
  cancelled: { en: () => 'Cancelled.', es: () => 'Cancelado.' },
};

type RuleTexts = { [R in TranslationRule['rule']]: Texts<Extract<TranslationRule, { rule: R }>> };

/** readRegularFile names what a path is in English; the Spanish message names it in Spanish. */
const KIND_ES: Record<string, string> = { 'a folder': 'una carpeta', 'a pipe (FIFO)': 'una tubería (FIFO)', 'a socket': 'un socket', 'a device': 'un dispositivo', 'not a file': 'otra cosa' };

const RULES: RuleTexts = {
  'unknown-target-language': {
    en: (r) => `${r.targetLang} is not a target language of the service${r.suggestions.length ? `; use ${r.suggestions.join(' or ')}` : ''} (list: npm run cli -- languages --target).`,
    es: (r) => `${r.targetLang} no es un idioma de destino del servicio${r.suggestions.length ? `; usa ${r.suggestions.join(' o ')}` : ''} (lista: npm run cli -- languages --target).`,
  },
  'unknown-source-language': {
    en: (r) => `${r.sourceLang} is not a source language of the service (list: npm run cli -- languages).`,
    es: (r) => `${r.sourceLang} no es un idioma de origen del servicio (lista: npm run cli -- languages).`,
  },
  'formality-not-supported': {
    en: (r) => `Formality cannot be chosen for ${r.targetLang}; use prefer_more or prefer_less.`,
    es: (r) => `No se puede elegir la formalidad para ${r.targetLang}; usa prefer_more o prefer_less.`,
  },
  'glossary-needs-source-language': {
    en: () => 'A glossary needs the source language: add --from.',
    es: () => 'Un glosario necesita el idioma de origen: añade --from.',
  },
  'glossary-language-pair': {
    en: (r) => `Glossary ${r.glossaryId} has no ${r.sourceLang}→${r.targetLang} dictionary (it has ${r.glossaryPairs.join(', ') || 'none'}).`,
    es: (r) => `El glosario ${r.glossaryId} no tiene diccionario ${r.sourceLang}→${r.targetLang} (tiene ${r.glossaryPairs.join(', ') || 'ninguno'}).`,
  },
  'latency-optimized-conflict': {
    en: (r) => `${r.field} cannot be used with the latency_optimized model.`,
    es: (r) => `${r.field} no se puede usar con el modelo latency_optimized.`,
  },
  'too-many-custom-instructions': {
    en: (r) => `At most ${r.max} custom instructions (${r.count} given).`,
    es: (r) => `Como máximo ${r.max} instrucciones personalizadas (hay ${r.count}).`,
  },
  'custom-instruction-too-long': {
    en: (r) => `Custom instruction ${r.index + 1} has ${r.length} characters; at most ${r.max}.`,
    es: (r) => `La instrucción personalizada ${r.index + 1} tiene ${r.length} caracteres; como máximo ${r.max}.`,
  },
  'custom-instructions-language': {
    en: (r) => `Custom instructions only work for ${r.allowed.join(', ')} (not ${r.targetLang}).`,
    es: (r) => `Las instrucciones personalizadas solo funcionan para ${r.allowed.join(', ')} (no ${r.targetLang}).`,
  },
  'memory-threshold-range': {
    en: (r) => `The translation memory threshold must be a whole number from 0 to 100 (not ${r.threshold}).`,
    es: (r) => `El umbral de la memoria de traducción debe ser un número entero de 0 a 100 (no ${r.threshold}).`,
  },
  'memory-threshold-needs-memory': {
    en: () => 'A translation memory threshold needs a translation memory.',
    es: () => 'Un umbral de memoria de traducción necesita una memoria de traducción.',
  },
  'text-too-large': {
    en: (r) => `Text ${r.index + 1} has ${r.bytes} bytes; one request holds at most ${r.maxBytes / 1024} KiB.`,
    es: (r) => `El texto ${r.index + 1} tiene ${r.bytes} bytes; una petición admite como máximo ${r.maxBytes / 1024} KiB.`,
  },
  'unsupported-document': {
    en: (r) => `${r.fileName} is not a document type the service translates (${r.allowed.join(', ')}).`,
    es: (r) => `${r.fileName} no es un tipo de documento que el servicio traduzca (${r.allowed.join(', ')}).`,
  },
  'document-too-large': {
    en: (r) => `${r.fileName} is larger than ${r.maxBytes / (1024 * 1024)} MB, the most a document can have; nothing was sent.`,
    es: (r) => `${r.fileName} pesa más de ${r.maxBytes / (1024 * 1024)} MB, lo máximo para un documento; no se envió nada.`,
  },
  'document-not-a-file': {
    en: (r) => `${r.fileName} is not a document but ${r.kind}; nothing was sent.`,
    es: (r) => `${r.fileName} no es un documento sino ${KIND_ES[r.kind] ?? r.kind}; no se envió nada.`,
  },
};

export const translationErrorText = (error: ServiceError, address: string, language: CliLanguage): string => serviceErrorText(SERVICE, error, address, language);

export function ruleText(rule: TranslationRule, language: CliLanguage): string {
  return (RULES[rule.rule][language] as (value: TranslationRule) => string)(rule);
}

export const OTHER_TEXTS = {
  documentFailed: {
    en: (reason: string | undefined) => `The service could not translate the document${reason ? `: ${reason}` : '.'}`,
    es: (reason: string | undefined) => `El servicio no pudo traducir el documento${reason ? `: ${reason}` : '.'}`,
  },
  nothingToResume: {
    en: () => 'There is no unfinished document translation to resume.',
    es: () => 'No hay ninguna traducción de documento sin terminar que reanudar.',
  },
  stoppedResumable: {
    en: () => 'Stopped. The document keeps translating on the service: continue with --resume.',
    es: () => 'Detenido. El documento sigue traduciéndose en el servicio: continúa con --resume.',
  },
  staleLanguages: {
    en: () => 'The service could not be reached: this is the list saved earlier.',
    es: () => 'No se pudo contactar con el servicio: esta es la lista guardada antes.',
  },
  fileProblem: {
    en: (file: string, code: string) => `Cannot use the file ${file} (${code}).`,
    es: (file: string, code: string) => `No se puede usar el archivo ${file} (${code}).`,
  },
  saved: {
    en: (file: string, billed: number | undefined) => `Saved ${file}${billed !== undefined ? ` (${billed} characters billed)` : ''}`,
    es: (file: string, billed: number | undefined) => `Guardado ${file}${billed !== undefined ? ` (${billed} caracteres facturados)` : ''}`,
  },
} satisfies Record<string, Record<CliLanguage, (...values: never[]) => string>>;

export function progressText(phase: DocumentPhase, secondsRemaining: number | undefined, language: CliLanguage): string {
  const es = language === 'es';
  switch (phase) {
    case 'uploading':
      return es ? 'Subiendo…' : 'Uploading…';
    case 'queued':
      return es ? 'En cola…' : 'Queued…';
    case 'translating':
      if (secondsRemaining === undefined) return es ? 'Traduciendo…' : 'Translating…';
      return es ? `Traduciendo… quedan unos ${secondsRemaining} s` : `Translating… about ${secondsRemaining} s left`;
    case 'downloading':
      return es ? 'Descargando…' : 'Downloading…';
    case 'downloaded':
      return es ? 'Descargado.' : 'Downloaded.';
  }
}
