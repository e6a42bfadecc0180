import { Badge, Button, Card, CardHeader, Field, Select, Text } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useHomeStore } from '../../stores/home-store';
import { usePrintersStore } from '../../stores/printers-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useStatusStore } from '../../stores/status-store';
import { CopyButton } from './CopyButton';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';
import { TestPageButton } from './TestPage';
import { AddPrinterButton } from '../printers/AddPrinterButton';
import { printerLabelOf } from '../printers/printer-label';
import { printsOnPaper, type PrinterState } from '../../../../shared/printer-status/printer-state';
import { PRINTER_STATE_TEXT } from '../printer-status/live-state';
import { PrinterStateBadge } from '../printer-status/PrinterStateBadge';
import { useRouteState } from '../printer-status/use-printer-state';

function StepDone({ done }: { done: boolean }) {
  const t = useText();
  return done ? (
    <Badge color="success" appearance="tint">
      {t('homeStepDone')}
    </Badge>
  ) : (
    <Badge color="informative" appearance="tint">
      {t('homeStepToDo')}
    </Badge>
  );
}

/** The default printer, picked here: empty means the automatic choice. Saving restarts the service with it. */
function PrinterPicker() {
  const t = useText();
  const styles = useHomeStyles();
  const list = usePrintersStore((state) => state.list);
  const printers = list?.printers ?? [];
  const { settings, save } = useSettingsStore();
  const value = settings?.defaultPrinter ?? '';
  const fixedBy = settings?.fixed.defaultPrinter;
  // The service restarts with the new printer while its event stream reconnects: read its status once it is back.
  const choose = async (name: string): Promise<void> => {
    await save({ defaultPrinter: name === '' ? null : name }, {});
    await useStatusStore.getState().load();
  };
  const names = printers.map((printer) => printer.name);
  const options = value !== '' && !names.includes(value) ? [...printers.map((printer) => ({ value: printer.name, virtual: printer.is_virtual })), { value, virtual: false }] : printers.map((printer) => ({ value: printer.name, virtual: printer.is_virtual }));
  return (
    <Field label={t('homePickPrinterLabel')} hint={fixedBy ? t('homeRouteFixedBy', { flag: fixedBy }) : t('homePickPrinterHint')}>
      <Select
        className={styles.shrinkable}
        value={value}
        disabled={!settings || fixedBy !== undefined || settings.applying}
        onChange={(_event, data) => void choose(data.value)}
        data-testid="home-pick-printer"
      >
        <option value="">{t('homeAutomaticPrinter')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.virtual ? t('homeVirtualPrinterForTests') : printerLabelOf(option.value, t).name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * The guide's last word once every step is done, by what is known: paused says so first (tickets wait); "ready to
 * print" only when the printer puts tickets on paper and a ticket from the POS arrived (copying the address is not
 * pasting it); the virtual printer is ready for trying out, never for paper.
 */
function useDoneText(state: PrinterState | undefined, received: boolean, paused: boolean): { title: string; body: string } {
  const t = useText();
  if (paused) return { title: t('guidePausedTitle'), body: t('guidePaused') };
  if (state === 'virtual') return { title: t('guideVirtualDoneTitle'), body: t('guideVirtualDone') };
  const onPaper = state === undefined || printsOnPaper(state);
  if (onPaper) return received ? { title: t('homeGuideDoneTitle'), body: t('homeGuideDone') } : { title: t('guideWaitingTicketTitle'), body: t('guideWaitingTicket') };
  const stateText = t(PRINTER_STATE_TEXT[state]);
  return received
    ? { title: t('guideNotReadyDoneTitle'), body: t('guideNotReadyDone', { state: stateText }) }
    : { title: t('guideNotReadyWaitingTitle'), body: t('guideNotReadyWaiting', { state: stateText }) };
}

/** Step 3 as far as it is known: to do, copied (the POS may not have it yet), or done (a ticket from the POS arrived). */
function AddressStep({ copied, received }: { copied: boolean; received: boolean }) {
  const t = useText();
  if (received || !copied) return <StepDone done={received} />;
  return (
    <Badge color="warning" appearance="tint" data-testid="home-guide-copied">
      {t('guideStepCopied')}
    </Badge>
  );
}

/** First run: pick the printer, print a test page, copy the address for the POS. */
export function FirstRunGuide() {
  const t = useText();
  const styles = useHomeStyles();
  const { guide, hideGuide, markCopied } = useHomeStore();
  const status = useStatusStore((state) => state.status);
  const settings = useSettingsStore((state) => state.settings);
  const route = status?.overview?.route;
  const printerChosen = (settings?.defaultPrinter ?? null) !== null || settings?.fixed.defaultPrinter !== undefined || route?.reason === 'system-default' || route?.reason === 'first-thermal';
  // Never "ready" while printing is paused: tickets wait instead of printing (the guide says so instead).
  const paused = status?.queue.paused === true;
  const allDone = printerChosen && guide.tested && (guide.copied || guide.received);
  const routeState = useRouteState();
  const done = useDoneText(routeState, guide.received, paused);
  // Step 1's "done" and the printer's state are live readings: greyed with the other cards while the service is away.
  const staleClass = useStaleClass();
  return (
    <Card className={staleClass} data-stale={staleClass !== undefined} data-testid="home-guide">
      <CardHeader
        header={<h2 className={styles.cardTitle}>{allDone ? done.title : t('homeGuideTitle')}</h2>}
        description={
          <Text size={200} data-testid="home-guide-summary">
            {allDone ? done.body : t('homeGuideIntro')}
          </Text>
        }
        action={
          <Button className={styles.noWrap} appearance={allDone ? 'primary' : 'subtle'} onClick={hideGuide}>
            {allDone ? t('homeGuideClose') : t('homeGuideHide')}
          </Button>
        }
      />
      <StaleNote />
      <ol className={styles.steps}>
        <li className={styles.step}>
          <div className={styles.row}>
            <Text weight="semibold">{t('homeStep1')}</Text>
            <StepDone done={printerChosen} />
            {/* The chosen printer's state, as the card and the header show it. */}
            {routeState && <PrinterStateBadge state={routeState} appearance="tint" testId="home-guide-printer-state" />}
          </div>
          <PrinterPicker />
          {/* A printer not in the list (network, USB) is added here, where the owner looks for it. */}
          <div className={styles.row}>
            <AddPrinterButton />
          </div>
        </li>
        <li className={styles.step}>
          <div className={styles.row}>
            <Text weight="semibold">{t('homeStep2')}</Text>
            <StepDone done={guide.tested} />
          </div>
          <Text size={200}>{t('homeStep2Hint')}</Text>
          <TestPageButton />
        </li>
        <li className={styles.step}>
          <div className={styles.row}>
            <Text weight="semibold">{t('homeStep3')}</Text>
            <AddressStep copied={guide.copied} received={guide.received} />
          </div>
          <Text size={200} data-testid="home-guide-address-hint">
            {t(guide.received ? 'guideStepReceivedHint' : guide.copied ? 'guideStepCopiedHint' : 'homeStep3Hint')}
          </Text>
          {status && (
            <div>
              <CopyButton text={status.wsUrl} label={t('homeCopyAddress')} onCopied={markCopied} appearance="primary" testId="home-guide-copy" />
            </div>
          )}
        </li>
      </ol>
    </Card>
  );
}
