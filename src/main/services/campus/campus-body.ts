import { XMLValidator } from 'fast-xml-parser';
import { CampusShapeError, JsonNode, xmlRoot, type AnswerNode } from './answer-node';

/** The body is neither JSON, JSONP nor well-formed XML: nothing of it can be read. */
export class UnreadableBodyError extends Error {
  constructor(readonly detail: string) {
    super(`campus answer unreadable: ${detail}`);
    this.name = 'UnreadableBodyError';
  }
}

/**
 * The answer's root, whatever the format: what the body is decides how it is read, not what was asked for — a server
 * that answers XML to `.json` (or JSONP without being asked) is still understood. Runs on the reader thread
 * (campus-read-thread): even linear, parsing a 1 MiB answer takes up to a second.
 */
export function rootOfBody(body: string): AnswerNode {
  const text = (body.startsWith('\uFEFF') ? body.slice(1) : body).trim();
  if (text.startsWith('<')) return xmlRootOf(text);
  const jsonp = jsonpContent(text);
  const json = jsonp ?? text;
  try {
    return new JsonNode(JSON.parse(json) as unknown, 'answer');
  } catch {
    throw new UnreadableBodyError(text === '' ? 'empty body' : jsonp !== undefined ? 'JSONP whose content is not JSON' : 'neither JSON nor XML');
  }
}

function xmlRootOf(text: string): AnswerNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new UnreadableBodyError(`not well-formed XML (line ${valid.err.line}: ${valid.err.code})`);
  try {
    return xmlRoot(text);
  } catch (error) {
    if (error instanceof CampusShapeError) throw error;
    // The parser's own limits (nesting depth, entity count and size) throw plain errors: the body cannot be read.
    throw new UnreadableBodyError("XML beyond the parser's limits");
  }
}

/**
 * The content of `callback(…)` or `callback(…);` — with an optional `/**\/` guard before it — as a server sends when
 * asked for JSONP, or undefined when the text is not that. Read by hand in one pass from each end: the regular
 * expression this replaces backtracked quadratically (`a()` and 300,000 spaces held the print service for a minute).
 */
export function jsonpContent(text: string): string | undefined {
  let start = 0;
  if (text.startsWith('/**/')) start = skipSpaces(text, 4);
  if (!isNameStart(text.charCodeAt(start))) return undefined;
  start += 1;
  while (start < text.length && isNamePart(text.charCodeAt(start))) start += 1;
  start = skipSpaces(text, start);
  if (text[start] !== '(') return undefined;
  let end = skipSpacesBack(text, text.length);
  if (text[end - 1] === ';') end = skipSpacesBack(text, end - 1);
  if (text[end - 1] !== ')' || end - 1 <= start) return undefined;
  return text.slice(start + 1, end - 1);
}

/** `[A-Za-z_$]` */
function isNameStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x24;
}

/** `[\w$.]` */
function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2e;
}

const isSpace = (char: string | undefined): boolean => char !== undefined && char.trim() === '';

function skipSpaces(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpace(text[index])) index += 1;
  return index;
}

function skipSpacesBack(text: string, from: number): number {
  let index = from;
  while (index > 0 && isSpace(text[index - 1])) index -= 1;
  return index;
}
