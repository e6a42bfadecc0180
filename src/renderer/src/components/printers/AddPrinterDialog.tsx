import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { useScrolls } from '../use-scrolls';
import { savePrinterChoice, type PrinterChoice } from './add-printer';
import { NetworkPrinterForm } from './NetworkPrinterForm';
import { PrinterModelSelect } from './PrinterModelSelect';
import { SystemQueueList } from './SystemQueueList';
import { UsbDeviceList } from './UsbDeviceList';

type Way = 'network' | 'usb' | 'system';

const useStyles = makeStyles({
  // Fits a 1024×768 screen with room to spare; the content scrolls rather than the dialog growing off screen.
  surface: { width: 'min(640px, calc(100vw - 32px))', maxWidth: '100%' },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    // As tall as the window allows beside the title and the buttons (at 800×600 60vh left the default checkbox out).
    maxHeight: 'min(calc(100vh - 200px), 520px)',
    overflowY: 'auto',
    // The scroll bar keeps its place, so it is seen (and the fields do not jump) when the content grows past it.
    scrollbarGutter: 'stable',
    paddingRight: '4px',
    paddingBottom: '8px',
    borderTopWidth: '1px',
    borderBottomWidth: '1px',
    borderTopStyle: 'solid',
    borderBottomStyle: 'solid',
    borderTopColor: 'transparent',
    borderBottomColor: 'transparent',
  },
  // Content taller than its frame: a line above and below it (the buttons sit outside, under the line) and a scroll bar
  // always drawn, so the owner sees there is more below (at 800×600 the default checkbox was out of sight).
  scrolls: {
    borderTopColor: tokens.colorNeutralStroke1,
    borderBottomColor: tokens.colorNeutralStroke1,
    scrollbarWidth: 'thin',
    scrollbarColor: `${tokens.colorNeutralForeground3} transparent`,
  },
  model: { maxWidth: '320px' },
});

interface Props {
  open: boolean;
  onClose(): void;
  /** The printer was saved; `asDefault`: tickets go to it now. */
  onAdded(name: string, asDefault: boolean): void;
}

/** "Añadir impresora": network (address, port, "probar conexión"), USB (the devices seen) or a queue of the system. */
export function AddPrinterDialog({ open, onClose, onAdded }: Props) {
  const t = useText();
  const styles = useStyles();
  const settings = useSettingsStore((state) => state.settings);
  const [way, setWay] = useState<Way>('network');
  const [choice, setChoice] = useState<PrinterChoice | null>(null);
  const [model, setModel] = useState('');
  const [asDefault, setAsDefault] = useState<boolean | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // A callback ref: the content exists only while the dialog is open.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const scrolls = useScrolls(content);
  const onChoice = useCallback((next: PrinterChoice | null) => setChoice(next), []);
  const defaultFixed = settings?.fixed.defaultPrinter !== undefined;
  // A first printer becomes the default unless the owner says otherwise; a queue is added only by sending tickets to it.
  const sendHere = way === 'system' ? true : (asDefault ?? (settings?.defaultPrinter ?? null) === null);

  const add = async (): Promise<void> => {
    if (!choice) return;
    setSaving(true);
    const done = await savePrinterChoice(choice, model, sendHere && !defaultFixed);
    setSaving(false);
    if (done) {
      onAdded(choice.uri, sendHere && !defaultFixed);
      onClose();
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby="add-printer-intro" data-testid="add-printer-dialog">
        <DialogBody>
          <DialogTitle>{t('addPrinter')}</DialogTitle>
          <DialogContent
            ref={setContent}
            className={mergeClasses(styles.content, scrolls && styles.scrolls)}
            data-testid="add-printer-content"
            // Content that scrolls is reached by keyboard too (a region with its name).
            tabIndex={scrolls ? 0 : undefined}
            role={scrolls ? 'region' : undefined}
            aria-label={scrolls ? t('addPrinter') : undefined}
          >
            <Text id="add-printer-intro">{t('addPrinterIntro')}</Text>
            <TabList
              selectedValue={way}
              onTabSelect={(_event, data) => {
                setWay(data.value as Way);
                setChoice(null);
              }}
            >
              <Tab value="network">{t('addPrinterTabNetwork')}</Tab>
              <Tab value="usb">{t('addPrinterTabUsb')}</Tab>
              <Tab value="system">{t('addPrinterTabSystem')}</Tab>
            </TabList>
            {way === 'network' && <NetworkPrinterForm model={model} onChoice={onChoice} />}
            {way === 'usb' && <UsbDeviceList onChoice={onChoice} />}
            {way === 'system' && <SystemQueueList onChoice={onChoice} />}
            {/* Model and default only once there is something to add (a USB list may have nothing to choose). */}
            {(way === 'network' || (way === 'usb' && choice !== null)) && (
              <Field label={t('addPrinterModel')} hint={t('printerModelHint')}>
                <PrinterModelSelect className={styles.model} value={model} firstChoice={t('printerModelGeneric')} onChange={setModel} testId="add-printer-model" />
              </Field>
            )}
            {(way === 'network' || (way === 'usb' && choice !== null)) && !defaultFixed && (
              <Checkbox checked={sendHere} onChange={(_event, data) => setAsDefault(data.checked === true)} label={t('addPrinterAsDefault')} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('addPrinterCancel')}</Button>
            <Button appearance="primary" disabled={!choice || saving || !settings} onClick={() => void add()} data-testid="add-printer-save">
              {way === 'system' ? t('addPrinterUseThis') : t('addPrinterAdd')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
