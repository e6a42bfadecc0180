import { TEMPLATE_MAX_BYTES, TEMPLATE_MAX_COUNT, TEMPLATES_TOTAL_MAX_BYTES, templateRefusalOf, type TemplateRefusal } from '../../../shared/contract/template-limits';
import { useText, type TextKey } from '../i18n';

const MIB = 1024 * 1024;

const REFUSAL_TEXT: Record<TemplateRefusal, { key: TextKey; values: Record<string, number> }> = {
  'template-too-large': { key: 'templateTooLarge', values: { mb: TEMPLATE_MAX_BYTES / MIB } },
  'template-too-many': { key: 'templateTooMany', values: { max: TEMPLATE_MAX_COUNT } },
  'template-space-full': { key: 'templateSpaceFull', values: { mb: TEMPLATES_TOTAL_MAX_BYTES / MIB } },
};

/** The window's own words for a failed designer action: a template limit says which, anything else the generic text. */
export function DesignerFailure({ message }: { message: string }) {
  const t = useText();
  const refusal = templateRefusalOf(message);
  return <>{refusal ? t(REFUSAL_TEXT[refusal].key, REFUSAL_TEXT[refusal].values) : t('designerFailed')}</>;
}
