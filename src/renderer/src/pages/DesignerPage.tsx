import { Button, MessageBar, MessageBarActions, MessageBarBody, Tab, TabList, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { paperGeometry } from '../../../shared/document/paper';
import { PreviewPane } from '../components/PreviewPane';
import { AddBlockMenu } from '../designer/AddBlockMenu';
import { BlockForm } from '../designer/BlockForm';
import { BlockList } from '../designer/BlockList';
import { checkCommand, problemOfServiceError, type BlockProblem } from '../designer/block-errors';
import { blockNameKey } from '../designer/block-names';
import { partsOf, typeOf } from '../designer/blocks';
import { DesignerToolbar } from '../designer/DesignerToolbar';
import { parseDocument } from '../designer/document-text';
import { JsonView } from '../designer/JsonView';
import { TemplatesPanel } from '../designer/TemplatesPanel';
import { useText } from '../i18n';
import { useDesignerStore } from '../stores/designer-store';
import { TechnicalDetail } from './page-parts';

type View = 'block' | 'json';

/** Ticket design: the receipt as a list of blocks, the selected block's form (or the JSON), the live preview. */
export function DesignerPage() {
  const t = useText();
  const store = useDesignerStore();
  const [view, setView] = useState<View>('block');
  useEffect(() => {
    void useDesignerStore.getState().loadTemplates();
    void useDesignerStore.getState().refreshPreview();
  }, []);

  const parsed = parseDocument(store.text);
  const { base, commands } = parsed.ok ? partsOf(parsed.value) : { base: {}, commands: [] };
  const profile = (base['profile'] ?? {}) as { paper_width?: unknown };
  const paper = paperGeometry(typeof profile.paper_width === 'number' ? profile.paper_width : undefined).paperMm;

  // Problems per block: found here while typing, and the service's verdict on the last preview.
  const problems: BlockProblem[][] = commands.map(checkCommand);
  const serviceError = store.preview?.error ? problemOfServiceError(store.preview.error) : undefined;
  const serviceIndex = serviceError?.index;
  if (serviceError && serviceIndex !== undefined && serviceIndex < commands.length) {
    const list = problems[serviceIndex] ?? [];
    if (!list.some((problem) => problem.field !== undefined && problem.field === serviceError.problem.field)) problems[serviceIndex] = [...list, serviceError.problem];
  }
  const firstInvalid = problems.findIndex((list) => list.length > 0);
  const documentProblem = serviceError && (serviceIndex === undefined || serviceIndex >= commands.length) ? serviceError.problem : undefined;
  const canPrint = parsed.ok && firstInvalid === -1 && !documentProblem && commands.length > 0;
  const blockedReason = !parsed.ok
    ? t('blockedJson')
    : firstInvalid !== -1
      ? t('blockedBlock', { n: firstInvalid + 1 })
      : documentProblem
        ? t(documentProblem.key)
        : commands.length === 0
          ? t('blockedEmpty')
          : undefined;

  const selected = store.selected !== undefined && store.selected < commands.length ? store.selected : undefined;
  const selectedCommand = selected === undefined ? undefined : commands[selected];

  return (
    <section className="designer" aria-label={t('designer')}>
      <DesignerToolbar paper={paper} canEdit={parsed.ok} canPrint={canPrint} blockedReason={blockedReason} />
      {store.deleted !== undefined && (
        <MessageBar intent="info">
          <MessageBarBody>{t('blockDeleted', { name: t(blockNameKey(store.deleted)) })}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={store.undo}>{t('undo')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {store.error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {t('designerFailed')}
            <TechnicalDetail detail={store.error} />
          </MessageBarBody>
        </MessageBar>
      )}
      <div className="designer-grid">
        <div className="designer-column">
          <div className="designer-head">
            <h2>{t('blocks')}</h2>
            <AddBlockMenu after={selected} disabled={!parsed.ok} onAdd={(type, at) => store.addCommand(type, at)} />
          </div>
          {parsed.ok ? (
            commands.length === 0 ? (
              <p className="muted">{t('noBlocks')}</p>
            ) : (
              <BlockList
                ids={store.ids}
                commands={commands}
                selected={selected}
                problems={problems}
                onSelect={store.select}
                onMove={store.moveCommand}
                onDuplicate={store.duplicateCommand}
                onRemove={store.removeCommand}
              />
            )
          ) : (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{t('blocksNeedJson')}</MessageBarBody>
            </MessageBar>
          )}
          <TemplatesPanel canSave={parsed.ok} />
        </div>
        <div className="designer-column">
          <TabList selectedValue={view} onTabSelect={(_event, data) => setView(data.value === 'json' ? 'json' : 'block')}>
            <Tab value="block">{t('blockTab')}</Tab>
            <Tab value="json">{t('jsonTab')}</Tab>
          </TabList>
          {view === 'json' ? (
            <JsonView text={store.text} parseError={store.parseError} onChange={store.setText} />
          ) : selected === undefined ? (
            <Text as="p" className="muted">
              {commands.length === 0 ? t('noBlocks') : t('pickBlock')}
            </Text>
          ) : (
            <div className="designer-editor" role="region" aria-labelledby="designer-editor-title">
              <h2 id="designer-editor-title">
                {t('editingBlock', { n: selected + 1, name: t(blockNameKey(typeOf(selectedCommand))) })}
              </h2>
              <BlockForm key={store.ids[selected]} command={selectedCommand} problems={problems[selected] ?? []} onChange={(command) => store.updateCommand(selected, command)} />
            </div>
          )}
        </div>
        <div className="designer-column paper">
          <h2>{t('preview')}</h2>
          <PreviewPane preview={store.preview} />
        </div>
      </div>
    </section>
  );
}
