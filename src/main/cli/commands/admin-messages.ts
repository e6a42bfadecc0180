import type { AdminRuleBreak } from '../../../shared/contract/admin-types';
import type { ServiceError } from '../../services/http/service-error';
import { serviceErrorText, type CliLanguage, type ServiceErrorTexts } from '../cli-language';

/** What the `admin` commands say when the organization admin service fails, in English or Spanish (see cliLanguage). */

const SERVICE: ServiceErrorTexts = {
  'key-missing': {
    en: () => 'No admin key. Set TICKETERA_ADMIN_KEY (the command line cannot read the key the app saved encrypted in Settings).',
    es: () => 'No hay clave de administración. Define TICKETERA_ADMIN_KEY (la línea de comandos no puede leer la clave que la app guardó cifrada en Ajustes).',
  },
  'key-rejected': {
    en: () => 'The admin service rejected the key: it must be an organization admin key, not a translation key (TICKETERA_ADMIN_KEY).',
    es: () => 'El servicio de administración rechazó la clave: debe ser una clave de administrador de la organización, no una de traducción (TICKETERA_ADMIN_KEY).',
  },
  'quota-exceeded': {
    en: () => 'The account quota is used up.',
    es: () => 'Se agotó la cuota de la cuenta.',
  },
  'too-many-requests': {
    en: (error) => `The admin service is busy (${error.attempts} attempts). Try again in a minute.`,
    es: (error) => `El servicio de administración está saturado (${error.attempts} intentos). Vuelve a probar en un minuto.`,
  },
  'too-large': { en: () => 'The request is too large for the admin service.', es: () => 'La petición es demasiado grande para el servicio de administración.' },
  'uri-too-long': { en: () => 'The request address is too long for the admin service.', es: () => 'La dirección de la petición es demasiado larga para el servicio de administración.' },
  // The service's 400 `message` is shown as it is: it names the parameter and the allowed values.
  'bad-request': {
    en: (error) => `The admin service refused the request${error.serviceMessage ? `: ${error.serviceMessage}` : '.'}`,
    es: (error) => `El servicio de administración rechazó la petición${error.serviceMessage ? `: ${error.serviceMessage}` : '.'}`,
  },
  'not-found': {
    en: () => 'The admin service does not know that key (list them with: npm run cli -- admin keys).',
    es: () => 'El servicio de administración no conoce esa clave (lístalas con: npm run cli -- admin keys).',
  },
  server: {
    en: (error) => `The admin service failed (HTTP ${error.status ?? '5xx'}; ${error.attempts} attempts). Try again later.`,
    es: (error) => `El servicio de administración falló (HTTP ${error.status ?? '5xx'}; ${error.attempts} intentos). Vuelve a probar más tarde.`,
  },
  timeout: {
    en: () => 'The admin service did not answer in time. Check the internet connection and try again.',
    es: () => 'El servicio de administración no respondió a tiempo. Revisa la conexión a internet y vuelve a probar.',
  },
  refused: {
    en: (_error, address) => `Could not connect to the admin service at ${address}. Check the address and the connection.`,
    es: (_error, address) => `No se pudo conectar con el servicio de administración en ${address}. Revisa la dirección y la conexión.`,
  },
  network: {
    en: (error) => `The connection to the admin service failed${error.causeCode ? ` (${error.causeCode})` : ''}. Check the internet connection.`,
    es: (error) => `Falló la conexión con el servicio de administración${error.causeCode ? ` (${error.causeCode})` : ''}. Revisa la conexión a internet.`,
  },
  'bad-response': {
    en: (error) => `The admin service sent an answer Ticketera cannot read${error.causeCode ? ` (${error.causeCode})` : ''}.`,
    es: (error) => `El servicio de administración envió una respuesta que Ticketera no puede leer${error.causeCode ? ` (${error.causeCode})` : ''}.`,
  },
  'answer-too-large': {
    en: (_error, address) => `The answer from ${address} was far larger than any the admin service sends: Ticketera stopped reading it. Check the address.`,
    es: (_error, address) => `La respuesta de ${address} era mucho mayor que cualquiera del servicio de administración: Ticketera dejó de leerla. Revisa la dirección.`,
  },
  cancelled: { en: () => 'Cancelled.', es: () => 'Cancelado.' },
};

export const adminErrorText = (error: ServiceError, address: string, language: CliLanguage): string => serviceErrorText(SERVICE, error, address, language);

const FIELD_FLAG = { from: '--from', to: '--to', characters: '--characters', speechToTextMilliseconds: '--stt-ms' } as const;

export function adminRuleText(broken: AdminRuleBreak, language: CliLanguage): string {
  const es = language === 'es';
  switch (broken.rule) {
    case 'date-missing':
      return es ? `Falta ${FIELD_FLAG[broken.field]} AAAA-MM-DD.` : `${FIELD_FLAG[broken.field]} YYYY-MM-DD is required.`;
    case 'date-invalid':
      return es ? `${FIELD_FLAG[broken.field]} ${broken.value} no es una fecha AAAA-MM-DD.` : `${FIELD_FLAG[broken.field]} ${broken.value} is not a YYYY-MM-DD date.`;
    case 'range-backwards':
      return es ? `La fecha final (${broken.to}) es anterior a la inicial (${broken.from}).` : `The end date (${broken.to}) is before the start date (${broken.from}).`;
    case 'range-too-long':
      return es ? `El rango tiene ${broken.days} días; como máximo ${broken.maxDays}.` : `The range has ${broken.days} days; at most ${broken.maxDays}.`;
    case 'group-by':
      return es ? `--group-by ${broken.value} no es válido: usa ${broken.allowed.join(' o ')}.` : `--group-by ${broken.value} is not valid: use ${broken.allowed.join(' or ')}.`;
    case 'aggregate-by':
      return es ? `--aggregate-by ${broken.value} no es válido: usa ${broken.allowed.join(' o ')}.` : `--aggregate-by ${broken.value} is not valid: use ${broken.allowed.join(' or ')}.`;
    case 'limit-invalid':
      return es
        ? `${FIELD_FLAG[broken.field]} debe ser un número entero desde 0, o none (no ${broken.value}).`
        : `${FIELD_FLAG[broken.field]} must be a whole number from 0, or none (not ${broken.value}).`;
    case 'label-invalid':
      return es ? `La etiqueta tiene ${broken.length} caracteres; como máximo ${broken.maxLength}.` : `The label has ${broken.length} characters; at most ${broken.maxLength}.`;
  }
}

export const ADMIN_TEXTS = {
  confirmDeactivate: {
    en: () => 'Deactivating a key is permanent: it can never be used again. Add --yes to confirm.',
    es: () => 'Desactivar una clave es permanente: no se podrá volver a usar. Añade --yes para confirmarlo.',
  },
  noLimitChange: {
    en: () => 'Give --characters and/or --stt-ms (a number, or none to remove the limit).',
    es: () => 'Indica --characters y/o --stt-ms (un número, o none para quitar el límite).',
  },
  pages: {
    en: (pages: number) => `${pages} page${pages === 1 ? '' : 's'} read.`,
    es: (pages: number) => `${pages} página${pages === 1 ? '' : 's'} leída${pages === 1 ? '' : 's'}.`,
  },
} satisfies Record<string, Record<CliLanguage, (...values: never[]) => string>>;
