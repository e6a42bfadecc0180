import { Button, Checkbox, Field, Input, Select, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { DEFAULT_POLL_SECONDS, onlineOrderUrlProblem, type OnlineOrderInput, type OnlineOrderProtocol } from '../../../../shared/contract/online-orders';
import type { OnlineOrderRow } from '../../../../shared/contract/online-order-state';
import { useText } from '../../i18n';
import { printerOptionTexts } from '../printers/printer-label';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px', maxWidth: '36rem' },
  heading: { margin: '4px 0 0', fontSize: '1rem' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
});

export interface FormProps {
  /** The server being changed; undefined to add one. */
  editing: OnlineOrderRow | undefined;
  /** Printers the service knows, by the name jobs use. */
  printers: string[];
  busy: boolean;
  onSave(input: OnlineOrderInput): void;
  onCancel(): void;
}

/** Adding or changing one order server. Not a <form>: it sits inside Settings' own form, and never submits it. */
export function OnlineOrderForm({ editing, printers, busy, onSave, onCancel }: FormProps) {
  const t = useText();
  const styles = useStyles();
  const start = editing?.binding;
  const [protocol, setProtocol] = useState<OnlineOrderProtocol>(start?.protocol ?? 'cloudprnt');
  const [url, setUrl] = useState(start?.url ?? '');
  const [printer, setPrinter] = useState(start?.printer ?? 'default');
  const [interval, setInterval] = useState(String(start?.intervalSeconds ?? DEFAULT_POLL_SECONDS));
  const [user, setUser] = useState(start?.user ?? '');
  const [password, setPassword] = useState('');
  const [forgetPassword, setForgetPassword] = useState(false);
  const [deviceId, setDeviceId] = useState(start?.deviceId ?? '');
  const [name, setName] = useState(start?.name ?? '');
  const [statusUrl, setStatusUrl] = useState(start?.statusUrl ?? '');
  const [tried, setTried] = useState(false);

  const seconds = Number(interval);
  const urlBad = onlineOrderUrlProblem(url.trim()) !== undefined;
  const statusBad = statusUrl.trim() !== '' && onlineOrderUrlProblem(statusUrl.trim()) !== undefined;
  const intervalBad = !Number.isInteger(seconds) || seconds < 1 || seconds > 3600;
  const choices = [...new Set([...(printer === 'default' ? [] : [printer]), ...printers])];

  const save = (): void => {
    setTried(true);
    if (urlBad || statusBad || intervalBad) return;
    const secret = forgetPassword ? '' : password === '' ? undefined : password;
    onSave({
      ...(start ? { id: start.id } : {}),
      protocol,
      url: url.trim(),
      printer,
      intervalSeconds: seconds,
      user: user.trim(),
      deviceId: protocol === 'sdp' ? deviceId.trim() : '',
      name: protocol === 'sdp' ? name.trim() : '',
      statusUrl: protocol === 'sdp' ? statusUrl.trim() : '',
      ...(secret !== undefined ? { password: secret } : {}),
    });
  };
  const error = (bad: boolean, text: string) => (tried && bad ? { validationState: 'error' as const, validationMessage: text } : {});

  return (
    <div className={styles.form} role="group" aria-labelledby="online-order-form-title" data-testid="online-order-form">
      <h4 id="online-order-form-title" className={styles.heading}>
        {t(start ? 'ooEditTitle' : 'ooAddTitle')}
      </h4>
      <Field label={t('ooProtocol')}>
        <Select value={protocol} onChange={(_event, data) => setProtocol(data.value === 'sdp' ? 'sdp' : 'cloudprnt')}>
          <option value="cloudprnt">{t('ooCloudprnt')}</option>
          <option value="sdp">{t('ooSdp')}</option>
        </Select>
      </Field>
      <Field label={t('ooUrl')} hint={t('ooUrlHint')} required {...error(urlBad, t('ooUrlInvalid'))}>
        <Input value={url} type="url" onChange={(_event, data) => setUrl(data.value)} />
      </Field>
      <Field label={t('ooPrinter')}>
        <Select value={printer} onChange={(_event, data) => setPrinter(data.value)}>
          <option value="default">{t('ooDefaultPrinter')}</option>
          {printerOptionTexts(choices, t).map((option) => (
            <option key={option.printer} value={option.printer}>
              {option.text}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('ooInterval')} {...error(intervalBad, t('ooIntervalInvalid'))}>
        <Input type="number" min={1} max={3600} value={interval} onChange={(_event, data) => setInterval(data.value)} />
      </Field>
      <Field label={t('ooUser')}>
        <Input value={user} autoComplete="off" onChange={(_event, data) => setUser(data.value)} />
      </Field>
      <Field label={t('ooPassword')} hint={editing?.passwordSet ? t('ooPasswordKept') : undefined}>
        <Input type="password" value={password} autoComplete="new-password" disabled={forgetPassword} onChange={(_event, data) => setPassword(data.value)} />
      </Field>
      {editing?.passwordSet && <Checkbox label={t('ooForgetPassword')} checked={forgetPassword} onChange={(_event, data) => setForgetPassword(data.checked === true)} />}
      {protocol === 'sdp' && (
        <>
          <Field label={t('ooDeviceId')}>
            <Input value={deviceId} maxLength={64} onChange={(_event, data) => setDeviceId(data.value)} />
          </Field>
          <Field label={t('ooDeviceName')}>
            <Input value={name} maxLength={64} onChange={(_event, data) => setName(data.value)} />
          </Field>
          <Field label={t('ooStatusUrl')} {...error(statusBad, t('ooUrlInvalid'))}>
            <Input value={statusUrl} type="url" onChange={(_event, data) => setStatusUrl(data.value)} />
          </Field>
        </>
      )}
      <div className={styles.actions}>
        <Button type="button" appearance="primary" disabled={busy} onClick={save}>
          {t('ooSave')}
        </Button>
        <Button type="button" disabled={busy} onClick={onCancel}>
          {t('ooCancel')}
        </Button>
      </div>
    </div>
  );
}
