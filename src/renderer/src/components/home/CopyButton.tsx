import { Button, Toast, ToastBody, ToastTitle, type ButtonProps } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useAppToast } from '../app-toasts';

/** Copies with the clipboard API; where the browser refuses (a page not served securely), says how to copy by hand. */
async function copied(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name, e.g. "Copiar la dirección". */
  label: string;
  /** The field holding the text: selected when copying fails, so Ctrl+C copies it. */
  selectId?: string;
  onCopied?: () => void;
  appearance?: ButtonProps['appearance'];
  testId?: string;
}

export function CopyButton({ text, label, selectId, onCopied, appearance = 'secondary', testId }: CopyButtonProps) {
  const t = useText();
  // Every toast of the window appears in one place (AppToaster), never over a dialog's buttons (issue 24).
  const toast = useAppToast();
  const copy = async (): Promise<void> => {
    if (await copied(text)) {
      onCopied?.();
      toast(
        'notice',
        <Toast>
          <ToastTitle>{t('homeCopied')}</ToastTitle>
        </Toast>,
        { intent: 'success', timeout: 2_500 },
      );
      return;
    }
    const field = selectId ? document.getElementById(selectId) : null;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      field.focus();
      field.select();
    }
    toast(
      'notice',
      <Toast>
        <ToastTitle>{t('homeCopyFailed')}</ToastTitle>
        <ToastBody>{t('homeCopyByHand')}</ToastBody>
      </Toast>,
      { intent: 'warning', timeout: 8_000 },
    );
  };
  return (
    <Button appearance={appearance} aria-label={label} onClick={() => void copy()} data-testid={testId}>
      {t('homeCopy')}
    </Button>
  );
}
