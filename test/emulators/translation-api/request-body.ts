import type { IncomingMessage } from 'node:http';

export type BodyKind = 'json' | 'form' | 'multipart' | 'none';

export interface ReadBody {
  kind: BodyKind;
  bytes: number;
  raw: Buffer;
  /** JSON object fields, or form fields (repeated names become arrays). File parts are under `files`. */
  fields: Record<string, unknown>;
  files: { field: string; name: string; content: Buffer }[];
  invalid?: string;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<ReadBody> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request) {
    total += (chunk as Buffer).length;
    if (total <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const result: ReadBody = { kind: 'none', bytes: total, raw, fields: {}, files: [] };
  if (total === 0) return result;
  if (type.startsWith('application/json')) {
    result.kind = 'json';
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) result.invalid = 'JSON body must be an object';
      else result.fields = parsed as Record<string, unknown>;
    } catch {
      result.invalid = 'Invalid JSON body';
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    result.kind = 'form';
    result.fields = formFields(new URLSearchParams(raw.toString('utf8')));
  } else if (type.startsWith('multipart/form-data')) {
    result.kind = 'multipart';
    // The platform's own multipart parser (the one fetch uses), rather than a hand-written one.
    const form = await new Request('http://emulator.invalid/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
    const plain = new URLSearchParams();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') plain.append(name, value);
      else result.files.push({ field: name, name: value.name, content: Buffer.from(await value.arrayBuffer()) });
    }
    result.fields = formFields(plain);
  } else result.invalid = `Unsupported content type ${type || '(none)'}`;
  return result;
}

function formFields(params: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    fields[name] = values.length === 1 && name !== 'text' && name !== 'custom_instructions' ? values[0] : values;
  }
  return fields;
}
