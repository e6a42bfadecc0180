import { CODABAR, CODE128_START_A, CODE128_START_B, CODE128_START_C, CODE128_STOP, CODE128_WIDTHS, CODE39, EAN13_PARITY, EAN_L, ITF, UPCE_PARITY } from './patterns';

/**
 * A barcode as alternating bar/space widths (starting with a bar) in half-modules: a narrow element or one module
 * is 2 units, a wide element 5 (the 2.5:1 ratio printers use). The preview scales units by GS w.
 */
export interface BarcodeSymbol {
  runs: number[];
  /** Human-readable interpretation printed by GS H. */
  hri: string;
}

/** GS k m (function B) values for the symbologies Ticketera emits and previews. */
export const GS_K = { UPC_A: 65, UPC_E: 66, EAN13: 67, EAN8: 68, CODE39: 69, ITF: 70, CODABAR: 71, CODE93: 72, CODE128: 73 } as const;

const ascii = (data: Uint8Array): string => String.fromCharCode(...data);

/** Plain CODE128 text as GS k writes it: code set B named first, a literal `{` doubled. */
export const code128InSetB = (text: string): string => `{B${text.replace(/\{/g, '{{')}`;
const digitsOnly = (text: string): boolean => /^[0-9]*$/.test(text);

/** The symbol for GS k m's data, as the printer would draw it; throws Error with a readable reason when it cannot. */
export function barcodeSymbol(m: number, data: Uint8Array): BarcodeSymbol {
  const text = ascii(data);
  switch (m) {
    case GS_K.UPC_A:
    case 0:
      return ean(`0${fixedDigits(text, 11, 'UPC-A')}`, 13, text.slice(0, 11));
    case GS_K.UPC_E:
    case 1:
      return upcE(text);
    case GS_K.EAN13:
    case 2:
      return ean(fixedDigits(text, 12, 'EAN-13'), 13);
    case GS_K.EAN8:
    case 3:
      return ean(fixedDigits(text, 7, 'EAN-8'), 8);
    case GS_K.CODE39:
    case 4:
      return code39(text);
    case GS_K.ITF:
    case 5:
      return itf(text);
    case GS_K.CODABAR:
    case 6:
      return codabar(text);
    case GS_K.CODE128:
      return code128(data);
    default:
      throw new Error(`symbology ${m} is not previewed`);
  }
}

function fixedDigits(text: string, count: number, label: string): string {
  if (!digitsOnly(text) || (text.length !== count && text.length !== count + 1)) {
    throw new Error(`${label} needs ${count} or ${count + 1} digits`);
  }
  return text.slice(0, count);
}

export function eanCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const weight = (digits.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** A digit's 7 modules in one of the EAN/UPC code sets: L (odd), G (even: R reversed) or R (L's complement). */
function digitModules(digit: string, kind: string | undefined): string {
  const l = EAN_L[Number(digit)] ?? '';
  const r = [...l].map((bit) => (bit === '1' ? '0' : '1')).join('');
  return kind === 'L' ? l : kind === 'G' ? [...r].reverse().join('') : r;
}

function ean(body: string, length: 8 | 13, hriOverride?: string): BarcodeSymbol {
  const digits = `${body}${eanCheckDigit(body)}`;
  const codes = (from: number, to: number, parity: string | null): string =>
    Array.from(digits.slice(from, to))
      .map((digit, index) => digitModules(digit, parity === null ? 'R' : parity[index]))
      .join('');
  const modules =
    length === 13
      ? `101${codes(1, 7, EAN13_PARITY[Number(digits[0])] ?? '')}01010${codes(7, 13, null)}101`
      : `101${codes(0, 4, 'LLLL')}01010${codes(4, 8, null)}101`;
  const hri = hriOverride === undefined ? digits : `${hriOverride}${digits.slice(-1)}`;
  return { runs: modulesToRuns(modules), hri };
}

/**
 * UPC-E (zero-suppressed UPC-A), from GS k's data: 6 digits (number system 0), 7 or 8 (number system first, then 6,
 * then the check digit, which is recomputed), or the UPC-A form of 11 or 12 digits when it can be suppressed. The
 * check digit is the expanded UPC-A's; with the number system it picks the six digits' odd/even parity. Guards
 * 101 … 010101, 51 modules; the text is the number system, the six digits and the check digit.
 */
function upcE(text: string): BarcodeSymbol {
  if (!digitsOnly(text) || ![6, 7, 8, 11, 12].includes(text.length)) throw new Error('UPC-E needs 6, 7, 8, 11 or 12 digits');
  const short = text.length <= 8;
  const system = text.length === 6 ? '0' : (text[0] ?? '0');
  if (system !== '0' && system !== '1') throw new Error('UPC-E number system must be 0 or 1');
  const body = short ? text.slice(text.length === 6 ? 0 : 1, text.length === 6 ? 6 : 7) : suppressedUpcA(text.slice(0, 11));
  const check = eanCheckDigit(expandedUpcE(system, body));
  const parity = UPCE_PARITY[check] ?? '';
  // Number system 1 swaps the parities of number system 0's pattern.
  const kinds = system === '0' ? parity : [...parity].map((kind) => (kind === 'G' ? 'L' : 'G')).join('');
  const modules = `101${Array.from(body, (digit, index) => digitModules(digit, kinds[index])).join('')}010101`;
  return { runs: modulesToRuns(modules), hri: `${system}${body}${check}` };
}

/** The UPC-A digits (number system, 10 digits) a UPC-E body stands for, as the GS1 zero-suppression rules expand it. */
function expandedUpcE(system: string, body: string): string {
  const [d1, d2, d3, d4, d5, d6] = Array.from(body);
  const last = Number(d6);
  if (last <= 2) return `${system}${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  if (last === 3) return `${system}${d1}${d2}${d3}00000${d4}${d5}`;
  if (last === 4) return `${system}${d1}${d2}${d3}${d4}00000${d5}`;
  return `${system}${d1}${d2}${d3}${d4}${d5}0000${d6}`;
}

/** The UPC-E body of an 11-digit UPC-A number (number system first), or an Error when its zeros cannot be suppressed. */
function suppressedUpcA(upcA: string): string {
  const system = upcA[0] ?? '';
  const maker = upcA.slice(1, 6);
  const item = upcA.slice(6, 11);
  const candidates = [
    /^\d\d[012]00$/.test(maker) && item.startsWith('00') ? `${maker.slice(0, 2)}${item.slice(2)}${maker[2]}` : undefined,
    /^\d\d\d00$/.test(maker) && item.startsWith('000') ? `${maker.slice(0, 3)}${item.slice(3)}3` : undefined,
    /^\d\d\d\d0$/.test(maker) && item.startsWith('0000') ? `${maker.slice(0, 4)}${item.slice(4)}4` : undefined,
    item.startsWith('0000') && Number(item[4]) >= 5 ? `${maker}${item[4]}` : undefined,
  ];
  const body = candidates.find((candidate) => candidate !== undefined && expandedUpcE(system, candidate) === upcA);
  if (body === undefined) throw new Error(`UPC-A ${upcA} has no UPC-E form (too few zeros to suppress)`);
  return body;
}

/** '1101…' (1 = bar module) → run widths in half-modules. */
function modulesToRuns(modules: string): number[] {
  const runs: number[] = [];
  let current = '1';
  let length = 0;
  for (const module of modules) {
    if (module === current) length++;
    else {
      runs.push(length * 2);
      current = module;
      length = 1;
    }
  }
  runs.push(length * 2);
  return runs;
}

const wideNarrow = (pattern: string): number[] => [...pattern].map((element) => (element === 'w' ? 5 : 2));

function code39(text: string): BarcodeSymbol {
  const body = text.replace(/^\*/, '').replace(/\*$/, '');
  const bad = [...body].find((char) => char === '*' || CODE39[char] === undefined);
  if (bad !== undefined) throw new Error(`CODE39 cannot encode ${JSON.stringify(bad)} (0-9, A-Z, space and - . $ / + % only)`);
  const runs: number[] = [];
  for (const char of `*${body}*`) {
    if (runs.length > 0) runs.push(2); // inter-character gap
    runs.push(...wideNarrow(CODE39[char] ?? ''));
  }
  return { runs, hri: `*${body}*` };
}

function itf(text: string): BarcodeSymbol {
  if (!digitsOnly(text) || text.length === 0 || text.length % 2 !== 0) throw new Error('ITF needs an even number of digits');
  const runs = [2, 2, 2, 2];
  for (let index = 0; index < text.length; index += 2) {
    const bars = ITF[Number(text[index])] ?? '';
    const spaces = ITF[Number(text[index + 1])] ?? '';
    for (let element = 0; element < 5; element++) runs.push(...wideNarrow(`${bars[element]}${spaces[element]}`));
  }
  runs.push(5, 2, 2);
  return { runs, hri: text };
}

function codabar(text: string): BarcodeSymbol {
  const upper = text.toUpperCase();
  if (!/^[A-D][0-9\-$:/.+]*[A-D]$/.test(upper)) {
    throw new Error('CODABAR needs start and stop characters A-D around 0-9 - $ : / . +');
  }
  const runs: number[] = [];
  for (const char of upper) {
    if (runs.length > 0) runs.push(2);
    runs.push(...wideNarrow(CODABAR[char] ?? ''));
  }
  return { runs, hri: upper };
}

/** Epson's CODE128 data: `{A`/`{B`/`{C` selects the set, `{S` shifts, `{1`…`{4` are FNC1-4, `{{` is a brace. */
function code128(data: Uint8Array): BarcodeSymbol {
  if (data[0] !== 0x7b || data.length < 3) throw new Error('CODE128 data must start with {A, {B or {C');
  let set = data[1] === 0x41 ? 'A' : data[1] === 0x42 ? 'B' : data[1] === 0x43 ? 'C' : '';
  if (!set) throw new Error('CODE128 data must start with {A, {B or {C');
  const values = [set === 'A' ? CODE128_START_A : set === 'B' ? CODE128_START_B : CODE128_START_C];
  let hri = '';
  for (let index = 2; index < data.length; index++) {
    const byte = data[index] ?? 0;
    if (byte === 0x7b) {
      const code = String.fromCharCode(data[++index] ?? 0);
      if (code === '{') values.push(valueIn(set, byte, hri.length));
      else if (code === 'A' || code === 'B' || code === 'C') {
        values.push(code === 'A' ? 101 : code === 'B' ? 100 : 99);
        if (code === 'A' && set === 'A') throw new Error('CODE128 {A inside code set A');
        set = code;
      } else if (code === 'S') values.push(98);
      else if (code === '1') values.push(102);
      else if (code === '2') values.push(97);
      else if (code === '3') values.push(96);
      else if (code === '4') values.push(set === 'A' ? 101 : 100);
      else throw new Error(`CODE128 has an unknown function {${code}`);
      if (code === '{') hri += '{';
      continue;
    }
    values.push(valueIn(set, byte, index));
    hri += set === 'C' ? String(byte).padStart(2, '0') : byte >= 0x20 ? String.fromCharCode(byte) : ' ';
  }
  const checksum = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  values.push(checksum, CODE128_STOP);
  const runs = values.flatMap((value) => [...(CODE128_WIDTHS[value] ?? '')].map((width) => Number(width) * 2));
  return { runs, hri };
}

function valueIn(set: string, byte: number, index: number): number {
  if (set === 'C') {
    if (byte > 99) throw new Error(`CODE128 code set C byte ${index} is ${byte}, above 99`);
    return byte;
  }
  if (set === 'B') {
    if (byte < 0x20 || byte > 0x7f) throw new Error(`CODE128 code set B cannot encode byte ${byte}`);
    return byte - 0x20;
  }
  if (byte > 0x5f) throw new Error(`CODE128 code set A cannot encode byte ${byte}`);
  return byte < 0x20 ? byte + 64 : byte - 0x20;
}
