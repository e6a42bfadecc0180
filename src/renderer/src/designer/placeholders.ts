import type { TemplateSample } from '../../../shared/contract/types';
import { dataOf, typeOf } from './blocks';

/** `{{total}}`, `{{ fecha }}`: a gap in the receipt that the POS fills in before sending it. */
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}/gu;

/** Only these blocks print the texts they hold (an image's data or a cut's settings never hold placeholders). */
const TEXT_BLOCKS = new Set(['text', 'table', 'qr', 'barcode']);

/** Sample value for each placeholder name. */
export type Samples = Record<string, string>;

function stringsIn(value: unknown, found: (text: string) => void): void {
  if (typeof value === 'string') found(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, found));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => stringsIn(item, found));
}

/** The placeholders the commands hold, each once, in the order they first appear on the receipt. */
export function placeholdersIn(commands: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const command of commands) {
    if (!TEXT_BLOCKS.has(typeOf(command) ?? '')) continue;
    stringsIn(dataOf(command), (text) => {
      for (const match of text.matchAll(PLACEHOLDER)) if (match[1]) names.add(match[1]);
    });
  }
  return [...names];
}

function fill(value: unknown, samples: Samples): unknown {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (whole, name: string) => samples[name] ?? whole);
  if (Array.isArray(value)) return value.map((item) => fill(item, samples));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, samples)]));
  return value;
}

/** The commands as a sale would print them, with the sample values where the placeholders are. */
export function fillCommands(commands: readonly unknown[], samples: Samples): unknown[] {
  return commands.map((command) => (TEXT_BLOCKS.has(typeOf(command) ?? '') ? fill(command, samples) : command));
}

/** Names people use in receipts, in Spanish and English, and what a plausible value looks like. */
const KINDS: { pattern: RegExp; value: (locale: string, now: Date) => string }[] = [
  {
    pattern: /total|importe|precio|price|amount|subtotal|iva|vat|tax|cambio|change|pago|paid|descuento|discount/i,
    value: (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(12.5),
  },
  { pattern: /fecha|date|dia|day/i, value: (locale, now) => new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(now) },
  { pattern: /hora|time/i, value: (locale, now) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(now) },
  { pattern: /mesa|table/i, value: () => '5' },
  { pattern: /ticket|numero|número|number|pedido|order|factura|invoice|^n$|^id$|codigo|código|code/i, value: () => '0042' },
  { pattern: /camarer|waiter|cajer|cashier|emplead|staff|vendedor|seller/i, value: () => 'Ana' },
  { pattern: /cliente|customer|nombre|name/i, value: () => 'Marta López' },
];

/** A sensible first sample for a placeholder, by its name: `total` → "12,50 €" in Spanish, "€12.50" in English. */
export function defaultSample(name: string, locale: string, now = new Date()): string {
  const kind = KINDS.find((candidate) => candidate.pattern.test(name));
  // Intl separates with no-break spaces, which not every printer code page has (and a receipt never needs).
  return kind ? kind.value(locale, now).replace(/[\u00a0\u202f]/g, ' ') : name.toUpperCase();
}

/** The samples a template keeps: those of the placeholders its document holds, in their order. */
export function samplesToSave(names: readonly string[], samples: Samples): TemplateSample[] {
  return names.filter((name) => samples[name] !== undefined).map((name) => ({ name, value: samples[name] ?? '' }));
}

export const samplesOf = (list: readonly TemplateSample[] | undefined): Samples => Object.fromEntries((list ?? []).map(({ name, value }) => [name, value]));
