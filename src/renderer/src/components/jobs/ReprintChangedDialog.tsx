import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import type { PaperGeometry } from '../../../../shared/document/paper';
import { useText } from '../../i18n';
import type { LayoutChange } from './reprint-layout';

interface Props {
  change: LayoutChange | null;
  onReprint(): void;
  onCancel(): void;
}

/**
 * Asked before a reprint that would come out differently from the first print: "Se imprimió en 80 mm · 48
 * columnas; ahora la impresora es de 58 mm · 32 columnas". The owner goes on or keeps the ticket as it is.
 */
export function ReprintChangedDialog({ change, onReprint, onCancel }: Props) {
  const t = useText();
  // The dots are said only when roll and columns read the same on both (otherwise they add nothing).
  const withDots = change !== null && change.before.paperMm === change.now.paperMm && change.before.columnsA === change.now.columnsA;
  const words = (geometry: PaperGeometry): string =>
    t(withDots ? 'layoutWordsDots' : 'layoutWords', { mm: geometry.paperMm, columns: geometry.columnsA, dots: geometry.dots });
  return (
    <Dialog modalType="alert" open={change !== null} onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface aria-describedby="reprint-changed-text" data-testid="reprint-changed-dialog">
        <DialogBody>
          <DialogTitle>{t('reprintChangedTitle')}</DialogTitle>
          <DialogContent>
            {change && (
              <>
                <Text as="p" block id="reprint-changed-text" data-testid="reprint-changed-text">
                  {t('reprintChangedBody', { before: words(change.before), now: words(change.now) })}
                </Text>
                <Text as="p" block>{t('reprintChangedHint')}</Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onReprint}>
              {t('reprintAnyway')}
            </Button>
            <Button onClick={onCancel}>{t('reprintChangedCancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
