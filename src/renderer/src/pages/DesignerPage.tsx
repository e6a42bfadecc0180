import { useEffect } from 'react';
import { PreviewPane } from '../components/PreviewPane';
import { COMMAND_TYPES } from '../designer/command-defaults';
import { commandLabels, parseDocument } from '../designer/document-text';
import { useText } from '../i18n';
import { useDesignerStore } from '../stores/designer-store';

/** Ticket design: a command list and the JSON document side by side, the live preview on the right. */
export function DesignerPage() {
  const t = useText();
  const store = useDesignerStore();
  useEffect(() => {
    void useDesignerStore.getState().loadTemplates();
    void useDesignerStore.getState().refreshPreview();
  }, []);
  const parsed = parseDocument(store.text);
  const labels = parsed.ok ? commandLabels(parsed.value) : [];
  return (
    <section className="designer">
      <div className="column">
        <h2>{t('templates')}</h2>
        <div className="row">
          <input aria-label={t('templateName')} placeholder={t('templateName')} value={store.templateName} onChange={(e) => store.setTemplateName(e.target.value)} />
          <button onClick={() => void store.saveTemplate()} disabled={!parsed.ok || store.templateName.trim() === ''}>
            {t('saveTemplate')}
          </button>
        </div>
        <ul className="templates" aria-label={t('templates')}>
          {store.templates.map((template) => (
            <li key={template.name}>
              <span>{template.name}</span>
              <button onClick={() => store.openTemplate(template)}>{t('load')}</button>
              <button onClick={() => void store.deleteTemplate(template.name)}>{t('delete')}</button>
            </li>
          ))}
        </ul>
        <h2>{t('addCommand')}</h2>
        <div className="palette">
          {COMMAND_TYPES.map((type) => (
            <button key={type} disabled={!parsed.ok} onClick={() => store.addCommand(type)}>
              + {type}
            </button>
          ))}
        </div>
        <ol className="commands" aria-label="commands">
          {labels.map((label, index) => (
            <li key={index}>
              <span>{label}</span>
              <button aria-label={`${t('remove')} ${index + 1}`} onClick={() => store.removeCommand(index)}>
                ×
              </button>
            </li>
          ))}
        </ol>
      </div>
      <div className="column grow">
        <label htmlFor="document">{t('document')}</label>
        <textarea id="document" spellCheck={false} value={store.text} onChange={(e) => store.setText(e.target.value)} />
        {store.parseError && (
          <p role="alert" className="error">
            {t('invalidJson')}: {store.parseError}
          </p>
        )}
        <div className="row">
          <button className="primary" onClick={() => void store.print()} disabled={!parsed.ok}>
            {t('print')}
          </button>
          {store.notice && <span data-testid="designer-notice">{store.notice}</span>}
          {store.error && <span className="error">{store.error}</span>}
        </div>
      </div>
      <div className="column paper">
        <h2>{t('preview')}</h2>
        <PreviewPane preview={store.preview} />
      </div>
    </section>
  );
}
