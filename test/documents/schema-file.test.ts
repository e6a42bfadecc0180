import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, PRINT_DOCUMENT_SCHEMA } from '../../src/shared/document/print-document-schema';
import { SCHEMA_FILE, schemaFileText } from '../../src/shared/document/schema-file';
import type { CommandDataByType, CommandType } from '../../src/shared/document/types';
import { exampleTicket } from './example-ticket';

const published = (): string => fs.readFileSync(path.join(__dirname, '..', '..', SCHEMA_FILE), 'utf8');

describe('the published schema file', () => {
  it('is what scripts/generate-schema.ts writes from the single source (run it after changing the schema)', () => {
    expect(published()).toBe(schemaFileText());
  });

  it('is a JSON Schema 2020-12 document any validator can compile, accepting the README example', () => {
    const schema = JSON.parse(published()) as Record<string, unknown>;
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    // A plain validator: no discriminator support, so the oneOf alone must already pick exactly one command.
    const validate = new Ajv2020({ strict: false, allowUnionTypes: true }).compile(schema);
    expect(validate(exampleTicket())).toBe(true);
    expect(validate({ version: '1.0', commands: [{ type: 'qr', data: { data: '' } }] })).toBe(false);
    expect(validate({ version: '1.0', commands: [{ type: 'hologram' }] })).toBe(false);
  });

  it('defines data and command schemas for exactly the command types the TypeScript types name', () => {
    const typeKeys: Record<CommandType, true> = {
      text: true, feed: true, line: true, qr: true, barcode: true, table: true, image: true, raw: true, beep: true, cut: true, drawer: true,
    };
    expect([...COMMAND_TYPES].sort()).toEqual(Object.keys(typeKeys).sort());
    for (const type of COMMAND_TYPES) {
      expect(PRINT_DOCUMENT_SCHEMA.$defs?.[type]?.type).toBe('object');
      expect(PRINT_DOCUMENT_SCHEMA.$defs?.[`${type}Command`]?.properties?.['type']?.const).toBe(type);
    }
  });

  it('lists, for each command, the same fields as its TypeScript data type', () => {
    // Compile-time half: objectSchema<T> refuses a property map whose keys differ from T's. Runtime half: the keys.
    const fields: { [K in CommandType]: (keyof CommandDataByType[K])[] } = {
      text: ['text', 'runs', 'align', 'bold', 'underline', 'invert', 'font', 'size'],
      feed: ['lines'],
      line: ['char', 'bold'],
      qr: ['data', 'size', 'error_correction', 'align'],
      barcode: ['data', 'symbology', 'height', 'width', 'hri', 'align'],
      table: ['columns', 'rows', 'font', 'separator'],
      image: ['image', 'width', 'align', 'dither', 'threshold'],
      raw: ['base64', 'hex', 'language'],
      beep: ['times', 'duration'],
      cut: ['partial', 'feed'],
      drawer: ['pin'],
    };
    for (const type of COMMAND_TYPES) {
      expect(Object.keys(PRINT_DOCUMENT_SCHEMA.$defs?.[type]?.properties ?? {}).sort()).toEqual([...fields[type]].map(String).sort());
    }
  });
});
