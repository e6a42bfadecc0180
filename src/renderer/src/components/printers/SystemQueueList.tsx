import { Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useText } from '../../i18n';
import { usePrintersStore } from '../../stores/printers-store';
import { isDirectUri, type PrinterChoice } from './add-printer';

/** The system's own printers (Windows queues, CUPS): already listed, so adding one means sending tickets to it. */
export function SystemQueueList({ onChoice }: { onChoice(choice: PrinterChoice | null): void }) {
  const t = useText();
  const list = usePrintersStore((state) => state.list);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (!list) void usePrintersStore.getState().load();
  }, [list]);
  useEffect(() => onChoice(chosen === '' ? null : { uri: chosen, kind: 'queue' }), [chosen, onChoice]);
  const queues = (list?.printers ?? []).filter((printer) => !printer.is_virtual && !isDirectUri(printer.name));
  if (queues.length === 0) return <Text data-testid="add-printer-system-none">{t('addPrinterSystemNone')}</Text>;
  return (
    <>
      <Text>{t('addPrinterSystemIntro')}</Text>
      <RadioGroup aria-label={t('addPrinterSystemChoose')} value={chosen} onChange={(_event, data) => setChosen(data.value)}>
        {queues.map((printer) => (
          <Radio key={printer.name} value={printer.name} label={<span data-service>{printer.name}</span>} />
        ))}
      </RadioGroup>
    </>
  );
}
