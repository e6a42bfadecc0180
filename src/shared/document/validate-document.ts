import type { ErrorObject } from 'ajv';
import { JobError } from '../job-error';
import type { ErrorCategory } from '../protocol';
import { describeSchemaError, readablePath } from './error-text';
import { COMMAND_TYPES } from './print-document-schema';
import type { CommandType, PrintDocument } from './types';
import { validate as generatedValidate } from './validate-document.generated';

/** The category a problem inside a command's data reports under; the rest are document-level VALIDATION. */
export const COMMAND_CATEGORY: { [K in CommandType]: ErrorCategory } = {
  text: 'VALIDATION',
  feed: 'VALIDATION',
  line: 'VALIDATION',
  qr: 'QR',
  barcode: 'BARCODE',
  table: 'TABLE',
  image: 'IMAGE',
  raw: 'RAW',
  beep: 'VALIDATION',
  cut: 'VALIDATION',
  drawer: 'VALIDATION',
};

/** An Ajv validate function: true or false, and the first error found in `errors` after a false. */
interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * The schema compiled by Ajv at build time (scripts/generate-document-validator.ts), not at run time: compiling it
 * cost each encoder ~16 MB and ~70 ms on its first job, and loading Ajv itself ~8 MB more.
 */
const validate: SchemaValidator = generatedValidate as SchemaValidator;

/**
 * Checks `datos` against the published schema and returns it typed. Throws JobError for the first problem, with the
 * category of the command it sits in (`QR: commands[2].data.data must not be empty`).
 */
export function validateDocument(datos: unknown): PrintDocument {
  if (validate(datos)) return beyondSchema(datos as PrintDocument);
  const error = validate.errors?.[0];
  if (!error) throw new JobError('VALIDATION', 'the document is invalid');
  throw schemaErrorToJobError(error, datos);
}

/**
 * What the schema does not say: a text block's runs joined are its text (search, translation and the journal read
 * `text`), and raw bytes come as exactly one of base64 or hex (beside their language: the schema's
 * maxProperties cannot say which two).
 */
function beyondSchema(document: PrintDocument): PrintDocument {
  document.commands.forEach((command, index) => {
    if (command.type === 'text' && command.data.runs !== undefined && command.data.runs.map((run) => run.text).join('') !== command.data.text) {
      throw new JobError('VALIDATION', `commands[${index}].data.runs joined must be the same as commands[${index}].data.text`);
    }
    if (command.type === 'raw' && (command.data.base64 === undefined) === (command.data.hex === undefined)) {
      throw new JobError('RAW', `commands[${index}].data must have exactly one of base64, hex`);
    }
  });
  return document;
}

export function schemaErrorToJobError(error: ErrorObject, datos: unknown): JobError {
  const match = /^\/commands\/(\d+)(\/.*)?$/.exec(error.instancePath);
  if (error.keyword === 'discriminator' && match) {
    const type = valueAt(datos, `${error.instancePath}/type`);
    const path = `${readablePath(error.instancePath)}.type`;
    if (type === undefined) return new JobError('COMMAND', `${path} is required`);
    return new JobError('COMMAND', `${path} ${JSON.stringify(type)} is not a known command (${COMMAND_TYPES.join(', ')})`);
  }
  const text = describeSchemaError(error, valueAt(datos, error.instancePath));
  if (!match) return new JobError('VALIDATION', text);
  const type = valueAt(datos, `/commands/${match[1]}/type`);
  const category = isCommandType(type) ? COMMAND_CATEGORY[type] : 'COMMAND';
  return new JobError(category, text);
}

function isCommandType(value: unknown): value is CommandType {
  return typeof value === 'string' && (COMMAND_TYPES as readonly string[]).includes(value);
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
