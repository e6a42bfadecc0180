import { errorReply, type Reply } from './reply';
import type { ReadBody } from './request-body';

/** An `ApiKey` record as the OpenAPI describes it. */
export interface EmulatedKey {
  key_id: string;
  label: string;
  creation_time: string;
  deactivated_time: string | null;
  is_deactivated: boolean;
  usage_limits: { characters: number | null; speech_to_text_milliseconds: number | null };
}

/** "API key ID. Consists of two valid GUIDs separated by a colon." Deterministic, so tests and screenshots repeat. */
export function emulatedKeyId(serial: number): string {
  const hex = (value: number, width: number): string => (value >>> 0).toString(16).padStart(width, '0').slice(-width);
  const guid = (salt: number): string => {
    const a = Math.imul(serial + 1, 2_654_435_761) ^ salt;
    const b = Math.imul(serial + 7, 40_503) ^ (salt >>> 3);
    return `${hex(a, 8)}-${hex(b, 4)}-4${hex(a >>> 4, 3)}-a${hex(b >>> 2, 3)}-${hex(a ^ b, 8)}${hex(serial, 4)}`;
  };
  return `${guid(0x5eed)}:${guid(0xc0ffee)}`;
}

const SEED_KEYS: readonly Omit<EmulatedKey, 'key_id'>[] = [
  { label: 'Caja principal', creation_time: '2024-11-04T09:12:41.118Z', deactivated_time: null, is_deactivated: false, usage_limits: { characters: 500_000, speech_to_text_milliseconds: 3_600_000 } },
  { label: 'Tienda online', creation_time: '2025-02-17T16:40:03.502Z', deactivated_time: null, is_deactivated: false, usage_limits: { characters: null, speech_to_text_milliseconds: null } },
  { label: 'Tablet antigua', creation_time: '2024-06-01T08:00:00.000Z', deactivated_time: '2025-01-31T18:30:00.000Z', is_deactivated: true, usage_limits: { characters: 100_000, speech_to_text_milliseconds: null } },
];

/** "The default value is `DeepL API Key`." */
const DEFAULT_LABEL = 'DeepL API Key';

/** The developer-key endpoints with their life cycle: created active, renamed, limited, deactivated for good. */
export class AdminKeysRoute {
  private keys: EmulatedKey[] = [];
  private serial = 0;

  constructor(private readonly now: () => Date = () => new Date()) {
    this.reset();
  }

  list(): readonly EmulatedKey[] {
    return this.keys;
  }

  reset(): void {
    this.serial = 0;
    this.keys = SEED_KEYS.map((key) => ({ ...structuredClone(key), key_id: emulatedKeyId(this.serial++) }));
  }

  route(method: string, path: string, body: ReadBody): Reply | undefined {
    if (path === '/v2/admin/developer-keys') {
      if (method === 'GET') return { status: 200, json: this.keys };
      if (method === 'POST') return this.create(body);
      return undefined;
    }
    if (method !== 'PUT' || !path.startsWith('/v2/admin/developer-keys/')) return undefined;
    if (body.kind !== 'json') return errorReply(400, 'Request body must be JSON');
    const keyId = body.fields['key_id'];
    if (typeof keyId !== 'string' || keyId === '') return errorReply(400, "Missing required parameter 'key_id'");
    const key = this.keys.find((candidate) => candidate.key_id === keyId);
    const action = path.slice('/v2/admin/developer-keys/'.length);
    if (!['deactivate', 'label', 'limits'].includes(action)) return undefined;
    if (!key) return errorReply(404, 'API key not found');
    if (action === 'deactivate') return this.deactivate(key);
    if (action === 'label') return this.rename(key, body.fields['label']);
    return this.limit(key, body.fields);
  }

  private create(body: ReadBody): Reply {
    if (body.kind !== 'json' && body.kind !== 'none') return errorReply(400, 'Request body must be JSON');
    const label = body.fields['label'];
    if (label !== undefined && typeof label !== 'string') return errorReply(400, "Value for 'label' must be a string");
    const key: EmulatedKey = {
      key_id: emulatedKeyId(this.serial++),
      label: label ?? DEFAULT_LABEL,
      creation_time: this.now().toISOString(),
      deactivated_time: null,
      is_deactivated: false,
      usage_limits: { characters: null, speech_to_text_milliseconds: null },
    };
    this.keys.push(key);
    return { status: 200, json: key };
  }

  private deactivate(key: EmulatedKey): Reply {
    // Deactivation is permanent: doing it again changes nothing.
    if (!key.is_deactivated) Object.assign(key, { is_deactivated: true, deactivated_time: this.now().toISOString() });
    return { status: 200, json: key };
  }

  private rename(key: EmulatedKey, label: unknown): Reply {
    if (typeof label !== 'string') return errorReply(400, "Missing required parameter 'label'");
    key.label = label;
    return { status: 200, json: key };
  }

  /** A limit left out stays as it was; `null` removes it. */
  private limit(key: EmulatedKey, fields: Record<string, unknown>): Reply {
    const next = { ...key.usage_limits };
    for (const name of ['characters', 'speech_to_text_milliseconds'] as const) {
      const value = fields[name];
      if (value === undefined) continue;
      if (value !== null && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) return errorReply(400, `Value for '${name}' must be a non-negative number or null`);
      next[name] = value;
    }
    key.usage_limits = next;
    return { status: 200, json: key };
  }
}
