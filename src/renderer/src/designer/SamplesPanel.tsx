import { Field, Input, Text } from '@fluentui/react-components';
import { useText } from '../i18n';
import type { Samples } from './placeholders';

/** One field per `{{placeholder}}` of the receipt: what the preview and a sample print show in its place. */
export function SamplesPanel({ names, samples, onChange }: { names: readonly string[]; samples: Samples; onChange(name: string, value: string): void }) {
  const t = useText();
  return (
    <section className="designer-samples" aria-labelledby="designer-samples-title">
      <h2 id="designer-samples-title">{t('samplesTitle')}</h2>
      {names.length === 0 ? (
        <Text as="p" size={200} className="muted">
          {t('samplesNone', { example: '{{total}}' })}
        </Text>
      ) : (
        <>
          <div className="designer-samples-fields">
            {names.map((name) => (
              <Field key={name} label={`{{${name}}}`}>
                <Input value={samples[name] ?? ''} onChange={(_event, next) => onChange(name, next.value)} />
              </Field>
            ))}
          </div>
          <Text as="p" size={200} className="muted">
            {t('samplesHint')}
          </Text>
        </>
      )}
    </section>
  );
}
