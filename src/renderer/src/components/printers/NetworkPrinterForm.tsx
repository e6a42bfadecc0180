import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { PrinterProbe } from '../../../../shared/contract/printer-probe-types';
import { api } from '../../api/api';
import { useText } from '../../i18n';
import { problemOf, type Problem } from '../../stores/store-problem';
import { ProblemBar } from '../../pages/page-parts';
import { ADDRESS_PATTERN, tcpUri, type PrinterChoice } from './add-printer';
import { probeMessage } from './probe-text';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-start' },
  address: { flex: '1 1 220px', minWidth: '200px' },
  port: { flex: '0 0 110px' },
  stack: { display: 'flex', flexDirection: 'column', gap: '12px' },
  probeRow: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center' },
});

interface Props {
  /** The model chosen below the tabs: a Star model is asked in Star's language. */
  model: string;
  onChoice(choice: PrinterChoice | null): void;
}

/** Address and port of a network printer, with "Probar conexión" saying what is there (nothing is printed). */
export function NetworkPrinterForm({ model, onChoice }: Props) {
  const t = useText();
  const styles = useStyles();
  const [address, setAddress] = useState('');
  const [portText, setPortText] = useState('9100');
  const [probing, setProbing] = useState(false);
  const [probe, setProbe] = useState<{ result: PrinterProbe; address: string; port: number } | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const port = Number(portText);
  const addressOk = ADDRESS_PATTERN.test(address.trim());
  const portOk = /^\d{1,5}$/.test(portText.trim()) && port >= 1 && port <= 65_535;
  const valid = addressOk && portOk;

  useEffect(() => {
    onChoice(valid ? { uri: tcpUri(address, port), kind: 'direct' } : null);
  }, [valid, address, port, onChoice]);

  const test = async (): Promise<void> => {
    if (!valid) return;
    setProbing(true);
    setProblem(undefined);
    try {
      const result = await api.probePrinter({ host: address.trim(), port, ...(model !== '' ? { model } : {}) });
      setProbe({ result, address: address.trim(), port });
    } catch (error) {
      setProbe(undefined);
      setProblem(problemOf(error));
    } finally {
      setProbing(false);
    }
  };
  const message = probe ? probeMessage(probe.result, probe.address, probe.port, t) : undefined;

  return (
    <div className={styles.stack}>
      <div className={styles.row}>
        <Field
          className={styles.address}
          label={t('addPrinterAddress')}
          hint={t('addPrinterAddressHint')}
          validationMessage={address.trim() !== '' && !addressOk ? t('addPrinterAddressInvalid') : undefined}
        >
          <Input
            value={address}
            placeholder="192.168.1.50"
            inputMode="decimal"
            data-testid="add-printer-address"
            onChange={(_event, data) => {
              setAddress(data.value);
              setProbe(undefined);
            }}
          />
        </Field>
        <Field className={styles.port} label={t('addPrinterPort')} hint={t('addPrinterPortHint')} validationMessage={portOk ? undefined : t('addPrinterPortInvalid')}>
          <Input
            value={portText}
            inputMode="numeric"
            data-testid="add-printer-port"
            onChange={(_event, data) => {
              setPortText(data.value);
              setProbe(undefined);
            }}
          />
        </Field>
      </div>
      <div className={styles.probeRow}>
        <Button onClick={() => void test()} disabled={!valid || probing} icon={probing ? <Spinner size="extra-tiny" /> : undefined}>
          {probing ? t('addPrinterProbing') : t('addPrinterProbe')}
        </Button>
        <Text size={200}>{t('addPrinterProbeNothingPrinted')}</Text>
      </div>
      {message && (
        <MessageBar intent={message.intent} layout="multiline" data-testid="add-printer-probe-result" data-found={probe?.result.found}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {problem && <ProblemBar problem={problem} />}
    </div>
  );
}
