import type { CampusProblem, WirelessLevel } from '../../../shared/contract/campus-types';
import type { ServiceError } from '../../services/http/service-error';
import type { CampusStatusError } from '../../services/campus/campus-status-error';
import { serviceErrorText, type CliLanguage, type ServiceErrorTexts } from '../cli-language';

/** What the `campus` commands say, in English or Spanish (see cliLanguage): each failure says what to do. */

type Texts<T> = Record<CliLanguage, (value: T, address: string) => string>;

const PORTAL_EN = 'the campus open-data API portal';
const PORTAL_ES = 'el portal de la API de datos abiertos del campus';

const PROBLEMS: Record<CampusProblem, Texts<CampusStatusError>> = {
  'no-data': {
    en: () => 'The campus service has no data for this right now (code 204). The data is collected daily: try again later.',
    es: () => 'El servicio del campus no tiene datos de esto ahora mismo (código 204). Los datos se recogen a diario: vuelve a probar más tarde.',
  },
  'key-invalid': {
    en: () => `The campus service does not know this API key (code 401). Copy it again from ${PORTAL_EN} into TICKETERA_CAMPUS_KEY.`,
    es: () => `El servicio del campus no reconoce esta clave de API (código 401). Cópiala de nuevo desde ${PORTAL_ES} en TICKETERA_CAMPUS_KEY.`,
  },
  'key-banned': {
    en: () => `The campus service has banned this API key (code 403). Ask for a new key at ${PORTAL_EN} and set it in TICKETERA_CAMPUS_KEY.`,
    es: () => `El servicio del campus ha bloqueado esta clave de API (código 403). Pide una clave nueva en ${PORTAL_ES} y ponla en TICKETERA_CAMPUS_KEY.`,
  },
  'limit-reached': {
    en: () => 'This API key has reached its request limit (code 429). Wait until tomorrow before asking again.',
    es: () => 'Esta clave de API ha llegado a su límite de peticiones (código 429). Espera a mañana antes de volver a preguntar.',
  },
  'invalid-method': {
    en: (_error, address) => `The service at ${address} does not offer this method (code 501). Check the address: it must be the campus API's base, without /v2.`,
    es: (_error, address) => `El servicio en ${address} no ofrece este método (código 501). Revisa la dirección: debe ser la base de la API del campus, sin /v2.`,
  },
  'key-required': {
    en: () => `The campus service needs an API key (code 511). Get one at ${PORTAL_EN} and set TICKETERA_CAMPUS_KEY.`,
    es: () => `El servicio del campus necesita una clave de API (código 511). Consíguela en ${PORTAL_ES} y define TICKETERA_CAMPUS_KEY.`,
  },
  'unexpected-status': {
    en: (error) => `The campus service answered with code ${error.details.code ?? '?'}${error.details.serviceMessage ? ` ("${error.details.serviceMessage}")` : ''}. Try again later.`,
    es: (error) => `El servicio del campus respondió con el código ${error.details.code ?? '?'}${error.details.serviceMessage ? ` («${error.details.serviceMessage}»)` : ''}. Vuelve a probar más tarde.`,
  },
  'unreadable-body': {
    en: (_error, address) => `The answer from ${address} is neither JSON nor XML: check that the address is the campus API's.`,
    es: (_error, address) => `La respuesta de ${address} no es ni JSON ni XML: revisa que la dirección sea la de la API del campus.`,
  },
  'body-too-large': {
    en: (_error, address) => `The answer from ${address} is far larger than the campus API sends: not read. Check the address.`,
    es: (_error, address) => `La respuesta de ${address} es mucho mayor de lo que envía la API del campus: no se ha leído. Revisa la dirección.`,
  },
};

const SERVICE: ServiceErrorTexts = {
  'key-missing': {
    en: () => `No campus API key. Get one at ${PORTAL_EN} and set TICKETERA_CAMPUS_KEY (the command line cannot read the key the app saved encrypted in Settings).`,
    es: () => `No hay clave de la API del campus. Consíguela en ${PORTAL_ES} y define TICKETERA_CAMPUS_KEY (la línea de comandos no puede leer la clave que la app guardó cifrada en Ajustes).`,
  },
  'key-rejected': {
    en: () => 'The campus service rejected the API key. Check TICKETERA_CAMPUS_KEY.',
    es: () => 'El servicio del campus rechazó la clave de API. Revisa TICKETERA_CAMPUS_KEY.',
  },
  'quota-exceeded': { en: () => 'The API key has no requests left. Wait until tomorrow.', es: () => 'A la clave de API no le quedan peticiones. Espera a mañana.' },
  'too-many-requests': {
    en: (error) => `The campus service is busy (${error.attempts} attempts). Try again in a few minutes.`,
    es: (error) => `El servicio del campus está saturado (${error.attempts} intentos). Vuelve a probar en unos minutos.`,
  },
  'too-large': { en: () => 'The request is too large for the campus service.', es: () => 'La petición es demasiado grande para el servicio del campus.' },
  'uri-too-long': { en: () => 'The request address is too long for the campus service.', es: () => 'La dirección de la petición es demasiado larga para el servicio del campus.' },
  'bad-request': {
    en: () => 'The campus service refused the request. Check the address (--server-url or TICKETERA_CAMPUS_URL).',
    es: () => 'El servicio del campus rechazó la petición. Revisa la dirección (--server-url o TICKETERA_CAMPUS_URL).',
  },
  'not-found': {
    en: (_error, address) => `Nothing answers these methods at ${address} (HTTP 404). Check the address: the campus API's base, without /v2.`,
    es: (_error, address) => `Nada responde a estos métodos en ${address} (HTTP 404). Revisa la dirección: la base de la API del campus, sin /v2.`,
  },
  server: {
    en: (error) => `The campus service failed (HTTP ${error.status ?? '5xx'}; ${error.attempts} attempts). Try again later.`,
    es: (error) => `El servicio del campus falló (HTTP ${error.status ?? '5xx'}; ${error.attempts} intentos). Vuelve a probar más tarde.`,
  },
  timeout: {
    en: () => 'The campus service did not answer in time. Check the internet connection and try again.',
    es: () => 'El servicio del campus no respondió a tiempo. Revisa la conexión a internet y vuelve a probar.',
  },
  refused: {
    en: (_error, address) => `Could not connect to the campus service at ${address}. Check the address and the connection.`,
    es: (_error, address) => `No se pudo conectar con el servicio del campus en ${address}. Revisa la dirección y la conexión.`,
  },
  network: {
    en: (error) => `The connection to the campus service failed${error.causeCode ? ` (${error.causeCode})` : ''}. Check the internet connection.`,
    es: (error) => `Falló la conexión con el servicio del campus${error.causeCode ? ` (${error.causeCode})` : ''}. Revisa la conexión a internet.`,
  },
  'bad-response': {
    en: (error) => `The campus service sent an answer Ticketera cannot read${error.causeCode ? ` (${error.causeCode})` : ''}.`,
    es: (error) => `El servicio del campus envió una respuesta que Ticketera no puede leer${error.causeCode ? ` (${error.causeCode})` : ''}.`,
  },
  // The campus client reports a long answer as its own 'body-too-large'; the shared kind is worded the same way.
  'answer-too-large': {
    en: (_error, address) => `The answer from ${address} is far larger than the campus API sends: not read. Check the address.`,
    es: (_error, address) => `La respuesta de ${address} es mucho mayor de lo que envía la API del campus: no se ha leído. Revisa la dirección.`,
  },
  cancelled: { en: () => 'Cancelled.', es: () => 'Cancelado.' },
};

export function campusProblemText(error: CampusStatusError, address: string, language: CliLanguage): string {
  return PROBLEMS[error.problem][language](error, address);
}

export const campusServiceText = (error: ServiceError, address: string, language: CliLanguage): string => serviceErrorText(SERVICE, error, address, language);

const LEVEL: Record<WirelessLevel, Record<CliLanguage, string>> = {
  fine: { en: 'fine', es: 'normal' },
  watch: { en: 'worth watching', es: 'a vigilar' },
  failing: { en: 'failing', es: 'fallando' },
  unknown: { en: 'unknown', es: 'desconocido' },
};

export const CAMPUS_TEXTS = {
  issues: {
    en: (count: number | null, level: WirelessLevel) => `Wi-Fi authentication issues: ${count === null ? 'unknown' : count} (${LEVEL[level].en})`,
    es: (count: number | null, level: WirelessLevel) => `Problemas de autenticación del Wi-Fi: ${count === null ? 'desconocido' : count} (${LEVEL[level].es})`,
  },
  lastUpdated: {
    en: (when: string | null) => `Last collected: ${when ?? 'unknown'}`,
    es: (when: string | null) => `Última recogida: ${when ?? 'desconocida'}`,
  },
  version: {
    en: (version: number | null) => `API version ${version ?? 'unknown'}`,
    es: (version: number | null) => `Versión de la API ${version ?? 'desconocida'}`,
  },
  undated: { en: () => 'Undated', es: () => 'Sin fecha' },
  noChanges: { en: () => 'The changelog is empty.', es: () => 'El registro de cambios está vacío.' },
} satisfies Record<string, Record<CliLanguage, (...values: never[]) => string>>;
