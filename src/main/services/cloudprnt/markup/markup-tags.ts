/**
 * One `[tag: param value; param value]` of Star Document Markup (Star's "Star Document Markup" reference, the syntax
 * cputil and CloudPRNT servers use): the tag name, lower case, and its parameters in order. A `:` after a parameter
 * name is optional, a parameter may be a bare flag (`hri`, `vl`, `partial`), and a value may be quoted.
 */
export interface MarkupTag {
  name: string;
  params: MarkupParam[];
  /** The whole text after the tag's colon, for tags with a single unnamed value (`[bold: on]`, `[feed: 3]`). */
  rest: string;
}

export interface MarkupParam {
  key: string;
  value: string;
}

/** Short names the reference gives for tags and parameters. */
const TAG_ALIASES: Record<string, string> = {
  mag: 'magnify',
  col: 'column',
  '2col': 'column',
  'two-column': 'column',
  fw: 'fixedwidth',
  sp: 'space',
  centre: 'center',
};
const PARAM_ALIASES: Record<string, string> = { w: 'width', h: 'height', c: 'count', vl: 'variable-left', et: 'ellipsize-type', wt: 'width-type' };

export function parseTag(inside: string): MarkupTag {
  const colon = inside.indexOf(':');
  const rawName = (colon < 0 ? inside : inside.slice(0, colon)).trim().toLowerCase();
  const rest = colon < 0 ? '' : inside.slice(colon + 1).trim();
  const params = rest === '' ? [] : splitOutsideQuotes(rest).flatMap((part): MarkupParam[] => paramOf(part));
  return { name: TAG_ALIASES[rawName] ?? rawName, params, rest };
}

/** Parameters are separated by `;`, except inside a quoted value (a `data:image/png;base64,…` URL). */
function splitOutsideQuotes(text: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '"') quoted = !quoted;
    else if (text[at] === ';' && !quoted) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function paramOf(part: string): MarkupParam[] {
  const trimmed = part.trim();
  if (!trimmed) return [];
  const match = /^([^\s:]+)\s*:?\s*(.*)$/s.exec(trimmed);
  const key = (match?.[1] ?? trimmed).toLowerCase();
  const value = unquoted((match?.[2] ?? '').trim());
  return [{ key: PARAM_ALIASES[key] ?? key, value }];
}

const unquoted = (value: string): string => (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);

/** A parameter's value, or undefined when the tag does not have it. */
export const paramValue = (tag: MarkupTag, key: string): string | undefined => tag.params.find((param) => param.key === key)?.value;
export const hasParam = (tag: MarkupTag, key: string): boolean => tag.params.some((param) => param.key === key);

/** `on`/`off` (and `true`/`false`, `1`/`0`); a bare tag (`[bold]`) resets to off, as the reference says. */
export function switchOf(tag: MarkupTag): boolean {
  const value = tag.rest.trim().toLowerCase();
  return value === 'on' || value === 'true' || value === '1';
}

/** An integer within bounds, or the fallback when missing or not a number. */
export function boundedInt(value: string | undefined, min: number, max: number, fallback: number): number {
  const number = Number.parseInt(value ?? '', 10);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, number));
}

/** A size as the reference writes it — dots (`300`), millimetres (`40mm`) or a share of the print width (`60%`) — in dots. */
export function dotsOf(value: string | undefined, printDots: number, dotsPerMm: number): number | undefined {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*(mm|%)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  const dots = unit === 'mm' ? number * dotsPerMm : unit === '%' ? (number / 100) * printDots : number;
  return Math.round(dots);
}
