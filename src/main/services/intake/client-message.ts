import { categorized } from '../../../shared/protocol';

/** A frame from a POS client, parsed far enough to dispatch on `tipo`. */
export type ParsedFrame =
  | { ok: true; tipo: string; id: string | undefined; message: Record<string, unknown> }
  | { ok: false; id: string | undefined; mensaje: string };

/** Longer than any POS's sale or job id; a longer one would be echoed, stored and named in files. */
export const MAX_ID_LENGTH = 256;

/** Parses one text frame. Never throws: bad input becomes the `mensaje` of an `error` reply. */
export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, id: undefined, mensaje: categorized('JSON', `invalid JSON (${(error as Error).message})`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, id: undefined, mensaje: categorized('JSON', 'the message must be a JSON object') };
  }
  const message = value as Record<string, unknown>;
  const givenId = typeof message['id'] === 'string' ? message['id'] : undefined;
  if (givenId !== undefined && givenId.length > MAX_ID_LENGTH) {
    return { ok: false, id: undefined, mensaje: categorized('JSON', `field 'id' must be at most ${MAX_ID_LENGTH} characters`) };
  }
  const id = givenId;
  const tipo = message['tipo'];
  if (tipo === undefined) return { ok: false, id, mensaje: categorized('JSON', "field 'tipo' is required") };
  if (typeof tipo !== 'string') return { ok: false, id, mensaje: categorized('JSON', "field 'tipo' must be a string") };
  if (message['id'] !== undefined && id === undefined) {
    return { ok: false, id, mensaje: categorized('JSON', "field 'id' must be a string") };
  }
  return { ok: true, tipo, id, message };
}
