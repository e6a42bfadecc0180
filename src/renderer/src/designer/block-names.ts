import type { TextKey } from '../i18n';
import { isKnownType } from './blocks';

/** Each block type's name in the window's language. */
export function blockNameKey(type: string | undefined): TextKey {
  return isKnownType(type) ? `block_${type}` : 'block_unknown';
}
