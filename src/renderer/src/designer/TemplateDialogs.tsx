import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { Template } from '../../../shared/contract/types';
import { useText, type TextKey } from '../i18n';
import { nameProblem } from './template-names';
import { UnsavedChangesQuestion } from '../components/UnsavedChangesQuestion';

/** Asks for a template name (save as, rename, a first save); says at once when it cannot be used. */
export function NameDialog(props: {
  title: string;
  confirmLabel: string;
  initial: string;
  templates: readonly Template[];
  /** The name the template has now: keeping it is not "taken". */
  current?: string;
  onConfirm(name: string): Promise<TextKey | undefined>;
  onClose(): void;
}) {
  const t = useText();
  const [name, setName] = useState(props.initial);
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<TextKey | undefined>(undefined);
  const problem = refused ?? nameProblem(name, props.templates, props.current);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const answer = await props.onConfirm(name.trim());
    if (answer) setRefused(answer);
    else props.onClose();
  };
  const shown = touched || name !== props.initial ? problem : undefined;
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)}>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent>
              <Field label={t('templateName')} required {...(shown ? { validationState: 'error' as const, validationMessage: t(shown) } : {})}>
                <Input
                  value={name}
                  autoFocus
                  onChange={(_event, next) => {
                    setName(next.value);
                    setRefused(undefined);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit">
                {props.confirmLabel}
              </Button>
              <Button onClick={props.onClose}>{t('tplCancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Deleting a template cannot be undone: asked first, naming it. */
export function DeleteTemplateDialog({ name, onConfirm, onClose }: { name: string; onConfirm(): void; onClose(): void }) {
  const t = useText();
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('tplDeleteTitle', { name })}</DialogTitle>
          <DialogContent>
            <Text as="p">{t('tplDeleteText')}</Text>
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={() => {
                onConfirm();
                onClose();
              }}
            >
              {t('tplDeleteConfirm')}
            </Button>
            <Button onClick={onClose}>{t('tplCancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** "Save changes?" before the receipt in the editor is replaced or left; a receipt never saved is named here first. */
export function UnsavedChangesDialog(props: {
  templateName: string;
  suggestedName: string;
  templates: readonly Template[];
  onAnswer(answer: 'save' | 'discard' | 'cancel', name?: string): void;
}) {
  const t = useText();
  const needsName = props.templateName === '';
  const [name, setName] = useState(props.suggestedName);
  const [touched, setTouched] = useState(false);
  const problem = needsName ? nameProblem(name, props.templates) : undefined;
  const save = () => {
    setTouched(true);
    if (!problem) props.onAnswer('save', needsName ? name.trim() : undefined);
  };
  return (
    <UnsavedChangesQuestion
      text={needsName ? t('unsavedTextNew') : t('unsavedText', { name: props.templateName })}
      onSave={save}
      onDiscard={() => props.onAnswer('discard')}
      onKeepEditing={() => props.onAnswer('cancel')}
    >
      {needsName && (
        <Field label={t('templateName')} required {...(touched && problem ? { validationState: 'error' as const, validationMessage: t(problem) } : {})}>
          <Input value={name} onChange={(_event, next) => setName(next.value)} />
        </Field>
      )}
    </UnsavedChangesQuestion>
  );
}
