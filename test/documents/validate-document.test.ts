import { describe, expect, it } from 'vitest';
import { JobError } from '../../src/shared/job-error';
import { validateDocument } from '../../src/shared/document/validate-document';
import { exampleTicket } from './example-ticket';

const doc = (commands: unknown[], extra: Record<string, unknown> = {}): unknown => ({ version: '1.0', commands, ...extra });

function failure(datos: unknown): string {
  try {
    validateDocument(datos);
  } catch (error) {
    expect(error).toBeInstanceOf(JobError);
    return (error as JobError).message;
  }
  throw new Error('the document was accepted');
}

describe('validateDocument: the seed examples, exactly', () => {
  it.each([
    ['missing version', { commands: [] }, 'VALIDATION: version is required'],
    ['empty QR data', doc([{ type: 'qr', data: { data: '' } }]), 'QR: commands[0].data.data must not be empty'],
    ['barcode without symbology', doc([{ type: 'text', data: { text: 'x' } }, { type: 'barcode', data: { data: '123' } }]), 'BARCODE: commands[1].data.symbology is required'],
    ['table without columns', doc([{ type: 'table', data: { rows: [] } }]), 'TABLE: commands[0].data.columns is required'],
    [
      'unknown command type',
      doc([{ type: 'hologram', data: {} }]),
      'COMMAND: commands[0].type "hologram" is not a known command (text, feed, line, qr, barcode, table, image, raw, beep, cut, drawer)',
    ],
  ])('%s', (_name, datos, expected) => {
    expect(failure(datos)).toBe(expected);
  });
});

describe('validateDocument: paths and categories', () => {
  it.each([
    ['a size out of range', doc([{ type: 'text', data: { text: 'a' } }, { type: 'feed' }, { type: 'feed' }, { type: 'text', data: { text: 'a', size: { width: 9 } } }]), 'VALIDATION: commands[3].data.size.width must be 1..8'],
    ['version 2.0', { version: '2.0', commands: [] }, 'VALIDATION: version must be 1.x (got "2.0")'],
    ['version as a number', { version: 1, commands: [] }, 'VALIDATION: version must be a string'],
    ['commands missing', { version: '1.0' }, 'VALIDATION: commands is required'],
    ['commands not an array', { version: '1.0', commands: 'x' }, 'VALIDATION: commands must be an array'],
    ['a document that is not an object', 'ticket', 'VALIDATION: the document must be an object'],
    ['a misspelt root field', doc([], { comands: [] }), 'VALIDATION: comands is not a known field'],
    ['paper width out of range', doc([], { profile: { paper_width: 200 } }), 'VALIDATION: profile.paper_width must be 40..120'],
    ['an unknown alignment', doc([{ type: 'text', data: { text: 'a', align: 'middle' } }]), 'VALIDATION: commands[0].data.align must be one of "left", "center", "right" (got "middle")'],
    ['an underline of 3', doc([{ type: 'text', data: { text: 'a', underline: 3 } }]), 'VALIDATION: commands[0].data.underline must be one of 0, 1, 2 (got 3)'],
    ['a command without type', doc([{ data: {} }]), 'COMMAND: commands[0].type is required'],
    ['a type that is not a string', doc([{ type: 7 }]), 'COMMAND: commands[0].type must be a string'],
    ['a qr without data', doc([{ type: 'qr' }]), 'QR: commands[0].data is required'],
    ['a qr module size of 20', doc([{ type: 'qr', data: { data: 'x', size: 20 } }]), 'QR: commands[0].data.size must be 1..16'],
    ['an unknown symbology', doc([{ type: 'barcode', data: { data: '1', symbology: 'PDF417' } }]), 'BARCODE: commands[0].data.symbology must be one of "CODE128", "EAN13", "EAN8", "UPC_A", "CODE39", "ITF", "CODABAR" (got "PDF417")'],
    ['an empty column list', doc([{ type: 'table', data: { columns: [], rows: [] } }]), 'TABLE: commands[0].data.columns must not be empty'],
    ['a cell that is an object', doc([{ type: 'table', data: { columns: [{}], rows: [[{}]] } }]), 'TABLE: commands[0].data.rows[0][0] must be a string or a number'],
    ['a zero column width', doc([{ type: 'table', data: { columns: [{ width: 0 }], rows: [] } }]), 'TABLE: commands[0].data.columns[0].width must be greater than 0'],
    ['an image without data', doc([{ type: 'image', data: {} }]), 'IMAGE: commands[0].data.image is required'],
    ['an unknown dither', doc([{ type: 'image', data: { image: 'AAAA', dither: 'ordered' } }]), 'IMAGE: commands[0].data.dither must be one of "threshold", "floyd-steinberg", "atkinson" (got "ordered")'],
    ['raw with neither field', doc([{ type: 'raw', data: {} }]), 'RAW: commands[0].data must have exactly one of base64, hex'],
    ['raw with both fields', doc([{ type: 'raw', data: { hex: '1b', base64: 'Gw==' } }]), 'RAW: commands[0].data must have exactly one of base64, hex'],
    ['raw hex that is not hex', doc([{ type: 'raw', data: { hex: 'zz' } }]), 'RAW: commands[0].data.hex must be hex byte pairs (got "zz")'],
    ['a drawer pin 3', doc([{ type: 'drawer', data: { pin: 3 } }]), 'VALIDATION: commands[0].data.pin must be one of 2, 5 (got 3)'],
    ['a beep of 10', doc([{ type: 'beep', data: { times: 10 } }]), 'VALIDATION: commands[0].data.times must be 1..9'],
    ['a line of two characters', doc([{ type: 'line', data: { char: '=-' } }]), 'VALIDATION: commands[0].data.char must be a single character (got "=-")'],
    ['an unknown text field', doc([{ type: 'text', data: { text: 'a', colour: 'red' } }]), 'VALIDATION: commands[0].data.colour is not a known field'],
  ])('reports %s', (_name, datos, expected) => {
    expect(failure(datos)).toBe(expected);
  });

  it('accepts the README example, a root printer, a missing profile and data-less commands', () => {
    expect(validateDocument(exampleTicket()).commands.length).toBeGreaterThan(10);
    expect(validateDocument(doc([], { printer: 'cups:TM-T20' })).printer).toBe('cups:TM-T20');
    expect(validateDocument(doc([{ type: 'cut' }, { type: 'feed' }, { type: 'line' }, { type: 'beep' }, { type: 'drawer' }])).commands).toHaveLength(5);
    expect(validateDocument({ version: '1', commands: [] }).version).toBe('1');
    expect(validateDocument({ version: '1.12', commands: [] }).version).toBe('1.12');
  });
});
