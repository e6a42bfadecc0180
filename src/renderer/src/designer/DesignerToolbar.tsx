import { Button, Label, Radio, RadioGroup, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useText, type TextKey } from '../i18n';
import { useDesignerStore, type DesignerNotice } from '../stores/designer-store';
import { TranslateTools } from './translate/TranslateTools';

const NOTICE_TEXT: Record<Exclude<DesignerNotice['kind'], 'queued'>, TextKey> = {
  saved: 'templateSaved',
  renamed: 'tplRenamed',
  duplicated: 'tplDuplicated',
  deleted: 'tplDeleted',
  imported: 'tplImported',
};

/** Paper width, printer model, undo and print: what applies to the whole receipt. */
export function DesignerToolbar(props: { paper: 58 | 80; canEdit: boolean; canPrint: boolean; blockedReason: string | undefined; withSamples: boolean; model: ReactNode }) {
  const { paper, canEdit, canPrint, blockedReason } = props;
  const t = useText();
  const { setPaper, undo, undoStack, print, notice } = useDesignerStore();
  return (
    <div className="designer-toolbar">
      {/* What the receipt prints on, then what edits it: each group wraps as a whole on a narrow window. */}
      <div className="designer-roll">
        <div className="designer-paper">
          <Label id="designer-paper-label">{t('paper')}</Label>
          <RadioGroup aria-labelledby="designer-paper-label" layout="horizontal" value={String(paper)} disabled={!canEdit} onChange={(_event, next) => setPaper(next.value === '58' ? 58 : 80)}>
            <Radio value="58" label="58 mm" />
            <Radio value="80" label="80 mm" />
          </RadioGroup>
        </div>
        {props.model}
      </div>
      <span className="designer-toolbar-edit">
        <Button disabled={undoStack.length === 0} onClick={undo}>
          {t('undo')}
        </Button>
        <TranslateTools canEdit={canEdit} />
      </span>
      <span className="designer-toolbar-end">
        {notice && (
          <Text data-testid="designer-notice" role="status" {...(notice.kind === 'queued' ? { 'data-job-id': notice.id } : {})}>
            {notice.kind === 'queued' ? t('printQueued') : t(NOTICE_TEXT[notice.kind], { name: notice.name })}
          </Text>
        )}
        {!canPrint && blockedReason && (
          <Text id="designer-print-blocked" className="error" size={200}>
            {blockedReason}
          </Text>
        )}
        <Button appearance="primary" disabled={!canPrint} aria-describedby={!canPrint && blockedReason ? 'designer-print-blocked' : undefined} onClick={() => void print()}>
          {props.withSamples ? t('printSample') : t('print')}
        </Button>
      </span>
    </div>
  );
}
