import { TEMPLATE_NAME_PATTERN } from '../../../shared/contract/methods';
import type { Template } from '../../../shared/contract/types';
import type { TextKey } from '../i18n';

const MAX_NAME = 100;

/** Why a name cannot be used for a template (the contract's rule, and no two templates share one). */
export function nameProblem(name: string, templates: readonly Template[], current = ''): TextKey | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'tplNameEmpty';
  if (trimmed.length > MAX_NAME) return 'tplNameLong';
  if (!TEMPLATE_NAME_PATTERN.test(trimmed)) return 'tplNameChars';
  if (trimmed !== current && templates.some((template) => template.name === trimmed)) return 'tplNameTaken';
  return undefined;
}

/** `Café (2)`, or the next number free. */
export function copyNameOf(name: string, templates: readonly Template[]): string {
  const base = name.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!templates.some((template) => template.name === candidate)) return candidate;
  }
}
