import { MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { UsbDevicesSeen } from '../../../../shared/contract/printer-probe-types';
import { api } from '../../api/api';
import { useText } from '../../i18n';
import { problemOf, type Problem } from '../../stores/store-problem';
import { ProblemBar } from '../../pages/page-parts';
import type { PrinterChoice } from './add-printer';

/** The USB devices this computer sees, by name and VID:PID, printers first; one is chosen to be added. */
export function UsbDeviceList({ onChoice }: { onChoice(choice: PrinterChoice | null): void }) {
  const t = useText();
  const [seen, setSeen] = useState<UsbDevicesSeen | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    api.usbDevices().then(
      (answer) => live && setSeen(answer),
      (error: unknown) => live && setProblem(problemOf(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => onChoice(chosen === '' ? null : { uri: chosen, kind: 'direct' }), [chosen, onChoice]);

  if (problem) return <ProblemBar problem={problem} />;
  if (!seen) return <Spinner size="small" label={t('loading')} />;
  if (seen.unavailable !== null || seen.devices.length === 0) {
    return (
      <MessageBar intent="info" layout="multiline" data-testid="add-printer-usb-none">
        <MessageBarBody>{t(seen.unavailable !== null ? 'addPrinterUsbUnavailable' : 'addPrinterUsbNone')}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <>
      <Text>{t('addPrinterUsbIntro')}</Text>
      <RadioGroup aria-label={t('addPrinterUsbChoose')} value={chosen} onChange={(_event, data) => setChosen(data.value)}>
        {seen.devices.map((device) => (
          <Radio
            key={device.uri}
            value={device.uri}
            label={
              <>
                {device.name ?? t('addPrinterUsbUnnamed')} <span className="mono" data-service>{`${device.vendorId}:${device.productId}`}</span>
                {device.isPrinter && <> · {t('addPrinterUsbPrinter')}</>}
              </>
            }
          />
        ))}
      </RadioGroup>
    </>
  );
}
