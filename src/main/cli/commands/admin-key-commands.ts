import type { AdminKey, KeyLimits } from '../../../shared/contract/admin-types';
import { alignColumns } from '../text-columns';
import { ADMIN_TEXTS } from './admin-messages';
import { adminSubcommand, UsageError } from './admin-subcommand';
import type { CliLanguage } from '../cli-language';

/** The key as the service names its fields, for scripts (`--json`). */
function keyJson(key: AdminKey): Record<string, unknown> {
  return {
    key_id: key.keyId,
    label: key.label,
    creation_time: key.createdAt,
    deactivated_time: key.deactivatedAt,
    is_deactivated: key.deactivated,
    usage_limits: { characters: key.limits.characters, speech_to_text_milliseconds: key.limits.speechToTextMilliseconds },
  };
}

/** Active keys first, deactivated ones after them: those can never be used again. */
export function keyTable(keys: readonly AdminKey[], language: CliLanguage): string {
  const es = language === 'es';
  const none = es ? 'sin límite' : 'none';
  const ordered = [...keys.filter((key) => !key.deactivated), ...keys.filter((key) => key.deactivated)];
  const rows = ordered.map((key) => [
    key.keyId,
    key.label,
    key.createdAt.slice(0, 10),
    key.deactivated ? `${es ? 'desactivada' : 'deactivated'}${key.deactivatedAt ? ` ${key.deactivatedAt.slice(0, 10)}` : ''}` : es ? 'activa' : 'active',
    key.limits.characters === null ? none : String(key.limits.characters),
    key.limits.speechToTextMilliseconds === null ? none : String(key.limits.speechToTextMilliseconds),
  ]);
  const header = es ? ['ID', 'ETIQUETA', 'CREADA', 'ESTADO', 'LÍMITE CARACTERES', 'LÍMITE VOZ (MS)'] : ['KEY ID', 'LABEL', 'CREATED', 'STATE', 'CHARACTER LIMIT', 'SPEECH LIMIT (MS)'];
  return alignColumns([header, ...rows]);
}

const write = (text: string): void => void process.stdout.write(`${text}\n`);

export const keysSubcommand = adminSubcommand(
  { name: 'keys', usage: 'keys [--json]', options: { json: { type: 'boolean', default: false } }, positionals: 0 },
  async (session, { values }) => {
    const keys = await session.client.listKeys(session.signal);
    write(values.json ? JSON.stringify(keys.map(keyJson), null, 2) : keyTable(keys, session.language));
    return 0;
  },
);

export const createKeySubcommand = adminSubcommand(
  { name: 'create-key', usage: 'create-key [--label LABEL]', options: { label: { type: 'string' } }, positionals: 0 },
  async (session, { values }) => {
    write(keyTable([await session.client.createKey(values.label, session.signal)], session.language));
    return 0;
  },
);

export const labelSubcommand = adminSubcommand({ name: 'label', usage: 'label KEY_ID LABEL', options: {}, positionals: 2 }, async (session, { positionals }) => {
  const [keyId, label] = positionals as [string, string];
  write(keyTable([await session.client.renameKey(keyId, label, session.signal)], session.language));
  return 0;
});

/** `N` or `none` (no limit). */
function limitOf(text: string | undefined, flag: string): number | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'none') return null;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number from 0, or none`);
  return Number(text);
}

export const limitsSubcommand = adminSubcommand(
  { name: 'limits', usage: 'limits KEY_ID [--characters N|none] [--stt-ms N|none]', options: { characters: { type: 'string' }, 'stt-ms': { type: 'string' } }, positionals: 1 },
  async (session, { values, positionals }) => {
    const characters = limitOf(values.characters, '--characters');
    const speech = limitOf(values['stt-ms'], '--stt-ms');
    if (characters === undefined && speech === undefined) throw new UsageError(ADMIN_TEXTS.noLimitChange[session.language]());
    const change: Partial<KeyLimits> = { ...(characters !== undefined ? { characters } : {}), ...(speech !== undefined ? { speechToTextMilliseconds: speech } : {}) };
    write(keyTable([await session.client.setLimits(positionals[0] as string, change, session.signal)], session.language));
    return 0;
  },
);

export const deactivateSubcommand = adminSubcommand(
  { name: 'deactivate', usage: 'deactivate KEY_ID --yes', options: { yes: { type: 'boolean', default: false } }, positionals: 1 },
  async (session, { values, positionals }) => {
    if (!values.yes) throw new UsageError(ADMIN_TEXTS.confirmDeactivate[session.language]());
    write(keyTable([await session.client.deactivateKey(positionals[0] as string, session.signal)], session.language));
    return 0;
  },
);
