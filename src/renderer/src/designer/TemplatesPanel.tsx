import { Button, Field, Input } from '@fluentui/react-components';
import { useText } from '../i18n';
import { useDesignerStore } from '../stores/designer-store';

/** Save the receipt under a name, open or delete saved ones. */
export function TemplatesPanel({ canSave }: { canSave: boolean }) {
  const t = useText();
  const { templates, templateName, setTemplateName, saveTemplate, openTemplate, deleteTemplate } = useDesignerStore();
  return (
    <section className="designer-templates" aria-labelledby="designer-templates-title">
      <h2 id="designer-templates-title">{t('templates')}</h2>
      <form
        className="designer-form-row"
        onSubmit={(event) => {
          event.preventDefault();
          void saveTemplate();
        }}
      >
        <Field label={t('templateName')}>
          <Input value={templateName} onChange={(_event, next) => setTemplateName(next.value)} />
        </Field>
        <Button type="submit" disabled={!canSave || templateName.trim() === ''}>
          {t('saveTemplate')}
        </Button>
      </form>
      {templates.length === 0 ? (
        <p className="muted">{t('noTemplates')}</p>
      ) : (
        <ul className="designer-template-list" aria-label={t('templates')}>
          {templates.map((template) => (
            <li key={template.name}>
              <span>{template.name}</span>
              <span>
                <Button size="small" onClick={() => openTemplate(template)}>
                  {t('load')}
                </Button>
                <Button size="small" appearance="subtle" onClick={() => void deleteTemplate(template.name)}>
                  {t('delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
