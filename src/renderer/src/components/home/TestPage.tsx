import { Button, Text } from '@fluentui/react-components';
import { useFormats, useText } from '../../i18n';
import { testJobState, useHomeStore } from '../../stores/home-store';
import { useStatusStore } from '../../stores/status-store';
import { testPageDocument } from '../../test-page-document';
import { isVirtualTarget } from './route-text';
import { printerLabelOf } from '../printers/printer-label';

/** Prints the test page on the printer tickets go to now, and says how it went. */
export function TestPageButton({ appearance = 'primary' }: { appearance?: 'primary' | 'secondary' }) {
  const t = useText();
  const formats = useFormats();
  const status = useStatusStore((state) => state.status);
  const { jobs, testJobId, testError, printTestPage } = useHomeStore();
  const state = testJobState(jobs, testJobId);
  const route = status?.overview?.route;
  const print = (): void => {
    // The printer in words on the paper too ("Impresora de red 10.0.0.9"), as the window names it.
    const printer = route ? (isVirtualTarget(route) ? t('homeVirtualPrinter') : printerLabelOf(route.target, t).name) : '';
    void printTestPage(
      testPageDocument({
        title: t('homeTestTitle'),
        charsetLabel: t('homeTestCharset'),
        printer: t('homeTestPrinter', { printer }),
        time: formats.dateTime(Date.now()),
        footer: t('homeTestFooter'),
        qr: status?.wsUrl ?? '',
      }),
    );
  };
  const outcome =
    testError !== undefined
      ? t('homeTestNotSent')
      : state === 'success'
        ? t('homeTestPrinted')
        : state === 'error'
          ? t('homeTestFailed')
          : state !== undefined
            ? t('homeTestSending')
            : undefined;
  return (
    <div>
      <Button appearance={appearance} onClick={print} disabled={!status || state === 'queued' || state === 'printing'} data-testid="home-test-page">
        {t('homePrintTestPage')}
      </Button>
      <Text role="status" size={200} block data-testid="home-test-outcome">
        {outcome}
      </Text>
    </div>
  );
}
