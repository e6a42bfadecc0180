import { Field, Input, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { EPOS_DEVICE_ID_PATTERN } from '../../../../shared/contract/settings';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { useStatusStore } from '../../stores/status-store';
import { CopyButton } from '../home/CopyButton';
import { eposAddressesOf, webPrntUrlsOf } from './epos-addresses';

interface Props {
  printers: { name: string; shownName: string }[];
  notify: (text: string) => void;
}

/**
 * Epson POS apps (Odoo, apps on Epson's ePOS SDK) print to a printer's address and a device id, Star WebPRNT apps to a
 * printer's URL: the owner types this computer's address (or URL) into the POS, and gives here the printers other than
 * the default one a POS id ("cocina"), which serves both: Epson's "Device ID", and a part of Star's URL.
 */
export function EposDevicesCard({ printers, notify }: Props) {
  const t = useText();
  const status = useStatusStore((state) => state.status);
  const { plain, secure } = eposAddressesOf(status);
  const webPrnt = webPrntUrlsOf(status);
  return (
    <section className="epos-devices" aria-labelledby="epos-title" data-testid="epos-devices">
      <h3 id="epos-title">
        {t('eposTitle')}
      </h3>
      <Text as="p">{t('eposIntro')}</Text>
      <AddressList title={t('eposAddresses')} addresses={plain} testId="epos-address" />
      {secure.length > 0 && <AddressList title={t('eposSecureAddresses')} addresses={secure} testId="epos-address" />}
      <AddressList title={t('webPrntAddresses')} addresses={webPrnt} testId="webprnt-address" />
      <Text as="p" size={200}>
        {t('eposDefaultId')} {t('eposIdHint')}
      </Text>
      <div className="epos-device-list">
        {printers.map((printer) => (
          <EposIdField key={printer.name} printer={printer.name} shownName={printer.shownName} notify={notify} />
        ))}
      </div>
    </section>
  );
}

function AddressList({ title, addresses, testId }: { title: string; addresses: string[]; testId: string }) {
  const t = useText();
  if (addresses.length === 0) return null;
  return (
    <div className="epos-addresses">
      <Text weight="semibold">{title}</Text>
      {addresses.map((address) => (
        <div key={address} className="epos-address">
          <Text className="mono" data-testid={testId}>
            {address}
          </Text>
          <CopyButton text={address} label={t('eposCopyAddressOf', { address })} />
        </div>
      ))}
    </div>
  );
}

function EposIdField({ printer, shownName, notify }: { printer: string; shownName: string; notify: (text: string) => void }) {
  const t = useText();
  const settings = useSettingsStore((state) => state.settings);
  const save = useSettingsStore((state) => state.save);
  const entries = settings?.eposDevices ?? [];
  const saved = entries.find((entry) => entry.printer === printer)?.id ?? '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = draft ?? saved;
  const trimmed = value.trim();
  const invalid = trimmed !== '' && !EPOS_DEVICE_ID_PATTERN.test(trimmed);
  const taken = trimmed !== '' && entries.some((entry) => entry.printer !== printer && entry.id.toLowerCase() === trimmed.toLowerCase());

  const commit = async (): Promise<void> => {
    if (draft === undefined || trimmed === saved || invalid || taken) return;
    const others = entries.filter((entry) => entry.printer !== printer);
    await save({ eposDevices: trimmed === '' ? others : [...others, { id: trimmed, printer }] }, {});
    if (!useSettingsStore.getState().saved) return;
    setDraft(undefined);
    notify(trimmed === '' ? t('eposIdRemoved', { name: shownName }) : t('eposIdSaved', { name: shownName, id: trimmed }));
  };

  return (
    <Field
      label={`${t('eposIdLabel')}: ${shownName}`}
      validationState={invalid || taken ? 'error' : 'none'}
      validationMessage={invalid ? t('eposIdInvalid') : taken ? t('eposIdTaken') : undefined}
    >
      <Input
        value={value}
        disabled={!settings}
        maxLength={30}
        onChange={(_event, data) => setDraft(data.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit();
        }}
      />
    </Field>
  );
}
