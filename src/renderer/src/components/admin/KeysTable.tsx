import { Button, Input, Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useState } from 'react';
import type { AdminKey } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import { millisecondsToMinutes } from './speech-minutes';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';

interface Props {
  keys: AdminKey[];
  /** Resolves true when the service took the new label (the row then leaves edit mode). */
  onRename(key: AdminKey, label: string): Promise<boolean>;
  onLimits(key: AdminKey): void;
  onDeactivate(key: AdminKey): void;
}

/** The active keys: label (renamed in place) over the id, creation, limits, and what can be done with each. */
export function KeysTable({ keys, onRename, onLimits, onDeactivate }: Props) {
  const t = useText();
  const styles = useAdminStyles();
  return (
    <Table aria-label={t('activeKeys')} className="fixed-table" data-testid="active-keys">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('colLabel')}</TableHeaderCell>
          <TableHeaderCell style={{ width: '8rem' }}>{t('colCreated')}</TableHeaderCell>
          <TableHeaderCell style={{ width: '13rem' }}>{t('colLimits')}</TableHeaderCell>
          <TableHeaderCell style={{ width: '12rem' }}>{t('actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.keyId} data-testid="key-row">
            <TableCell>
              <LabelCell adminKey={key} onRename={onRename} />
            </TableCell>
            <TableCell>
              <CreatedOn iso={key.createdAt} />
            </TableCell>
            <TableCell>
              <Limits adminKey={key} />
            </TableCell>
            <TableCell>
              <div className={styles.actions}>
                <Button size="small" onClick={() => onLimits(key)} aria-label={t('setLimitsOf', { label: key.label })}>
                  {t('setLimits')}
                </Button>
                <Button size="small" onClick={() => onDeactivate(key)} aria-label={t('deactivateKey', { label: key.label })}>
                  {t('deactivate')}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Two GUIDs are too long for a column: the start and end identify the key, the whole id is in the tooltip. */
export function KeyId({ keyId }: { keyId: string }) {
  const styles = useAdminStyles();
  const short = keyId.length > 20 ? `${keyId.slice(0, 8)}…${keyId.slice(-6)}` : keyId;
  return (
    <span className={styles.keyId} title={keyId} data-service data-key-id={keyId}>
      {short}
    </span>
  );
}

function CreatedOn({ iso }: { iso: string }) {
  const { date } = useAdminFormats();
  return <>{date(iso)}</>;
}

/** The key's label, or while renaming an input with save and cancel (Enter saves, Escape cancels). */
function LabelCell({ adminKey, onRename }: { adminKey: AdminKey; onRename: Props['onRename'] }) {
  const t = useText();
  const styles = useAdminStyles();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  if (draft === undefined) {
    return (
      <div className={styles.rename}>
        <TableCellLayout truncate className={styles.labelText} description={<KeyId keyId={adminKey.keyId} />}>
          <span title={adminKey.label}>{adminKey.label}</span>
        </TableCellLayout>
        <Button size="small" appearance="subtle" onClick={() => setDraft(adminKey.label)} aria-label={t('renameKey', { label: adminKey.label })}>
          {t('rename')}
        </Button>
      </div>
    );
  }
  const save = async (): Promise<void> => {
    const label = draft.trim();
    if (label === '' || label === adminKey.label) {
      setDraft(undefined);
      return;
    }
    setSaving(true);
    const saved = await onRename(adminKey, label);
    setSaving(false);
    if (saved) setDraft(undefined);
  };
  return (
    <form
      className={styles.rename}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Input
        size="small"
        value={draft}
        maxLength={256}
        autoFocus
        aria-label={t('newLabel', { label: adminKey.label })}
        onChange={(_event, data) => setDraft(data.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(undefined);
        }}
      />
      <Button size="small" appearance="primary" type="submit" disabled={saving || draft.trim() === ''}>
        {t('save')}
      </Button>
      <Button size="small" onClick={() => setDraft(undefined)} disabled={saving}>
        {t('cancel')}
      </Button>
    </form>
  );
}

export function Limits({ adminKey }: { adminKey: AdminKey }) {
  const t = useText();
  const styles = useAdminStyles();
  const { number, minutes } = useAdminFormats();
  const { characters, speechToTextMilliseconds } = adminKey.limits;
  return (
    <span className={styles.limits} data-testid="key-limits">
      <span>{t('limitCharacters', { value: characters === null ? t('noLimit') : number(characters) })}</span>
      <span>{t('limitSpeech', { value: speechToTextMilliseconds === null ? t('noLimit') : t('minutesValue', { value: minutes(millisecondsToMinutes(speechToTextMilliseconds)) }) })}</span>
    </span>
  );
}
