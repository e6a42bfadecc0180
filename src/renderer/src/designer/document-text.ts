export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

export function parseDocument(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export const formatDocument = (document: unknown): string => JSON.stringify(document, null, 2);
