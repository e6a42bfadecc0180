import { describe, expect, it } from 'vitest';
import { CODE_PAGES, type CodePage } from '../../src/shared/escpos/code-pages';
import { FONT_A, FONT_B, glyphMask, hasGlyph, REPLACEMENT_CHAR, type FontMetrics } from '../../src/shared/escpos/font';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import type { Raster } from '../../src/shared/escpos/raster';
import { readCells } from './raster-reading';

const UNASSIGNED = '\ufffd';
/** Characters a printer prints as blank paper (spaces, LRM, ZWJ…): nothing to draw. A soft hyphen prints as "-". */
const isBlank = (char: string): boolean => /[\s\p{Cf}]/u.test(char) && char !== '\u00ad';
/** The C1 control codes some ISO 8859 pages map 0x80–0x9F to are no characters: text never reaches them. */
const isControl = (char: string): boolean => /\p{Cc}/u.test(char);
const inkOf = (mask: Uint8Array): number => mask.reduce((sum, dot) => sum + dot, 0);
const sameDots = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((dot, index) => dot === b[index]);

function pageWith(text: string): CodePage {
  const page = CODE_PAGES.find((candidate) => [...text].every((char) => char.charCodeAt(0) < 0x80 || candidate.high.includes(char)));
  if (!page) throw new Error(`no code page holds all of ${text}`);
  return page;
}

/** ESC @, then each line as ESC t n (the page that holds it) + its bytes + LF: what an encoder sends. */
function bytesOf(lines: readonly string[], fontB = false): Uint8Array {
  const bytes = [0x1b, 0x40, 0x1b, 0x4d, fontB ? 1 : 0];
  for (const line of lines) {
    const page = pageWith(line);
    bytes.push(0x1b, 0x74, page.escT);
    for (const char of line) bytes.push(char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : 0x80 + page.high.indexOf(char));
    bytes.push(0x0a);
  }
  return Uint8Array.from(bytes);
}

function cellAt(raster: Raster, font: FontMetrics, x: number, y: number): Uint8Array {
  const cell = new Uint8Array(font.cellWidth * font.cellHeight);
  for (let row = 0; row < font.cellHeight; row++) {
    for (let column = 0; column < font.cellWidth; column++) cell[row * font.cellWidth + column] = raster.pixels[(y + row) * raster.width + x + column] ?? 0;
  }
  return cell;
}

describe('preview font: every character the encoder can send has a glyph', () => {
  it('has its own glyph for bytes 128–255 of every code page, none drawn as the replacement box or blank', () => {
    const box = glyphMask(REPLACEMENT_CHAR, FONT_A);
    const gaps: string[] = [];
    for (const page of CODE_PAGES) {
      [...page.high].forEach((char, index) => {
        if (char === UNASSIGNED || isControl(char)) return;
        const where = `${page.name} 0x${(0x80 + index).toString(16)} ${JSON.stringify(char)}`;
        const mask = glyphMask(char, FONT_A);
        if (!hasGlyph(char)) gaps.push(`${where}: no glyph`);
        else if (sameDots(mask, box)) gaps.push(`${where}: replacement box`);
        else if (!isBlank(char) && inkOf(mask) === 0) gaps.push(`${where}: no ink`);
      });
    }
    expect(CODE_PAGES.length).toBeGreaterThan(5);
    expect(gaps).toEqual([]);
  });

  it('draws whole alphabets and the symbols receipts use, each letter distinct', () => {
    const alphabets = [
      'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρςστυφχψωάέήίόύώ',
      'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюяЇїЄєІіЎў',
      'אבגדהוזחטיכלמנסעפצקרשת',
      'ŒœŁłĄąĘęŻżŹźĆćŃńŚśČčŘřŠšŽžŞşĞğİıŐőŰűĂăȘșȚț',
      '©®™€£¥§°±µ¶«»–—‘’“”•…₹₽₺',
      '─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬░▒▓█▄▀▌▐■',
    ];
    const box = glyphMask(REPLACEMENT_CHAR, FONT_B);
    for (const alphabet of alphabets) {
      const masks = [...alphabet].map((char) => ({ char, mask: glyphMask(char, FONT_B) }));
      for (const { char, mask } of masks) {
        expect(hasGlyph(char), char).toBe(true);
        expect(inkOf(mask), char).toBeGreaterThan(0);
        expect(sameDots(mask, box), char).toBe(false);
      }
      // A font that drew one shape for many letters would pass the checks above; the letters must differ.
      const distinct = new Set(masks.map(({ mask }) => mask.join('')));
      expect(distinct.size, alphabet).toBe(new Set(alphabet).size);
    }
  });

  it('still draws a character it has no glyph for as the replacement box, never as blank paper', () => {
    expect(hasGlyph('中')).toBe(false);
    expect(sameDots(glyphMask('中', FONT_A), glyphMask(REPLACEMENT_CHAR, FONT_A))).toBe(true);
    expect(inkOf(glyphMask('中', FONT_A))).toBeGreaterThan(20);
  });
});

describe('preview font: Greek, Cyrillic, Polish and symbols previewed from the printer bytes', () => {
  const lines = ['Greek: αΓπΣσΦΘΩδ', 'Счёт №42: Привет', 'Zażółć gęślą jaźń', 'Łódź © ™ €', 'Œuvre œ © ™ €'];

  for (const [label, font, fontB] of [['font A', FONT_A, false], ['font B', FONT_B, true]] as const) {
    it(`draws every character of each line in its cell with its own glyph (${label})`, () => {
      const raster = renderEscPos(bytesOf(lines, fontB), { width: 576 });
      const box = glyphMask(REPLACEMENT_CHAR, font);
      lines.forEach((line, lineIndex) => {
        const y = lineIndex * 30;
        [...line].forEach((char, index) => {
          const cell = cellAt(raster, font, index * font.cellWidth, y);
          expect(sameDots(cell, box), `${char} in "${line}" is the replacement box`).toBe(false);
          expect(sameDots(cell, glyphMask(char, font)), `${char} in "${line}"`).toBe(true);
          if (char !== ' ') expect(inkOf(cell), `${char} has ink`).toBeGreaterThan(0);
        });
      });
    });
  }

  it('reads the Spanish line back as before (ASCII and Latin-1 unchanged in meaning)', () => {
    const raster = renderEscPos(bytesOf(['¿Año? ¡Sí! Ñandú 5 €']), { width: 576 });
    expect(readCells(raster, { x: 0, y: 0, count: 20, font: FONT_A })).toBe('¿Año? ¡Sí! Ñandú 5 €');
  });
});
