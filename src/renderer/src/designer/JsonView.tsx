import { Field, Textarea } from '@fluentui/react-components';
import { useText } from '../i18n';

/** The document as JSON, for those who want it: every edit here shows in the blocks and the other way round. */
export function JsonView({ text, parseError, onChange }: { text: string; parseError: string | undefined; onChange(text: string): void }) {
  const t = useText();
  return (
    <Field
      label={t('document')}
      hint={t('jsonHint')}
      {...(parseError ? { validationState: 'error' as const, validationMessage: `${t('invalidJson')}: ${parseError}` } : {})}
    >
      <Textarea className="designer-json" textarea={{ spellCheck: false }} resize="vertical" value={text} onChange={(_event, next) => onChange(next.value)} />
    </Field>
  );
}
