import { XMLValidator } from 'fast-xml-parser';
import { JsonNode, xmlRoot, type AnswerNode } from './answer-node';

/** The body is neither JSON, JSONP nor well-formed XML: nothing of it can be read. */
export class UnreadableBodyError extends Error {
  constructor(readonly detail: string) {
    super(`campus answer unreadable: ${detail}`);
    this.name = 'UnreadableBodyError';
  }
}

/** `callback(…)` or `callback(…);`, as a server sends when asked for JSONP (`?callback=`); a `/**\/` guard may precede it. */
const JSONP = /^(?:\/\*\*\/\s*)?[A-Za-z_$][\w$.]*\s*\(([\s\S]*)\)\s*;?\s*$/;

/**
 * The answer's root, whatever the format: what the body is decides how it is read, not what was asked for — a server
 * that answers XML to `.json` (or JSONP without being asked) is still understood.
 */
export function rootOfBody(body: string): AnswerNode {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('<')) {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new UnreadableBodyError(`not well-formed XML (line ${valid.err.line}: ${valid.err.code})`);
    return xmlRoot(text);
  }
  const jsonp = JSONP.exec(text);
  const json = jsonp ? jsonp[1]! : text;
  try {
    return new JsonNode(JSON.parse(json) as unknown, 'answer');
  } catch {
    throw new UnreadableBodyError(text === '' ? 'empty body' : jsonp ? 'JSONP whose content is not JSON' : 'neither JSON nor XML');
  }
}
