import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { checkSafeMode, safeModeProblem, type SafeModeCheck } from '../../src/main/services/encoding/safe-mode';
import { tokenize } from '../../src/shared/escpos/parse-escpos';
import { JobError } from '../../src/shared/job-error';
import { seededRandom } from '../support/seeded-random';

/**
 * The allow-list, entry by entry: what passes (and splits exactly as the preview splits it), what is refused by name,
 * what is refused for a parameter out of range or for being cut short; then random bytes against all of it.
 */

const hex = (text: string): Uint8Array => Uint8Array.from((text.replace(/\s/g, '').match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

const repeat = (byte: string, count: number): string => Array.from({ length: count }, () => byte).join(' ');

/** GS v 0 / GS ( L fn 112 data rows. */
const data = (count: number): string => repeat('AA', count);

/**
 * One command each, every entry of the allow-list with parameters at the edges of its range. Each must pass alone,
 * split exactly like this in the preview's tokenizer, and be refused when cut short at any byte.
 */
const ALLOWED: ReadonlyArray<readonly [name: string, hex: string]> = [
  ['HT', '09'],
  ['LF', '0A'],
  ['FF', '0C'],
  ['CR', '0D'],
  ['CAN', '18'],
  ['ESC SP', '1B 20 FF'],
  ['ESC !', '1B 21 B9'],
  ['ESC $', '1B 24 40 01'],
  ['ESC %', '1B 25 01'],
  ['ESC &', `1B 26 03 41 42 02 ${repeat('FF', 6)} 0C ${repeat('0F', 36)}`],
  ['ESC ( A', '1B 28 41 04 00 30 01 03 0A'],
  ['ESC ( A', '1B 28 41 05 00 61 64 03 05 05'],
  ['ESC *', '1B 2A 00 03 00 FF 81 FF'],
  ['ESC *', '1B 2A 21 02 00 FF FF FF 00 00 00'],
  ['ESC *', `1B 2A 01 FF 03 ${repeat('00', 1023)}`],
  ['ESC -', '1B 2D 32'],
  ['ESC 2', '1B 32'],
  ['ESC 3', '1B 33 40'],
  ['ESC ?', '1B 3F 41'],
  ['ESC @', '1B 40'],
  ['ESC B', '1B 42 09 09'],
  ['ESC D', '1B 44 08 10 18 00'],
  ['ESC D', `1B 44 ${Array.from({ length: 32 }, (_, index) => (index + 1).toString(16).padStart(2, '0')).join(' ')} 00`],
  ['ESC D', '1B 44 00'],
  ['ESC E', '1B 45 01'],
  ['ESC G', '1B 47 01'],
  ['ESC J', '1B 4A 18'],
  ['ESC M', '1B 4D 31'],
  ['ESC R', '1B 52 07'],
  ['ESC U', '1B 55 01'],
  ['ESC V', '1B 56 01'],
  ['ESC \\', '1B 5C 00 01'],
  ['ESC a', '1B 61 32'],
  ['ESC c 3', '1B 63 33 0F'],
  ['ESC c 4', '1B 63 34 01'],
  ['ESC c 5', '1B 63 35 00'],
  ['ESC d', '1B 64 05'],
  ['ESC e', '1B 65 01'],
  ['ESC i', '1B 69'],
  ['ESC m', '1B 6D'],
  ['ESC p', '1B 70 01 19 FA'],
  ['ESC r', '1B 72 01'],
  ['ESC t', '1B 74 13'],
  ['ESC t', '1B 74 FF'],
  ['ESC {', '1B 7B 01'],
  ['GS !', '1D 21 77'],
  ['GS $', '1D 24 10 00'],
  ['GS ( D', '1D 28 44 05 00 14 01 00 02 00'],
  ['GS ( K', '1D 28 4B 02 00 31 FA'],
  ['GS ( K', '1D 28 4B 02 00 32 0D'],
  ['GS ( L', '1D 28 4C 04 00 30 31 33 33'],
  ['GS ( L', '1D 28 4C 02 00 30 32'],
  ['GS ( L', '1D 28 4C 06 00 30 45 20 7E 02 02'],
  ['GS ( L', '1D 28 4C 06 00 30 55 41 42 01 01'],
  ['GS ( L', `1D 28 4C 0E 00 30 70 30 02 02 31 0F 00 02 00 ${data(4)}`],
  ['GS ( L', `1D 28 4C 0E 00 30 71 30 01 01 31 04 00 08 00 ${data(4)}`],
  ['GS ( k', '1D 28 6B 04 00 31 41 32 00'],
  ['GS ( k', '1D 28 6B 03 00 31 43 10'],
  ['GS ( k', '1D 28 6B 03 00 31 45 33'],
  ['GS ( k', '1D 28 6B 06 00 31 50 30 41 42 43'],
  ['GS ( k', '1D 28 6B 03 00 31 51 30'],
  ['GS ( k', '1D 28 6B 03 00 30 41 1E'],
  ['GS ( k', '1D 28 6B 03 00 30 42 5A'],
  ['GS ( k', '1D 28 6B 03 00 30 43 08'],
  ['GS ( k', '1D 28 6B 03 00 30 44 02'],
  ['GS ( k', '1D 28 6B 04 00 30 45 30 38'],
  ['GS ( k', '1D 28 6B 04 00 30 45 31 28'],
  ['GS ( k', '1D 28 6B 03 00 30 46 01'],
  ['GS ( k', '1D 28 6B 05 00 30 50 30 41 42'],
  ['GS ( k', '1D 28 6B 03 00 30 51 30'],
  ['GS *', `1D 2A 01 01 ${data(8)}`],
  ['GS /', '1D 2F 33'],
  ['GS 8 L', `1D 38 4C 0E 00 00 00 30 70 30 01 01 31 10 00 02 00 ${data(4)}`],
  ['GS B', '1D 42 01'],
  ['GS H', '1D 48 02'],
  ['GS I', '1D 49 43'],
  ['GS L', '1D 4C 20 00'],
  ['GS P', '1D 50 B4 B4'],
  ['GS T', '1D 54 01'],
  ['GS V', '1D 56 00'],
  ['GS V', '1D 56 31'],
  ['GS V', '1D 56 42 10'],
  ['GS V', '1D 56 68 10'],
  ['GS W', '1D 57 40 02'],
  ['GS \\', '1D 5C 10 00'],
  ['GS b', '1D 62 01'],
  ['GS f', '1D 66 01'],
  ['GS h', '1D 68 50'],
  ['GS k', '1D 6B 00 30 31 32 33 34 35 36 37 38 39 30 00'],
  ['GS k', '1D 6B 02 34 30 30 36 33 38 31 33 33 33 39 33 31 00'],
  ['GS k', '1D 6B 04 2A 41 2D 31 20 24 2F 2B 25 2E 2A 00'],
  ['GS k', '1D 6B 05 31 32 33 34 00'],
  ['GS k', '1D 6B 06 41 31 32 3A 24 61 00'],
  ['GS k', '1D 6B 41 0B 30 31 32 33 34 35 36 37 38 39 30'],
  ['GS k', '1D 6B 42 06 31 32 33 34 35 36'],
  ['GS k', '1D 6B 43 0C 34 30 30 36 33 38 31 33 33 33 39 33'],
  ['GS k', '1D 6B 44 07 31 32 33 34 35 36 37'],
  ['GS k', '1D 6B 45 03 41 42 43'],
  ['GS k', '1D 6B 46 04 31 32 33 34'],
  ['GS k', '1D 6B 47 05 41 31 32 33 42'],
  ['GS k', '1D 6B 48 03 41 00 7F'],
  ['GS k', '1D 6B 49 06 7B 43 00 0C 38 63'],
  ['GS k', '1D 6B 4A 06 7B 31 30 31 32 33'],
  ['GS k', '1D 6B 4B 0D 30 31 32 33 34 35 36 37 38 39 30 31 32'],
  ['GS k', '1D 6B 4E 04 30 31 32 33'],
  ['GS r', '1D 72 31'],
  ['GS v 0', `1D 76 30 00 02 00 02 00 ${data(4)}`],
  ['GS v 0', `1D 76 30 33 01 00 01 00 ${data(1)}`],
  ['GS w', '1D 77 06'],
  ['FS !', '1C 21 0C'],
  ['FS &', '1C 26'],
  ['FS -', '1C 2D 01'],
  ['FS .', '1C 2E'],
  ['FS C', '1C 43 01'],
  ['FS S', '1C 53 02 02'],
  ['FS W', '1C 57 01'],
  ['FS p', '1C 70 01 30'],
  ['DLE EOT', '10 04 04'],
  ['DLE DC4 1', '10 14 01 00 08'],
];

/** What safe mode refuses outright, whatever the parameters, with the reason it gives. */
const REFUSED: ReadonlyArray<readonly [hex: string, name: string, reason: string]> = [
  ['1D 28 45 03 00 01 49 4E', 'GS ( E', "it writes the printer's stored memory or settings"],
  ['1D 28 4D 02 00 01 31', 'GS ( M', "it writes the printer's stored memory or settings"],
  ['1D 28 43 05 00 00 30 00 00 00', 'GS ( C', "it writes the printer's stored memory or settings"],
  ['1C 71 01 01 00 01 00 FF FF FF FF FF FF FF FF', 'FS q', "it writes the printer's stored memory or settings"],
  ['1C 67 31 00 00 00 00 00 01 00 41', 'FS g 1', "it writes the printer's stored memory or settings"],
  ['1D 28 4C 05 00 30 42 30 20 20', 'GS ( L', "it writes the printer's stored memory or settings"],
  ['1D 38 4C 06 00 00 00 30 44 30 20 20 01', 'GS 8 L', "it writes the printer's stored memory or settings"],
  ['1D 67 30 00 14 00', 'GS g 0', "it writes the printer's stored memory or settings"],
  ['1D 28 41 02 00 00 02', 'GS ( A', "it runs the printer's self-test"],
  ['10 14 02 01 08', 'DLE DC4 2', 'it turns the printer off'],
  ['10 14 08 01 03 14 01 06 02 08', 'DLE DC4 8', "it clears the printer's buffers, dropping what was sent before it"],
  ['10 05 02', 'DLE ENQ', "it is a real-time error recovery request, which restarts printing or clears the printer's buffers"],
  ['1B 3D 02', 'ESC =', 'it sends the bytes after it to another device instead of the printer'],
  ['1D 28 44 03 00 14 02 31', 'GS ( D', 'it enables the real-time power-off command (DLE DC4 2)'],
  ['1D 3A', 'GS :', 'it defines or runs a macro, which outlives the job and which safe mode cannot check'],
  ['1D 5E 01 00 00', 'GS ^', 'it defines or runs a macro, which outlives the job and which safe mode cannot check'],
  ['1B 7A 01', 'ESC z', 'it is not a command safe mode knows'],
  ['1B 4C', 'ESC L', 'it is not a command safe mode knows'],
  ['1B 75 00', 'ESC u', 'it is not a command safe mode knows'],
  ['1B 28 59 02 00 00 00', 'ESC ( Y', 'it is not a command safe mode knows'],
  ['1D 28 48 06 00 30 30 30 30 30 30', 'GS ( H', 'it is not a command safe mode knows'],
  ['1D 28 4E 02 00 30 31', 'GS ( N', 'it is not a command safe mode knows'],
  ['1D 61 FF', 'GS a', 'it is not a command safe mode knows'],
  ['1D 67 32 00 14 00', 'GS g', 'it is not a command safe mode knows'],
  ['1D 76 31 00', 'GS v', 'it is not a command safe mode knows'],
  ['1C 28 43 02 00 30 02', 'FS ( C', 'it is not a command safe mode knows'],
  ['1C 32 7E 21 00', 'FS 2', 'it is not a command safe mode knows'],
  ['1C 67 32 00 00 00 00 00 01 00', 'FS g', 'it is not a command safe mode knows'],
  ['10 14 07 01', 'DLE DC4 7', 'it is not a command safe mode knows'],
  ['10 15', 'DLE NAK', 'it is not a command safe mode knows'],
  ['07', 'BEL', 'it is not a command safe mode knows'],
  ['7F', 'DEL', 'it is not a command safe mode knows'],
  ['1E', 'RS', 'it is not a command safe mode knows'],
];

/** Allow-listed commands with one parameter out of range, and the reason safe mode gives. */
const OUT_OF_RANGE: ReadonlyArray<readonly [hex: string, name: string, reason: string]> = [
  ['1B 2A 02 02 00 FF FF', 'ESC *', 'parameter m = 2 is out of range (0, 1, 32, 33)'],
  ['1B 2A 00 00 04', 'ESC *', 'parameter nH = 4 is out of range (0–3)'],
  ['1B 2A 00 00 00', 'ESC *', 'parameter nL + nH × 256 = 0 is out of range (1–1023)'],
  ['1B 26 04 41 41 01 FF', 'ESC &', 'parameter y = 4 is out of range (2–3)'],
  ['1B 26 03 42 41', 'ESC &', 'parameter c2 = 65 is out of range (66–126)'],
  ['1B 26 03 41 41 0D', 'ESC &', 'parameter x (character 65) = 13 is out of range (0–12)'],
  ['1B 2D 03', 'ESC -', 'parameter n = 3 is out of range (0, 1, 2, 48, 49, 50)'],
  ['1B 42 0A 01', 'ESC B', 'parameter n = 10 is out of range (1–9)'],
  ['1B 44 10 08 00', 'ESC D', 'parameter n2 = 8 is out of range (17–255)'],
  ['1B 4D 05', 'ESC M', 'parameter n = 5 is out of range (0, 1, 2, 48, 49, 50)'],
  ['1B 52 20', 'ESC R', 'parameter n = 32 is out of range (0–17, 66–75, 82)'],
  ['1B 61 03', 'ESC a', 'parameter n = 3 is out of range (0, 1, 2, 48, 49, 50)'],
  ['1B 63 30 00', 'ESC c', 'parameter fn = 48 is out of range (51, 52, 53)'],
  ['1B 70 02 19 FA', 'ESC p', 'parameter m = 2 is out of range (0, 1, 48, 49)'],
  ['1B 74 09', 'ESC t', 'parameter n = 9 is out of range (0–8, 11–26, 30–53, 66–75, 82, 254, 255)'],
  ['1B 28 41 04 00 31 01 03 0A', 'ESC ( A', 'parameter fn = 49 is out of range (48, 97)'],
  ['1B 28 41 05 00 30 01 03 0A 00', 'ESC ( A', 'parameter pL + pH × 256 = 5 is out of range (4)'],
  ['1D 21 08', 'GS !', 'parameter n = 8 is out of range (width and height 0–7)'],
  ['1D 28 4B 02 00 31 07', 'GS ( K', 'parameter n = 7 is out of range (0–6, 250–255)'],
  ['1D 28 4C 02 00 30 30', 'GS ( L', 'parameter fn = 48 is out of range (1, 2, 49, 50, 69, 85, 112, 113)'],
  ['1D 28 4C 03 00 30 32 00', 'GS ( L', 'parameter pL + pH × 256 = 3 is out of range (2)'],
  ['1D 28 4C 0C 00 30 70 30 01 01 31 10 00 02 00 FF FF', 'GS ( L', 'parameter pL + pH × 256 = 12 is out of range (14)'],
  ['1D 28 4C 0B 00 30 70 30 03 01 31 08 00 01 00 FF', 'GS ( L', 'parameter bx = 3 is out of range (1, 2)'],
  ['1D 28 4C 0B 00 31 32', 'GS ( L', 'parameter m = 49 is out of range (48)'],
  ['1D 28 6B 03 00 32 41 00', 'GS ( k', 'parameter cn = 50 is out of range (48, 49)'],
  ['1D 28 6B 03 00 31 52 30', 'GS ( k', 'parameter fn = 82 is out of range (65, 67, 69, 80, 81)'],
  ['1D 28 6B 03 00 31 43 11', 'GS ( k', 'parameter n (module size) = 17 is out of range (1–16)'],
  ['1D 28 6B 04 00 31 43 08 00', 'GS ( k', 'parameter pL + pH × 256 = 4 is out of range (3)'],
  ['1D 28 6B 03 00 31 50 30', 'GS ( k', 'parameter pL + pH × 256 = 3 is out of range (4–7092)'],
  ['1D 28 6B 03 00 30 42 02', 'GS ( k', 'parameter n (rows) = 2 is out of range (0, 3–90)'],
  ['1D 2A 21 30', 'GS *', 'parameter x × y = 1584 is out of range (1–1536)'],
  ['1D 2A 01 31', 'GS *', 'parameter y = 49 is out of range (1–48)'],
  ['1D 48 04', 'GS H', 'parameter n = 4 is out of range (0, 1, 2, 3, 48, 49, 50, 51)'],
  ['1D 56 02', 'GS V', 'parameter m = 2 is out of range (0, 1, 48, 49, 65, 66, 97, 98, 103, 104)'],
  ['1D 68 00', 'GS h', 'parameter n = 0 is out of range (1–255)'],
  ['1D 77 07', 'GS w', 'parameter n = 7 is out of range (1–6)'],
  ['1D 6B 07 31 00', 'GS k', 'parameter m = 7 is out of range (0–6, 65–78)'],
  ['1D 6B 02 31 32 33 00', 'GS k', 'parameter k (bytes before NUL) = 3 is out of range (12–13)'],
  ['1D 6B 05 31 32 33 00', 'GS k', 'parameter k (bytes before NUL) = 3 is out of range (even, 2–254)'],
  ['1D 6B 43 0C 34 30 30 36 33 38 31 33 1B 33 39 33', 'GS k', 'parameter d9 = 27 is out of range (48–57)'],
  ['1D 6B 49 03 41 42 43', 'GS k', 'parameter d1 = 65 is out of range (123)'],
  ['1D 6B 49 03 7B 44 43', 'GS k', 'parameter d2 = 68 is out of range (65, 66, 67)'],
  ['1D 6B 48 02 41 80', 'GS k', 'parameter d2 = 128 is out of range (0–127)'],
  ['1D 76 30 04 01 00 01 00 FF', 'GS v 0', 'parameter m = 4 is out of range (0, 1, 2, 3, 48, 49, 50, 51)'],
  ['1D 76 30 00 00 00 01 00', 'GS v 0', 'parameter xL + xH × 256 = 0 is out of range (1–256)'],
  ['1D 76 30 00 01 00 00 09', 'GS v 0', 'parameter yL + yH × 256 = 2304 is out of range (1–2303)'],
  ['1C 70 00 30', 'FS p', 'parameter n = 0 is out of range (1–255)'],
  ['10 04 05', 'DLE EOT', 'parameter n = 5 is out of range (1–4)'],
  ['10 14 01 02 01', 'DLE DC4 1', 'parameter m = 2 is out of range (0, 1)'],
  ['10 14 01 00 09', 'DLE DC4 1', 'parameter t = 9 is out of range (1–8)'],
];

const refusalOf = (check: SafeModeCheck): { name: string; offset: number; reason: string } | undefined =>
  check.ok ? undefined : { name: check.refusal.name, offset: check.refusal.offset, reason: check.refusal.reason };

const concat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => [...part]));

/** Token boundaries of the preview's tokenizer, to compare with what safe mode checked. */
const tokenSpans = (bytes: Uint8Array): string[] => [...tokenize(bytes)].map((token) => `${token.start}-${token.end}`);

describe('safe mode allow-list', () => {
  it.each(ALLOWED)('passes %s (entry %#)', (name, text) => {
    const bytes = hex(text);
    expect(checkSafeMode(bytes)).toEqual({ ok: true, commands: [{ name, start: 0, end: bytes.length }] });
    // The preview reads the same command over the same bytes, so what safe mode checked is what it shows.
    const tokens = [...tokenize(bytes)];
    expect(tokens.map(({ start, end, effect }) => ({ start, end, known: effect !== 'unknown' }))).toEqual([{ start: 0, end: bytes.length, known: true }]);
  });

  it.each(REFUSED)('refuses %s as %s', (text, name, reason) => {
    expect(refusalOf(checkSafeMode(hex(text)))).toEqual({ name, offset: 0, reason });
  });

  it.each(OUT_OF_RANGE)('refuses %s (%s with a parameter out of range)', (text, name, reason) => {
    expect(refusalOf(checkSafeMode(hex(text)))).toEqual({ name, offset: 0, reason });
  });

  it('refuses every allowed command cut short at any byte, as cut short', () => {
    let cuts = 0;
    for (const [name, text] of ALLOWED) {
      const bytes = hex(text);
      for (let length = 1; length < bytes.length; length++) {
        const refusal = refusalOf(checkSafeMode(bytes.subarray(0, length)));
        expect(refusal, `${name} cut to ${length} bytes`).toMatchObject({ offset: 0, reason: expect.stringMatching(/^it is cut short at the end of the data \(/) });
        cuts++;
      }
    }
    expect(cuts).toBeGreaterThan(1500);
  });

  it('shows at most 8 bytes, from the refused command on', () => {
    expect(safeModeProblem(hex('41 0A 1D 28 45 10 00 05 00 00 00 00 00 00 00 00 00 00 00'))).toBe(
      "safe mode refuses GS ( E at byte 2 (1D 28 45 10 00 05 00 00): it writes the printer's stored memory or settings",
    );
    expect(safeModeProblem(hex('10 14 02 01 08 41 42 43 44'))).toBe('safe mode refuses DLE DC4 2 at byte 0 (10 14 02 01 08): it turns the printer off');
  });
});

/** Deterministic random numbers (mulberry32), so a failure reproduces. */
function randomSource(seed: number): { next(): number; int(below: number): number; pick<T>(items: readonly T[]): T } {
  const next = seededRandom(seed);
  const int = (below: number): number => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)] as (typeof items)[number] };
}

/** Bytes heavy in command prefixes and small numbers, the ones that make parsers take wrong turns. */
function randomBytes(random: ReturnType<typeof randomSource>, length: number): Uint8Array {
  const interesting = [0x1b, 0x1d, 0x1c, 0x10, 0x14, 0x28, 0x2a, 0x00, 0x01, 0x02, 0x08, 0x0a, 0x30, 0x31, 0x45, 0x4c, 0x6b, 0x76, 0xff];
  return Uint8Array.from({ length }, () => (random.next() < 0.4 ? random.pick(interesting) : random.int(256)));
}

const TEXT_SAMPLES = [Uint8Array.from(Buffer.from('Hola ', 'latin1')), Uint8Array.from(Buffer.from('Ñandú 3,50 €', 'latin1'))];
const VALID_PARTS = [...ALLOWED.map(([, text]) => hex(text)), ...TEXT_SAMPLES];

/** A random run of allowed commands and text: safe mode passes all of it. */
const validRun = (random: ReturnType<typeof randomSource>): Uint8Array =>
  concat(...Array.from({ length: random.int(12) }, () => random.pick(VALID_PARTS)));

const GS_PAREN_E = hex('1D 28 45 03 00 06 01 00');

describe('safe mode against random bytes', () => {
  it('never throws: random bytes pass as whole commands or are refused at a byte inside them', () => {
    const random = randomSource(1);
    for (let round = 0; round < 3000; round++) {
      const bytes = randomBytes(random, 1 + random.int(64));
      let check: SafeModeCheck | undefined;
      expect(() => (check = checkSafeMode(bytes))).not.toThrow();
      if (!check) throw new Error('unreachable');
      if (check.ok) {
        let covered = 0;
        for (const command of check.commands) {
          expect(command.start).toBe(covered);
          expect(command.end).toBeGreaterThan(command.start);
          covered = command.end;
        }
        expect(covered).toBe(bytes.length);
      } else {
        expect(check.refusal.offset).toBeGreaterThanOrEqual(0);
        expect(check.refusal.offset).toBeLessThan(bytes.length);
        expect([...check.refusal.shown]).toEqual([...bytes.subarray(check.refusal.offset, check.refusal.offset + check.refusal.shown.length)]);
        expect(safeModeProblem(bytes)).toMatch(/^safe mode refuses \S.* at byte \d+ \([0-9A-F]{2}( [0-9A-F]{2}){0,7}\): (it|parameter) .+$/);
      }
    }
  });

  it('never lets GS ( E through after random bytes, at any offset', () => {
    const random = randomSource(2);
    for (let round = 0; round < 5000; round++) {
      // Allowed commands first, so the random bytes are read from many different states.
      const prefix = concat(validRun(random), randomBytes(random, random.int(40)));
      const bytes = concat(prefix, GS_PAREN_E, randomBytes(random, random.int(8)));
      expect(checkSafeMode(bytes).ok, `prefix ${Buffer.from(prefix).toString('hex')}`).toBe(false);
    }
  });

  it('after any run of allowed commands, names the refused command at its exact offset', () => {
    const random = randomSource(3);
    for (let round = 0; round < 2000; round++) {
      const prefix = validRun(random);
      const [text, name, reason] = random.pick([...REFUSED, ...OUT_OF_RANGE]);
      expect(refusalOf(checkSafeMode(concat(prefix, hex(text), validRun(random))))).toEqual({ name, offset: prefix.length, reason });
    }
  });

  it('splits every run of allowed commands exactly as the preview does', () => {
    const random = randomSource(4);
    for (let round = 0; round < 1000; round++) {
      const bytes = validRun(random);
      const check = checkSafeMode(bytes);
      if (!check.ok) throw new Error(`refused ${Buffer.from(bytes).toString('hex')}: ${check.refusal.reason}`);
      expect(check.commands.map(({ start, end }) => `${start}-${end}`)).toEqual(tokenSpans(bytes));
    }
  });

  it('refuses a real-time command hidden in the data of any allowed command', () => {
    const random = randomSource(5);
    const hidden = hex('10 14 02 01 08');
    for (let round = 0; round < 500; round++) {
      const prefix = validRun(random);
      // A raster image whose data holds the power-off sequence somewhere.
      const rows = 1 + random.int(4);
      const data = randomBytes(random, 8 * rows).map((byte) => (byte === 0x10 ? 0x11 : byte));
      const at = random.int(data.length - hidden.length + 1);
      data.set(hidden, at);
      const image = concat(hex(`1D 76 30 00 08 00 0${rows} 00`), data);
      expect(refusalOf(checkSafeMode(concat(prefix, image)))).toEqual({
        name: 'DLE DC4 2',
        offset: prefix.length + 8 + at,
        reason: `it turns the printer off, and the printer runs this real-time command even inside the data of GS v 0 at byte ${prefix.length}`,
      });
    }
  });

  it('through the encoder, random raw bytes either print or fail the job with RAW and nothing else', () => {
    const random = randomSource(6);
    for (let round = 0; round < 500; round++) {
      const raw = random.next() < 0.5 ? validRun(random) : randomBytes(random, 1 + random.int(32));
      const datos = { version: '1.0', commands: [{ type: 'raw', data: { hex: Buffer.from(raw).toString('hex') } }] };
      try {
        const bytes = encodeDocument(datos, { safeMode: true });
        expect(checkSafeMode(raw).ok).toBe(true);
        expect([...bytes.subarray(2)]).toEqual([...raw]);
      } catch (error) {
        expect(error).toBeInstanceOf(JobError);
        expect((error as Error).message).toMatch(/^RAW: commands\[0\]\.data: safe mode refuses /);
      }
    }
  });
});
