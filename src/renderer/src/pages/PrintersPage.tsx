import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { useAppToast } from '../components/app-toasts';
import { useEffect } from 'react';
import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';
import { useFormats, useText } from '../i18n';
import { usePrinterStatusStore } from '../stores/printer-status-store';
import { usePrintersStore } from '../stores/printers-store';
import { useSettingsStore } from '../stores/settings-store';
import { PRINTER_TYPE_TEXT, ProblemBar, usePlural } from './page-parts';
import { testPageDocument } from '../test-page-document';
import { PrinterModelDropdown } from '../components/printers/PrinterModelDropdown';
import { EposDevicesCard } from '../components/printers/EposDevicesCard';
import { AddPrinterButton } from '../components/printers/AddPrinterButton';
import { isDirectUri } from '../components/printers/add-printer';
import { printerLabelOf, printerReachOf } from '../components/printers/printer-label';
import { PrinterLabelView } from '../components/printers/PrinterLabelView';
import { ClickTooltip } from '../components/ClickTooltip';
import { PrinterStateBadge } from '../components/printer-status/PrinterStateBadge';
import { usePrinterStateOf, useRouteState } from '../components/printer-status/use-printer-state';
import { PRINTER_STATE_LEVEL } from '../../../shared/printer-status/printer-state';

const SUMMARY_INTENT: Record<PrinterSummary['status'], 'success' | 'warning' | 'error'> = { ok: 'success', warning: 'warning', error: 'error' };
const INTENT_RANK = { success: 0, warning: 1, error: 2 } as const;

/** The summary's colour: what was found, or the state of the printer tickets go to when that is worse (out of paper…). */
function summaryIntent(summary: PrinterSummary['status'], routeLevel: string | undefined): 'success' | 'warning' | 'error' {
  const route = routeLevel === 'error' ? 'error' : routeLevel === 'warning' ? 'warning' : 'success';
  return INTENT_RANK[route] > INTENT_RANK[SUMMARY_INTENT[summary]] ? route : SUMMARY_INTENT[summary];
}

/** A USB printer without bidirectional support reports what the spooler last heard: its status may be stale. */
const mayBeStale = (printer: PrinterDetail): boolean => !printer.is_virtual && /usb/i.test(printer.port);

/** Every printer jobs can go to, its type and status; set it as the default or print a test page on it. */
export function PrintersPage() {
  const t = useText();
  const plural = usePlural();
  const { dateTime } = useFormats();
  const { list, loading, busy, problem, load, setDefault, printTest } = usePrintersStore();
  const settings = useSettingsStore((state) => state.settings);
  const liveStatuses = usePrinterStatusStore((state) => state.statuses);
  const stateOf = usePrinterStateOf();
  const routeState = useRouteState();
  // In the window's one place, as the answer to what the owner just did (never behind a print result).
  const toast = useAppToast();
  useEffect(() => {
    void usePrintersStore.getState().load();
  }, []);

  const notify = (text: string, testId: string) =>
    toast(
      'notice',
      <Toast data-testid={testId}>
        <ToastTitle>{text}</ToastTitle>
      </Toast>,
      { intent: 'success', timeout: 6000 },
    );

  const defaultName = settings?.defaultPrinter ?? null;
  const defaultFixedBy = settings?.fixed.defaultPrinter;

  const testDocument = (name: string) =>
    testPageDocument({
      title: t('testPageTitle'),
      charsetLabel: t('testPageCharacters'),
      printer: `${t('printer')}: ${name}`,
      time: dateTime(Date.now()),
      footer: t('testPageCheck'),
      qr: `${t('testPageTitle')} · ${name}`,
    });

  return (
    <section className="page printers-page" aria-labelledby="printers-title">
      <div className="page-head">
        <h2 id="printers-title">{t('printers')}</h2>
        <div className="cell-actions">
          <AddPrinterButton
            appearance="primary"
            onAdded={(name, asDefault) => notify(t(asDefault ? 'addPrinterAddedDefault' : 'addPrinterAdded', { name }), 'printers-notice')}
          />
          <Button onClick={() => void load()} disabled={loading} icon={loading ? <Spinner size="extra-tiny" /> : undefined}>
            {t('refresh')}
          </Button>
        </div>
      </div>
      {problem && <ProblemBar problem={problem} />}
      {!list && !problem && <Spinner label={t('loading')} />}
      {list && (
        <>
          <MessageBar intent={summaryIntent(list.summary.status, routeState && PRINTER_STATE_LEVEL[routeState])} data-testid="printer-summary" layout="multiline">
            <MessageBarBody>
              <strong>{t(`printersSummary_${list.summary.status}`)}</strong> · {plural('printersFound', list.summary.detected_count)} ·{' '}
              {plural('thermalFound', list.summary.thermal_count)}
              <br />
              {defaultName === null
                ? t('jobsGoToAutomatic')
                : t('jobsGoTo', { name: list.printers.some((printer) => printer.is_virtual && printer.name === defaultName) ? t('virtualPrinterName') : printerLabelOf(defaultName, t).name })}
              {routeState && (
                <>
                  {' '}
                  <PrinterStateBadge state={routeState} appearance="tint" testId="printers-route-state" />
                </>
              )}
              {defaultFixedBy && (
                <>
                  <br />
                  <span data-testid="default-fixed">{t('defaultFixed', { flag: defaultFixedBy })}</span>
                </>
              )}
            </MessageBarBody>
          </MessageBar>
          {list.printers.length === 0 ? (
            <Text>{t('noPrinters')}</Text>
          ) : (
            <Table aria-label={t('printers')} className="fixed-table printers-table">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell className="col-name">{t('name')}</TableHeaderCell>
                  <TableHeaderCell className="col-type">{t('type')}</TableHeaderCell>
                  <TableHeaderCell className="col-status">{t('status')}</TableHeaderCell>
                  <TableHeaderCell className="col-model">{t('printerModel')}</TableHeaderCell>
                  <TableHeaderCell className="col-port">{t('port')}</TableHeaderCell>
                  <TableHeaderCell className="col-actions">{t('actions')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.printers.map((printer) => {
                  const isDefault = printer.name === defaultName;
                  // A printer Ticketera reaches itself (network, USB) is no system queue: it has no "system default".
                  const systemDefault = printer.is_default && !isDirectUri(printer.name);
                  const live = liveStatuses[printer.name];
                  // Our own virtual printer in the window's language, a network or USB one in words, a system printer by its name.
                  const shownName = printer.is_virtual ? t('virtualPrinterName') : printerLabelOf(printer.name, t).name;
                  const reach = printerReachOf(printer, t);
                  return (
                    <TableRow key={printer.name} data-testid={`printer-${printer.name}`}>
                      <TableCell>
                        <TableCellLayout
                          truncate
                          description={
                            isDefault || systemDefault ? (
                              <span className="badges">
                                {isDefault && (
                                  <Badge appearance="filled" color="brand" data-testid="default-badge">
                                    {t('ticketeraDefault')}
                                  </Badge>
                                )}
                                {systemDefault && (
                                  <Badge appearance="outline" color="informative">
                                    {t('systemDefault')}
                                  </Badge>
                                )}
                              </span>
                            ) : undefined
                          }
                        >
                          {printer.is_virtual ? <span title={shownName}>{shownName}</span> : <PrinterLabelView printer={printer.name} />}
                        </TableCellLayout>
                      </TableCell>
                      <TableCell className="col-type">{t(PRINTER_TYPE_TEXT[printer.printer_type])}</TableCell>
                      <TableCell className="col-status">
                        {/* The same state as Home and the header (for a printer that reads back, its own word). */}
                        <TableCellLayout
                          description={
                            live ? t(live.confirmsOnPaper ? 'liveConfirmsShort_yes' : 'liveConfirmsShort_no') : mayBeStale(printer) ? t('statusMayBeStale') : undefined
                          }
                        >
                          <PrinterStateBadge state={stateOf(printer)} appearance="tint" testId="printer-row-state" />
                        </TableCellLayout>
                      </TableCell>
                      <TableCell className="col-model">
                        <PrinterModelDropdown
                          printer={printer.name}
                          shownName={shownName}
                          onSaved={(model) => notify(t('printerModelSaved', { name: shownName, model }), 'printers-notice')}
                        />
                      </TableCell>
                      <TableCell className="col-port">
                        <TableCellLayout truncate description={reach && <span {...(reach.systemName ? { 'data-service': true } : {})}>{reach.text}</span>}>
                          <span className="mono" title={printer.port} data-service>
                            {printer.port}
                          </span>
                        </TableCellLayout>
                      </TableCell>
                      <TableCell>
                        <div className="cell-actions">
                          <ClickTooltip content={defaultFixedBy ? t('defaultFixed', { flag: defaultFixedBy }) : t('setDefault')} relationship="description">
                            <Button
                              size="small"
                              disabledFocusable={isDefault || defaultFixedBy !== undefined || busy !== undefined}
                              onClick={() => void setDefault(printer.name).then((done) => done && notify(t('setDefaultDone', { name: shownName }), 'printers-notice'))}
                            >
                              {t('setDefault')}
                            </Button>
                          </ClickTooltip>
                          <Button
                            size="small"
                            aria-label={t('printTestPageOf', { name: shownName })}
                            disabled={busy !== undefined}
                            // Routed by its system name; the page names it as the window does (the virtual printer in its words).
                            onClick={() =>
                              void printTest(printer.name, testDocument(shownName)).then(
                                (done) => done && notify(t('testPageSent', { name: shownName }), 'printers-notice'),
                              )
                            }
                          >
                            {t('printTestPage')}
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
          <Text size={200} className="printer-model-hint">
            {t('printerModelHint')}
          </Text>
          <MessageBar intent="info" role="note" layout="multiline">
            <MessageBarBody>{t('staleCaveat')}</MessageBarBody>
          </MessageBar>
          <EposDevicesCard
            printers={list.printers.map((printer) => ({
              name: printer.name,
              shownName: printer.is_virtual ? t('virtualPrinterName') : printerLabelOf(printer.name, t).name,
            }))}
            notify={(text) => notify(text, 'printers-notice')}
          />
        </>
      )}
    </section>
  );
}
