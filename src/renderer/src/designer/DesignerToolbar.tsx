import { Button, Label, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useText } from '../i18n';
import { useDesignerStore } from '../stores/designer-store';

/** Paper width, undo and print: what applies to the whole receipt. */
export function DesignerToolbar({ paper, canEdit, canPrint, blockedReason }: { paper: 58 | 80; canEdit: boolean; canPrint: boolean; blockedReason: string | undefined }) {
  const t = useText();
  const { setPaper, undo, undoStack, print, notice } = useDesignerStore();
  return (
    <div className="designer-toolbar">
      <div className="designer-paper">
        <Label id="designer-paper-label">{t('paper')}</Label>
        <RadioGroup aria-labelledby="designer-paper-label" layout="horizontal" value={String(paper)} disabled={!canEdit} onChange={(_event, next) => setPaper(next.value === '58' ? 58 : 80)}>
          <Radio value="58" label="58 mm" />
          <Radio value="80" label="80 mm" />
        </RadioGroup>
      </div>
      <Button disabled={undoStack.length === 0} onClick={undo}>
        {t('undo')}
      </Button>
      <span className="designer-toolbar-end">
        {notice && (
          <Text data-testid="designer-notice" {...(notice.kind === 'queued' ? { 'data-job-id': notice.id } : {})}>
            {notice.kind === 'queued' ? t('printQueued') : t('templateSaved', { name: notice.name })}
          </Text>
        )}
        {!canPrint && blockedReason && (
          <Text id="designer-print-blocked" className="error" size={200}>
            {blockedReason}
          </Text>
        )}
        <Button appearance="primary" disabled={!canPrint} aria-describedby={!canPrint && blockedReason ? 'designer-print-blocked' : undefined} onClick={() => void print()}>
          {t('print')}
        </Button>
      </span>
    </div>
  );
}
