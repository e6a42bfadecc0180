import type { ErrorObject } from 'ajv';
import { HEX_PATTERN, SINGLE_CHAR_PATTERN, VERSION_PATTERN } from './print-document-schema';

/** `/commands/3/data/size` → `commands[3].data.size`: the path form people read in result texts. */
export function readablePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const joinPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);
const quoteAll = (values: readonly unknown[]): string => values.map((value) => JSON.stringify(value)).join(', ');
const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

const PATTERN_TEXT: Record<string, string> = {
  [VERSION_PATTERN]: 'must be 1.x',
  [HEX_PATTERN]: 'must be hex byte pairs',
  [SINGLE_CHAR_PATTERN]: 'must be a single character',
};

/** One ajv error as `path must …`, naming the field and the rule it broke. */
export function describeSchemaError(error: ErrorObject, received: unknown): string {
  const path = readablePath(error.instancePath);
  const subject = path || 'the document';
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${joinPath(path, String(params['missingProperty']))} is required`;
    case 'additionalProperties':
      return `${joinPath(path, String(params['additionalProperty']))} is not a known field`;
    case 'type': {
      const types = String(params['type']).split(',');
      return `${subject} must be ${types.map(article).join(' or ')}`;
    }
    case 'minimum':
    case 'maximum':
      return typeof schema['minimum'] === 'number' && typeof schema['maximum'] === 'number'
        ? `${subject} must be ${schema['minimum']}..${schema['maximum']}`
        : `${subject} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params['limit'])}`;
    case 'exclusiveMinimum':
      return `${subject} must be greater than ${String(params['limit'])}`;
    case 'enum':
      return `${subject} must be one of ${quoteAll(params['allowedValues'] as unknown[])}${describeReceived(received)}`;
    case 'const':
      return `${subject} must be ${JSON.stringify(params['allowedValue'])}`;
    case 'minLength':
      return params['limit'] === 1 ? `${subject} must not be empty` : `${subject} must have at least ${String(params['limit'])} characters`;
    case 'maxLength':
      return `${subject} must have at most ${String(params['limit'])} characters`;
    case 'minItems':
      return params['limit'] === 1 ? `${subject} must not be empty` : `${subject} must have at least ${String(params['limit'])} items`;
    case 'minProperties':
    case 'maxProperties':
      // Only raw's data counts its fields: one of base64 and hex, beside an optional language (an enum, not data).
      return `${subject} must have exactly one of ${Object.entries((schema['properties'] ?? {}) as Record<string, { enum?: unknown }>)
        .filter(([, field]) => field.enum === undefined)
        .map(([name]) => name)
        .join(', ')}`;
    case 'pattern':
      return `${subject} ${PATTERN_TEXT[String(params['pattern'])] ?? `must match ${String(params['pattern'])}`}${describeReceived(received)}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

function describeReceived(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const shown = JSON.stringify(value);
  return shown.length <= 40 ? ` (got ${shown})` : '';
}
