import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { documentValidatorSource, VALIDATOR_FILE, VALIDATOR_OPTIONS } from '../../scripts/generate-document-validator';
import { PRINT_DOCUMENT_SCHEMA } from '../../src/shared/document/print-document-schema';
import { validate as generatedValidate } from '../../src/shared/document/validate-document.generated';
import { exampleTicket } from './example-ticket';

const committed = (): string => fs.readFileSync(path.join(__dirname, '..', '..', VALIDATOR_FILE), 'utf8');

describe('the document validator compiled at build time', () => {
  it('is what npm run validator:generate writes from the schema now (run it after changing the schema)', () => {
    expect(committed()).toBe(documentValidatorSource());
  });

  it('is plain ASCII text and loads no Ajv compiler at run time', () => {
    expect(committed()).not.toMatch(/[\u0080-\uffff]/);
    expect(committed()).not.toMatch(/from 'ajv(\/dist\/(2020|core|ajv))?'|require\(/);
  });

  it('accepts and refuses exactly what Ajv compiling the schema at run time does, with the same first error', () => {
    const runtime = new Ajv2020({ ...VALIDATOR_OPTIONS }).compile(PRINT_DOCUMENT_SCHEMA);
    const built = generatedValidate as unknown as ValidateFunction;
    const documents: unknown[] = [
      exampleTicket(),
      null,
      { version: '2.0', commands: [] },
      { version: '1.0', commands: [{ type: 'qr', data: { data: '' } }] },
      { version: '1.0', commands: [{ type: 'hologram' }] },
      { version: '1.0', commands: [{ data: {} }] },
      { version: '1.0', commands: [{ type: 'text', data: { text: 'a', size: 9 } }] },
      { version: '1.0', commands: [{ type: 'feed', data: { lines: -1 } }] },
      { version: '1.0', commands: [{ type: 'raw', data: { hex: 'zz' } }] },
      { version: '1.0', commands: [{ type: 'text', data: { text: 'a', align: 'middle' } }] },
      { version: '1.0', commands: [{ type: 'text', data: { text: 'a', extra: 1 } }] },
      { version: '1.0', commands: [{ type: 'text', data: { text: '\u{1F600}'.repeat(3) } }] },
      { version: '1.0', profile: { model: '' }, commands: [] },
    ];
    let refused = 0;
    for (const datos of documents) {
      const valid = runtime(datos);
      expect(built(datos), JSON.stringify(datos)).toBe(valid);
      if (valid) continue;
      refused += 1;
      expect(built.errors?.[0], JSON.stringify(datos)).toEqual(runtime.errors?.[0]);
    }
    expect(refused).toBeGreaterThan(8);
  });
});
