import { Button, MessageBar, MessageBarActions, MessageBarBody, Tab, TabList, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentPaper } from '../../../shared/document/paper';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import { PreviewPane } from '../components/PreviewPane';
import { useUnloadGuard } from '../components/use-unload-guard';
import { AddBlockMenu } from '../designer/AddBlockMenu';
import { BlockForm } from '../designer/BlockForm';
import { BlockList } from '../designer/BlockList';
import { checkCommand, problemOfServiceError, type BlockProblem } from '../designer/block-errors';
import { blockNameKey } from '../designer/block-names';
import { warningsOf } from '../designer/block-warnings';
import { dataOf, partsOf, typeOf } from '../designer/blocks';
import { DesignerToolbar } from '../designer/DesignerToolbar';
import { parseDocument } from '../designer/document-text';
import { useImageWidths } from '../designer/image-widths';
import { JsonView } from '../designer/JsonView';
import { PrinterModelPicker } from '../designer/PrinterModelPicker';
import { documentModelOf, useTicketPrinter } from '../designer/ticket-printer';
import { defaultSample, fillCommands, placeholdersIn } from '../designer/placeholders';
import { SamplesPanel } from '../designer/SamplesPanel';
import { TemplateBar } from '../designer/TemplateBar';
import { DesignerFailure } from '../designer/template-refusal';
import { VariantBanner } from '../designer/translate/TranslateTools';
import { useText } from '../i18n';
import { isDirty, isEmptyImage, useDesignerStore } from '../stores/designer-store';
import { TechnicalDetail } from './page-parts';
import { KeptDraftNote } from '../designer/KeptDraftNote';
import { restoreKeptDraft } from '../designer/kept-draft';
import { isLeavingToSignIn } from '../sign-in-again';
import { useConnectionStore } from '../stores/connection-store';
import '../designer/designer.css';

type View = 'block' | 'json';

const MM_PER_INCH = 25.4;

/** Ticket design: the receipt as a list of blocks, the selected block's form (or the JSON), the live preview. */
/** The first field of the selected block's form (a block may start with a text, a number or a choice). */
const FIRST_FIELD = '.designer-form :is(input, textarea, select, button[role="combobox"]):not([disabled], [type="hidden"])';

export function DesignerPage() {
  const t = useText();
  const { i18n } = useTranslation();
  const store = useDesignerStore();
  const [view, setView] = useState<View>('block');
  const signedOut = useConnectionStore((state) => state.state === 'signed-out');
  // On the way to sign in again the unsaved receipt is kept for the trip (kept-draft.ts): nothing to ask.
  useUnloadGuard(() => isDirty(useDesignerStore.getState()) && !isLeavingToSignIn());
  useEffect(() => {
    void useDesignerStore
      .getState()
      .loadTemplates()
      // Back from signing in again: the receipt as it was, unsaved edits included; otherwise the last template.
      .then(() => restoreKeptDraft() || useDesignerStore.getState().reopenLast());
    void useDesignerStore.getState().refreshPreview();
  }, []);

  const parsed = parseDocument(store.text);
  const { base, commands } = parsed.ok ? partsOf(parsed.value) : { base: {}, commands: [] };
  // The receipt is laid out (and previewed) for the model of the printer it goes to, as the print queue does.
  const ticketPrinter = useTicketPrinter(requestedPrinterOf(base) ?? undefined);
  useEffect(() => useDesignerStore.getState().setPrinterModel(ticketPrinter.model), [ticketPrinter.model]);
  const profile = documentProfile(base, ticketPrinter.model);
  const geometry = documentPaper(base, profile);

  // Placeholders get a first sample value in the window's language; the owner can change it.
  const placeholders = placeholdersIn(commands);
  const missingKey = placeholders.filter((name) => store.samples[name] === undefined).join('\n');
  useEffect(() => {
    if (missingKey === '') return;
    const names = missingKey.split('\n');
    useDesignerStore.getState().addDefaultSamples(Object.fromEntries(names.map((name) => [name, defaultSample(name, i18n.language)])));
  }, [missingKey, i18n.language]);

  // Problems per block, on the receipt as it prints (samples in place): found here while typing, and the
  // service's verdict on the last preview.
  const problems: BlockProblem[][] = fillCommands(commands, store.samples).map(checkCommand);
  const serviceError = store.preview?.error ? problemOfServiceError(store.preview.error) : undefined;
  const serviceIndex = serviceError?.index;
  if (serviceError && serviceIndex !== undefined && serviceIndex < commands.length) {
    const list = problems[serviceIndex] ?? [];
    if (!list.some((problem) => problem.field !== undefined && problem.field === serviceError.problem.field)) problems[serviceIndex] = [...list, serviceError.problem];
  }
  const imageWidths = useImageWidths(commands.filter((command) => typeOf(command) === 'image').map((command) => String(dataOf(command)['image'] ?? '')));
  const { codePages } = profile;
  const warnings = commands.map((command) => warningsOf(command, geometry, imageWidths.get(String(dataOf(command)['image'] ?? '')), codePages));
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
  // Where the form sits under the list (a small window), picking a block brings its form into sight: otherwise
  // nothing would seem to happen.
  const selectFromList = (index: number) => {
    store.select(index);
    setView('block');
    requestAnimationFrame(() => {
      const title = document.getElementById('designer-editor-title');
      if (title && title.getBoundingClientRect().top > window.innerHeight - 96) title.scrollIntoView({ block: 'start' });
      // The cursor goes to the block's first field: picking a block is to change it, so typing starts at once.
      document.querySelector<HTMLElement>(FIRST_FIELD)?.focus({ preventScroll: true });
    });
  };
  const selectFromPreview = (index: number) => {
    store.select(index);
    setView('block');
    document.querySelector(`[data-testid="block-${index + 1}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="designer" aria-label={t('designer')}>
      <TemplateBar canSave={parsed.ok} />
      <DesignerToolbar
        paper={geometry.paperMm}
        canEdit={parsed.ok}
        canPrint={canPrint}
        blockedReason={blockedReason}
        withSamples={placeholders.length > 0}
        model={
          <PrinterModelPicker
            documentModel={documentModelOf(base)}
            printerName={ticketPrinter.name}
            printerModel={ticketPrinter.model}
            geometry={geometry}
            disabled={!parsed.ok}
            onChoose={store.setModel}
          />
        }
      />
      <VariantBanner />
      <KeptDraftNote />
      {store.deleted !== undefined && (
        <MessageBar intent="info">
          <MessageBarBody>{t('blockDeleted', { name: t(blockNameKey(store.deleted)) })}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={store.undo}>{t('undo')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {/* Signed out, every call fails with "sign in first": the window's one "Sign in again" banner says it. */}
      {store.error && !signedOut && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <DesignerFailure message={store.error} />
            <TechnicalDetail detail={store.error} />
          </MessageBarBody>
        </MessageBar>
      )}
      <div className="designer-grid">
        <div className="designer-column designer-area-blocks">
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
                warnings={warnings}
                onSelect={selectFromList}
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
        </div>
        <div className="designer-column designer-area-editor">
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
              <BlockForm
                key={store.ids[selected]}
                command={selectedCommand}
                problems={problems[selected] ?? []}
                paper={{ dots: geometry.dots, dotsPerMm: profile.dpi / MM_PER_INCH }}
                onChange={(command) => store.updateCommand(selected, command)}
              />
            </div>
          )}
          <SamplesPanel names={placeholders} samples={store.samples} onChange={store.setSample} />
        </div>
        <div className="designer-column designer-area-preview paper">
          <h2>{t('preview')}</h2>
          <PreviewPane
            preview={store.preview}
            selected={selected}
            onSelect={selectFromPreview}
            missingImages={commands.flatMap((command, index) => (isEmptyImage(command) ? [index] : []))}
          />
        </div>
      </div>
    </section>
  );
}
