import { redactOutsideText } from '../services/http/redact-secrets';
import type { ServiceError, ServiceErrorKind } from '../services/http/service-error';

/** The CLI speaks English, or Spanish when LANG (or LC_ALL / LC_MESSAGES) starts with `es`. */
export type CliLanguage = 'en' | 'es';

export function cliLanguage(env: NodeJS.ProcessEnv = process.env): CliLanguage {
  const locale = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || '';
  return locale.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** What one outside service's commands say for each way a call can fail, in both languages. */
export type ServiceErrorTexts = Record<ServiceErrorKind, Record<CliLanguage, (error: ServiceError, address: string) => string>>;

/** The failure in the service's words for a person, then the trace ID support asks for when the service sent one. */
export function serviceErrorText(texts: ServiceErrorTexts, error: ServiceError, address: string, language: CliLanguage): string {
  const text = outsideTextShown(texts[error.kind][language](error, address));
  if (!error.traceId) return text;
  return `${text}\n${language === 'es' ? 'ID de traza para soporte' : 'Trace ID for support'}: ${redactOutsideText(error.traceId)}`;
}

/**
 * A message that quotes what a server sent (its words, a field value), redacted once more as a whole before it is
 * printed: the parts are already capped where they were read, so the message itself is not cut.
 */
export const outsideTextShown = (text: string): string => redactOutsideText(text, { maxLength: Number.POSITIVE_INFINITY, keepLineBreaks: true });
