import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent } from 'react';
import { useText, type TextKey } from '../i18n';
import { isDirty, useDesignerStore } from '../stores/designer-store';
import { parseDocument } from './document-text';
import { partsOf } from './blocks';
import { placeholdersIn, samplesToSave } from './placeholders';
import { DeleteTemplateDialog, NameDialog, UnsavedChangesDialog } from './TemplateDialogs';
import { downloadText, fileNameOf, readTemplateFile, templateFileText } from './template-file';
import { copyNameOf } from './template-names';

type OpenDialog = 'saveAs' | 'rename' | 'delete' | undefined;

/** The receipt being edited (its name, whether it has unsaved changes) and what can be done with saved templates. */
export function TemplateBar({ canSave }: { canSave: boolean }) {
  const t = useText();
  const store = useDesignerStore();
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  const [importProblem, setImportProblem] = useState<TextKey | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = isDirty(store);
  const named = store.templateName !== '';

  const save = () => (named ? void store.saveTemplate() : setDialog('saveAs'));
  const exportFile = () => {
    const parsed = parseDocument(store.text);
    if (!parsed.ok) return;
    const samples = samplesToSave(placeholdersIn(partsOf(parsed.value).commands), store.samples);
    const name = store.templateName || store.suggestedName || undefined;
    downloadText(fileNameOf(name), templateFileText({ name, document: parsed.value, samples }));
  };
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = readTemplateFile(await file.text());
    if (!read.ok) return setImportProblem(read.reason);
    setImportProblem(undefined);
    store.requestLeave(() => store.importFile(read.file));
  };

  return (
    <div className="designer-templatebar">
      <div className="designer-templatebar-title">
        <h2 id="designer-receipt-title" data-testid="template-name">
          {named ? store.templateName : t('tplNewReceipt')}
        </h2>
        {dirty && (
          <Badge appearance="tint" color="warning" data-testid="unsaved-badge">
            {t('tplUnsaved')}
          </Badge>
        )}
      </div>
      <div className="designer-templatebar-actions" role="group" aria-labelledby="designer-receipt-title">
        <Button onClick={() => store.requestLeave(store.newReceipt)}>{t('tplNew')}</Button>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button disabled={store.templates.length === 0}>{t('tplOpen')}</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {store.templates.map((template) => (
                <MenuItem key={template.name} onClick={() => store.requestLeave(() => store.openTemplate(template))}>
                  {template.name}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button appearance="primary" disabled={!canSave || (named && !dirty)} onClick={save}>
          {t('save')}
        </Button>
        <Button disabled={!canSave} onClick={() => setDialog('saveAs')}>
          {t('tplSaveAs')}
        </Button>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button>{t('tplMore')}</Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem disabled={!named} onClick={() => setDialog('rename')}>
                {t('tplRename')}
              </MenuItem>
              <MenuItem disabled={!named} onClick={() => void store.duplicateTemplate(copyNameOf(store.templateName, store.templates))}>
                {t('tplDuplicate')}
              </MenuItem>
              <MenuItem disabled={!canSave} onClick={exportFile}>
                {t('tplExport')}
              </MenuItem>
              <MenuItem onClick={() => fileInput.current?.click()}>{t('tplImport')}</MenuItem>
              <MenuItem disabled={!named} onClick={() => setDialog('delete')}>
                {t('tplDelete')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <input ref={fileInput} className="designer-file" type="file" accept="application/json,.json" tabIndex={-1} aria-hidden onChange={(event) => void importFile(event)} data-testid="import-file" />
      </div>
      {importProblem && (
        <MessageBar intent="error" className="designer-templatebar-problem" data-testid="import-problem">
          <MessageBarBody>{t(importProblem)}</MessageBarBody>
          <MessageBarActions>
            <Button appearance="transparent" onClick={() => setImportProblem(undefined)}>
              {t('tplClose')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {dialog === 'saveAs' && (
        <NameDialog
          title={named ? t('tplSaveAsTitle') : t('tplSaveTitle')}
          confirmLabel={t('save')}
          initial={named ? copyNameOf(store.templateName, store.templates) : store.suggestedName}
          templates={store.templates}
          onConfirm={async (name) => ((await store.saveTemplate(name)) ? undefined : 'tplSaveFailed')}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'rename' && (
        <NameDialog
          title={t('tplRenameTitle', { name: store.templateName })}
          confirmLabel={t('tplRenameConfirm')}
          initial={store.templateName}
          current={store.templateName}
          templates={store.templates}
          onConfirm={async (name) => {
            const result = await store.renameTemplate(name);
            return result === 'renamed' ? undefined : result === 'exists' ? 'tplNameTaken' : 'tplRenameFailed';
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteTemplateDialog name={store.templateName} onConfirm={() => void store.deleteTemplate(store.templateName)} onClose={() => setDialog(undefined)} />
      )}
      {store.pendingAction && (
        <UnsavedChangesDialog
          templateName={store.templateName}
          suggestedName={store.suggestedName}
          templates={store.templates}
          onAnswer={(answer, name) => void store.answerLeave(answer, name)}
        />
      )}
    </div>
  );
}
