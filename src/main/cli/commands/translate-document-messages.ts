import { NoRoomError, OutputPathError } from '../../services/translation/output-file';
import { ResumeMismatchError } from '../../services/translation/resume-check';
import type { CliLanguage } from '../cli-language';

type Say = Record<CliLanguage, string>;

const MiB = 1024 * 1024;
const mib = (bytes: number): string => (bytes / MiB).toFixed(1);

/** What to do next: before the upload nothing was paid; after it the translation waits on the service. */
function nextStep(beforeUpload: boolean, language: CliLanguage): string {
  if (beforeUpload) return language === 'es' ? 'No se ha enviado nada' : 'Nothing was sent';
  return language === 'es' ? 'La traducción espera en el servicio' : 'The translation waits on the service';
}

function outputText(error: OutputPathError, language: CliLanguage): string {
  const file = error.outputPath;
  const step = nextStep(error.beforeUpload, language);
  const retry = error.beforeUpload ? '' : ' --resume';
  const texts: Record<OutputPathError['problem'], Say> = {
    exists: {
      en: `${file} already exists. ${step}: choose another --out, or add${retry} --force to replace it.`,
      es: `${file} ya existe. ${step}: elige otro --out o añade${retry} --force para reemplazarlo.`,
    },
    'is-input': {
      en: `--out ${file} is the document being translated. ${step}: choose another --out (or add${retry} --force to replace the original).`,
      es: `--out ${file} es el documento que se traduce. ${step}: elige otro --out (o añade${retry} --force para reemplazar el original).`,
    },
    'is-directory': {
      en: `${file} is a folder. ${step}: give --out a file name inside it.`,
      es: `${file} es una carpeta. ${step}: da a --out un nombre de archivo dentro de ella.`,
    },
    'no-folder': {
      en: `Cannot save ${file}: part of its folder path is a file. ${step}: choose another --out.`,
      es: `No se puede guardar ${file}: parte de la ruta de su carpeta es un archivo. ${step}: elige otro --out.`,
    },
  };
  return texts[error.problem][language];
}

/** A server as a person knows it: the address given, or the vendor's own. */
function serverWords(server: string, language: CliLanguage): string {
  if (server === 'vendor-free') return language === 'es' ? 'la dirección gratuita del proveedor' : "the vendor's free address";
  if (server === 'vendor-paid') return language === 'es' ? 'la dirección del proveedor' : "the vendor's address";
  return server;
}

function resumeText(error: ResumeMismatchError, language: CliLanguage): string {
  const es = language === 'es';
  if (error.mismatch === 'server') {
    const started = serverWords(error.started, language);
    const now = serverWords(error.now, language);
    const vendor = error.started.startsWith('vendor-');
    const how = vendor
      ? es ? 'sin --server-url ni TICKETERA_TRANSLATION_URL' : 'without --server-url or TICKETERA_TRANSLATION_URL'
      : `--server-url ${error.started}`;
    return es
      ? `Este trabajo se empezó con ${started}, no con ${now}: su clave de documento es de ese servicio. Continúalo ${vendor ? how : `con ${how}`}.`
      : `This job was started against ${started}, not ${now}: its document key belongs to that service. Continue it ${vendor ? how : `with ${how}`}.`;
  }
  if (error.mismatch === 'output') {
    return es
      ? `Este trabajo guarda en ${error.started}; no se puede continuar en ${error.now}. Continúalo sin --out.`
      : `This job saves to ${error.started}; it cannot be continued into ${error.now}. Continue it without --out.`;
  }
  return es
    ? 'El trabajo guardado ya no coincide con cómo se empezó (se cambió su servicio o su archivo en la lista de trabajos): no se continúa. Traduce el documento de nuevo.'
    : 'The saved job no longer matches how it was started (its service or file was changed in the job list): it is not continued. Translate the document again.';
}

function roomText(error: NoRoomError, language: CliLanguage): string {
  return language === 'es'
    ? `No hay espacio libre suficiente en ${error.folder} para descargar la traducción sin riesgo: hacen falta ${mib(error.neededBytes)} MiB (el mayor documento admitido y el margen que se deja al diario de impresión) y hay ${mib(error.freeBytes)} MiB. Libera espacio y continúa con --resume.`
    : `Not enough free space in ${error.folder} to download the translation safely: ${mib(error.neededBytes)} MiB needed (the largest allowed document plus room kept for the print journal), ${mib(error.freeBytes)} MiB free. Free some space and continue with --resume.`;
}

/** The person's text for a document problem of this computer or of a resume, or undefined for any other error. */
export function documentProblemText(error: unknown, language: CliLanguage): string | undefined {
  if (error instanceof OutputPathError) return outputText(error, language);
  if (error instanceof ResumeMismatchError) return resumeText(error, language);
  if (error instanceof NoRoomError) return roomText(error, language);
  return undefined;
}

export const DOCUMENT_TEXTS = {
  stillOnService: {
    en: () => 'The translation is still on the service: continue with --resume.',
    es: () => 'La traducción sigue en el servicio: continúa con --resume.',
  },
  unfinished: {
    en: () => 'translate-document stopped before finishing. If the document was uploaded, continue with --resume.',
    es: () => 'translate-document se detuvo sin terminar. Si el documento se llegó a subir, continúa con --resume.',
  },
} satisfies Record<string, Record<CliLanguage, () => string>>;
