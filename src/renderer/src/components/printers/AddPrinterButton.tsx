import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useText } from '../../i18n';
import { AddPrinterDialog } from './AddPrinterDialog';

interface Props {
  appearance?: 'primary' | 'secondary';
  /** Told what was added (the URI or queue name) and whether tickets go to it now. */
  onAdded?(name: string, asDefault: boolean): void;
}

/** "Añadir impresora", where the owner looks for it: the Printers page and the home guide's first step. */
export function AddPrinterButton({ appearance = 'secondary', onAdded }: Props) {
  const t = useText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button appearance={appearance} icon={<Add20Regular />} onClick={() => setOpen(true)} data-testid="add-printer">
        {t('addPrinter')}
      </Button>
      {open && <AddPrinterDialog open onClose={() => setOpen(false)} onAdded={(name, asDefault) => onAdded?.(name, asDefault)} />}
    </>
  );
}
