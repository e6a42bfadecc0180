import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { AdminKey, KeyLimits } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import type { AdminOutcome, AdminTrouble } from '../../stores/admin-call';
import { AdminTroubleBar } from './AdminTroubleBar';
import { useAdminStyles } from './admin-styles';
import { millisecondsToMinutes, minutesToMilliseconds } from './speech-minutes';

interface Props {
  adminKey: AdminKey | undefined;
  onClose(): void;
  onSave(key: AdminKey, limits: KeyLimits): Promise<AdminOutcome<AdminKey>>;
}

interface Draft {
  characters: string;
  charactersUnlimited: boolean;
  minutes: string;
  minutesUnlimited: boolean;
}

const WHOLE = /^\d{1,15}$/;
/** Minutes as people type them: `90`, `1.5` or, in Spanish, `1,5`. */
const DECIMAL = /^\d{1,12}([.,]\d{1,4})?$/;

function draftOf(key: AdminKey): Draft {
  const { characters, speechToTextMilliseconds } = key.limits;
  return {
    characters: characters === null ? '' : String(characters),
    charactersUnlimited: characters === null,
    minutes: speechToTextMilliseconds === null ? '' : String(Number(millisecondsToMinutes(speechToTextMilliseconds).toFixed(4))),
    minutesUnlimited: speechToTextMilliseconds === null,
  };
}

/** Sets or removes a key's monthly limits: characters, and speech to text in minutes (the service keeps milliseconds). */
export function LimitsDialog({ adminKey, onClose, onSave }: Props) {
  const t = useText();
  const styles = useAdminStyles();
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [trouble, setTrouble] = useState<AdminTrouble | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setDraft(adminKey ? draftOf(adminKey) : undefined);
    setTrouble(undefined);
  }, [adminKey]);

  const charactersBad = draft !== undefined && !draft.charactersUnlimited && !WHOLE.test(draft.characters.trim());
  const minutesBad = draft !== undefined && !draft.minutesUnlimited && !DECIMAL.test(draft.minutes.trim());
  const save = async (): Promise<void> => {
    if (!adminKey || !draft || charactersBad || minutesBad) return;
    setSaving(true);
    const outcome = await onSave(adminKey, {
      characters: draft.charactersUnlimited ? null : Number(draft.characters.trim()),
      speechToTextMilliseconds: draft.minutesUnlimited ? null : minutesToMilliseconds(Number(draft.minutes.trim().replace(',', '.'))),
    });
    setSaving(false);
    if (outcome.ok) onClose();
    else setTrouble(outcome.trouble);
  };
  const change = (patch: Partial<Draft>): void => setDraft((current) => (current ? { ...current, ...patch } : current));

  return (
    <Dialog open={adminKey !== undefined} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby="limits-help">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <DialogTitle>{t('limitsTitle', { label: adminKey?.label ?? '' })}</DialogTitle>
            <DialogContent className={styles.dialogFields}>
              <Text id="limits-help">{t('limitsHelp')}</Text>
              {draft && (
                <>
                  <div className={styles.limitRow}>
                    <Field
                      label={t('charactersLimit')}
                      className={styles.grow}
                      validationState={charactersBad ? 'error' : 'none'}
                      validationMessage={charactersBad ? t('limitWholeNumber') : undefined}
                    >
                      <Input inputMode="numeric" value={draft.characters} disabled={draft.charactersUnlimited} onChange={(_event, data) => change({ characters: data.value })} />
                    </Field>
                    <Checkbox label={t('unlimited')} checked={draft.charactersUnlimited} onChange={(_event, data) => change({ charactersUnlimited: data.checked === true })} />
                  </div>
                  <div className={styles.limitRow}>
                    <Field label={t('speechLimit')} className={styles.grow} validationState={minutesBad ? 'error' : 'none'} validationMessage={minutesBad ? t('limitMinutes') : undefined}>
                      <Input inputMode="decimal" value={draft.minutes} disabled={draft.minutesUnlimited} onChange={(_event, data) => change({ minutes: data.value })} />
                    </Field>
                    <Checkbox label={t('unlimited')} checked={draft.minutesUnlimited} onChange={(_event, data) => change({ minutesUnlimited: data.checked === true })} />
                  </div>
                </>
              )}
              {trouble && <AdminTroubleBar trouble={trouble} testId="limits-trouble" />}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" disabled={saving || charactersBad || minutesBad}>
                {t('save')}
              </Button>
              <Button onClick={onClose}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
