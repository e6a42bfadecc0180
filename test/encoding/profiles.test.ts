import { describe, expect, it } from 'vitest';
import { encodeBarcode } from '../../src/main/services/encoding/commands/barcode-command';
import { EscPosWriter } from '../../src/main/services/encoding/escpos-writer';
import { JobBudget } from '../../src/main/services/encoding/job-budget';
import { dialectFor } from '../../src/main/services/encoding/printer-dialect';
import { wrapText } from '../../src/main/services/encoding/wrap-text';
import { DEFAULT_JOB_LIMITS } from '../../src/shared/document/job-limits';
import { paperGeometry } from '../../src/shared/document/paper';
import { profileFor } from '../../src/shared/printer-profiles/find-profile';
import { GENERIC_PROFILE, PRINTER_PROFILES } from '../../src/shared/printer-profiles/profiles';
import { JobError } from '../../src/shared/job-error';
import { greyPng, rasterBlocks } from './encode-helpers';
import { encodeFor, failureFor, linesOf, printedText } from './profile-helpers';

/** One model per family: generic, Epson 203 and 180 dpi, the clones, Sunmi, Bixolon, Citizen. */
const FAMILIES = [
  ['epson', 576, 48],
  ['TM-T20III', 576, 48],
  ['TM-T88VI', 512, 42],
  ['TM-m30III', 576, 48],
  ['Xprinter', 576, 48],
  ['POS-5890', 384, 32],
  ['Sunmi P2SE', 384, 32],
  ['Bixolon SRP-350III', 512, 42],
  ['Citizen CT-S310II', 576, 48],
] as const;

describe('printer profiles: names', () => {
  it.each([
    ['TM-T20II', 'epson-tm-t20ii'], ['tm-t20iii', 'epson-tm-t20iii'], ['Epson TM-T20IV', 'epson-tm-t20iv'],
    ['TM-T88II', 'epson-tm-t88ii'], ['TM-T88III', 'epson-tm-t88iii'], ['TM-T88IV', 'epson-tm-t88iv'], ['TM-T88V', 'epson-tm-t88v'],
    ['TM-T88VI', 'epson-tm-t88vi'], ['tm t88vii', 'epson-tm-t88vii'], ['TM-m30II', 'epson-tm-m30ii'], ['TM-m30III', 'epson-tm-m30iii'],
    ['TM-T70', 'epson-tm-t70'], ['SRP-350', 'bixolon-srp350'], ['CT-S310II', 'citizen-ct-s310ii'], ['xprinter', 'xprinter-xp-n160ii'],
    ['sunmi', 'sunmi'], ['POS-5890', 'pos-5890'], ['pos-8360', 'pos-8360'], ['epson', 'generic'], ['generic', 'generic'],
    ['Some Unknown Printer', 'generic'], ['Star TSP100', 'star-tsp100iv'], ['TSP650', 'star-tsp650'], ['TSP650II', 'star-tsp650ii'], ['Star SP742', 'star'],
  ])('"%s" picks %s', (name, id) => {
    expect(profileFor(name).id).toBe(id);
  });

  it('has the Star models in the table, as Star languages', () => {
    const star = PRINTER_PROFILES.filter((profile) => profile.id.startsWith('star'));
    expect(star.length).toBeGreaterThanOrEqual(5);
    for (const profile of star) expect(profile.commandSet).not.toBe('escpos');
  });
});

describe('printer profiles: layout from the profile', () => {
  it('gives the TM-T88 family 512 dots, 42 columns in font A and 56 in font B at 80 mm', () => {
    for (const model of ['TM-T88IV', 'TM-T88V', 'TM-T88VI', 'TM-T88VII']) {
      expect(paperGeometry(80, profileFor(model))).toMatchObject({ dots: 512, columnsA: 42, columnsB: 56 });
    }
    expect(paperGeometry(80, GENERIC_PROFILE)).toMatchObject({ dots: 576, columnsA: 48, columnsB: 64 });
    expect(paperGeometry(58, GENERIC_PROFILE)).toMatchObject({ dots: 384, columnsA: 32, columnsB: 42 });
  });

  it.each(FAMILIES)('%s: a line of exactly its columns stays one line, one more wraps', (model, _dots, columns) => {
    const full = 'x'.repeat(columns);
    expect(linesOf(printedText(model, encodeFor(model, [{ type: 'text', data: { text: full } }])))).toEqual([full]);
    expect(linesOf(printedText(model, encodeFor(model, [{ type: 'text', data: { text: `${full}y` } }])))).toEqual([full, 'y']);
    expect(linesOf(printedText(model, encodeFor(model, [{ type: 'line' }])))).toEqual(['-'.repeat(columns)]);
  });

  it.each(FAMILIES)('%s: a full-width image fills its %i dots, a wider one is scaled to them', (model, dots) => {
    const fits = rasterBlocks(encodeFor(model, [{ type: 'image', data: { image: greyPng(dots, 8, 0).toString('base64') } }]));
    expect(fits[0]?.bytesWide).toBe(dots / 8);
    const wide = rasterBlocks(encodeFor(model, [{ type: 'image', data: { image: greyPng(800, 8, 0).toString('base64') } }]));
    expect(wide[0]?.bytesWide).toBe(dots / 8);
    expect(failureFor(model, [{ type: 'image', data: { image: greyPng(8, 8, 0).toString('base64'), width: dots + 8 } }])).toBe(
      `IMAGE: commands[0].data.width ${dots + 8} is wider than the paper (${dots} dots)`,
    );
  });

  it.each(FAMILIES)('%s: QR codes and barcodes up to its %i dots print, wider ones are refused', (model, dots) => {
    // "hola" is a 21-module QR: the largest module size that fits the paper prints, one more is refused.
    const fits = Math.min(16, Math.floor(dots / 21));
    expect(encodeFor(model, [{ type: 'qr', data: { data: 'hola', size: fits } }]).length).toBeGreaterThan(2);
    const wide = Math.floor(dots / 21) + 1;
    if (wide <= 16) expect(failureFor(model, [{ type: 'qr', data: { data: 'hola', size: wide } }])).toMatch(new RegExp(`the paper has ${dots} `));
    for (const [symbology, data] of [['EAN13', '400638133393'], ['CODE128', 'TICKET-42'], ['CODE39', 'ABC'], ['UPC_A', '03600029145']]) {
      expect(encodeFor(model, [{ type: 'barcode', data: { symbology, data } }]).length).toBeGreaterThan(2);
    }
    expect(failureFor(model, [{ type: 'barcode', data: { symbology: 'CODE128', data: 'X'.repeat(40), width: 3 } }])).toMatch(new RegExp(`the paper has ${dots}$`));
  });

  it('uses the printer model set in the window unless the document names a specific model', () => {
    const text = [{ type: 'text', data: { text: 'x'.repeat(48) } }];
    expect(linesOf(printedText('TM-T88VI', encodeFor('epson', text, { printerModel: 'epson-tm-t88vi' })))).toEqual(['x'.repeat(42), 'x'.repeat(6)]);
    expect(linesOf(printedText('TM-T20III', encodeFor('TM-T20III', text, { printerModel: 'epson-tm-t88vi' })))).toEqual(['x'.repeat(48)]);
  });
});

describe('printer profiles: code pages', () => {
  const HIGH = [{ type: 'text', data: { text: 'Cafetería La Ñora' } }, { type: 'cut', data: { feed: 0 } }, { type: 'text', data: { text: 'Año 5 €' } }];

  it.each(FAMILIES)('%s: states ESC t before the first high byte after every ESC @ (start and after each cut)', (model) => {
    const bytes = encodeFor(model, HIGH);
    // printedText throws on a high byte with no ESC t since the last ESC @.
    expect(linesOf(printedText(model, bytes).replaceAll('\u001dV\u0000', '\n'))).toEqual(['Cafetería La Ñora', 'Año 5 €']);
    expect(bytes.filter((byte, index) => byte === 0x1b && bytes[index + 1] === 0x40)).toHaveLength(2);
  });

  it('cancels Chinese mode (FS .) after every ESC @ on the clones, and only there', () => {
    const clone = encodeFor('POS-8360', HIGH);
    const resets = clone.flatMap((byte, index) => (byte === 0x1b && clone[index + 1] === 0x40 ? [index] : []));
    for (const at of resets) expect(clone.slice(at + 2, at + 4)).toEqual([0x1c, 0x2e]);
    const epson = encodeFor('TM-T88VI', HIGH);
    expect(epson.some((byte, index) => byte === 0x1c && epson[index + 1] === 0x2e)).toBe(false);
  });

  const SAMPLES = ['Καλημέρα, τι κάνετε;', 'Привет, как дела? Щука', 'Zażółć gęślą jaźń', 'Příliš žluťoučký kůň úpěl', 'Çağrı ığdır şişe İstanbul öğün'];

  it.each(['TM-T88VI', 'TM-T20III', 'POS-8360', 'Sunmi P2SE'])('%s prints Greek, Cyrillic, Polish, Czech and Turkish as text, with no ?', (model) => {
    for (const text of SAMPLES) {
      const bytes = encodeFor(model, [{ type: 'text', data: { text } }]);
      expect(rasterBlocks(bytes), `${model}: ${text} drawn instead of printed`).toEqual([]);
      expect(linesOf(printedText(model, bytes)).join(' ')).toBe(text);
    }
  });

  it('draws what the model has no page for: Turkish on an Xprinter, which lacks CP857 and WPC1254', () => {
    for (const text of SAMPLES.slice(0, 4)) expect(linesOf(printedText('Xprinter', encodeFor('Xprinter', [{ type: 'text', data: { text } }]))).join(' ')).toBe(text);
    expect(rasterBlocks(encodeFor('Xprinter', [{ type: 'text', data: { text: SAMPLES[4] } }])).length).toBeGreaterThan(0);
  });

  it("numbers pages the model's own way: Greek is ESC t 14 on Epson, 24 on Xprinter", () => {
    expect(encodeFor('TM-T88VI', [{ type: 'text', data: { text: 'λ' } }]).slice(2, 5)).toEqual([0x1b, 0x74, 14]);
    expect(encodeFor('Xprinter', [{ type: 'text', data: { text: 'λ' } }]).slice(4, 7)).toEqual([0x1b, 0x74, 24]);
  });

  it('draws Greek on a profile without a Greek page (the generic one), instead of printing ?', () => {
    const bytes = encodeFor('epson', [{ type: 'text', data: { text: 'Καλημέρα' } }]);
    expect(rasterBlocks(bytes).length).toBeGreaterThan(0);
    expect(bytes.some((byte, index) => byte === 0x1b && bytes[index + 1] === 0x74)).toBe(false);
  });

  it('drops invisible characters: BOM, zero-width space and joiners, word joiner, variation selectors', () => {
    const plain = encodeFor('epson', [{ type: 'text', data: { text: 'Café ❤ ok' } }]);
    const hidden = encodeFor('epson', [{ type: 'text', data: { text: '\ufeffCa\u200bf\u200cé\u200d \u2764\ufe0f o\u2060k' } }]);
    expect(hidden).toEqual(plain);
    const table = encodeFor('TM-T88VI', [{ type: 'table', data: { columns: [{}, {}], rows: [['\ufeffAgua\u200b', '1']] } }]);
    expect(table).not.toContain(0x3f);
    expect(rasterBlocks(table)).toEqual([]);
  });

  it('breaks a word at a soft hyphen only at the end of a line, printed there as -', () => {
    expect(wrapText('Kaffee\u00adhaus\u00adbesitzer', 12)).toEqual(['Kaffeehaus-', 'besitzer']);
    expect(wrapText('Kaf\u00adfee und Kuchen', 20)).toEqual(['Kaffee und Kuchen']);
    expect(wrapText('ein Donau\u00addampf\u00adschiff', 12)).toEqual(['ein Donau-', 'dampfschiff']);
    const bytes = encodeFor('TM-T88VI', [{ type: 'text', data: { text: `${'x'.repeat(37)} Rha\u00adbar\u00adber` } }]);
    expect(linesOf(printedText('TM-T88VI', bytes))).toEqual([`${'x'.repeat(37)} Rha-`, 'barber']);
  });
});

describe('printer profiles: commands', () => {
  it.each([
    ['TM-T20III', { times: 2, duration: 3 }, [0x1b, 0x28, 0x41, 4, 0, 0x30, 49, 2, 6]],
    ['TM-T88VI', {}, [0x1b, 0x28, 0x41, 4, 0, 0x30, 49, 1, 2]],
    ['Xprinter', { times: 2, duration: 3 }, [0x1b, 0x42, 2, 3]],
    ['POS-5890', { times: 9, duration: 9 }, [0x1b, 0x42, 8, 8]],
    ['epson', { times: 2, duration: 3 }, [0x1b, 0x42, 2, 3]],
  ])('%s beeps with its own command: %j', (model, data, expected) => {
    const bytes = encodeFor(model, [{ type: 'beep', data }]);
    expect(bytes.slice(bytes.length - expected.length)).toEqual(expected);
    // Never a TAB or LF as a bare ESC B parameter.
    if (expected[1] === 0x42) expect(bytes.slice(-2).every((byte) => byte >= 1 && byte <= 8)).toBe(true);
  });

  it.each(['Sunmi P2SE', 'SRP-350', 'TM-T88III'])('refuses beep on %s, which has no buzzer, with VALIDATION', (model) => {
    expect(failureFor(model, [{ type: 'beep' }])).toMatch(/^VALIDATION: commands\[0\]: the .+ profile has no buzzer/);
  });

  it('refuses a QR code on a model without QR (TM-T88III) with QR', () => {
    expect(failureFor('TM-T88III', [{ type: 'qr', data: { data: 'hola' } }])).toBe('QR: commands[0]: the Epson TM-T88III cannot print QR codes; print the link as text or an image');
  });

  it('refuses a symbology the profile lacks with BARCODE', () => {
    const profile = { ...GENERIC_PROFILE, name: 'Test printer', symbologies: ['EAN13'] as const };
    const writer = new EscPosWriter(dialectFor(profile), profile);
    const context = { writer, paper: paperGeometry(80, profile), path: 'commands[0]', category: 'BARCODE' as const, safeMode: true, limits: DEFAULT_JOB_LIMITS, budget: new JobBudget(DEFAULT_JOB_LIMITS) };
    expect(() => encodeBarcode(context, { symbology: 'CODE39', data: 'ABC' })).toThrow(new JobError('BARCODE', 'commands[0].data.symbology CODE39 is not printed by the Test printer (it has: EAN13)'));
    expect(() => encodeBarcode(context, { symbology: 'EAN13', data: '400638133393' })).not.toThrow();
  });

  it('adds no blank line after a barcode', () => {
    const bytes = encodeFor('TM-T20III', [{ type: 'barcode', data: { symbology: 'CODE39', data: 'A', hri: 'none' } }, { type: 'text', data: { text: 'B' } }]);
    const symbol = bytes.findIndex((byte, index) => byte === 0x1d && bytes[index + 1] === 0x6b);
    expect(bytes.slice(symbol, symbol + 5)).toEqual([0x1d, 0x6b, 69, 1, 0x41]);
    expect(bytes.slice(symbol + 5)).toEqual([0x1b, 0x61, 0, 0x42, 0x0a]);
  });

  it('encodes Star Line Mode and StarPRNT profiles in Star commands (ESC d 2 cuts, not GS V)', () => {
    expect(encodeFor('Star TSP650', [{ type: 'cut' }])).toEqual([0x1b, 0x40, 0x1b, 0x64, 2]);
    expect(encodeFor('mC-Print2', [{ type: 'cut' }])).toEqual([0x1b, 0x40, 0x1b, 0x64, 2]);
  });
});
