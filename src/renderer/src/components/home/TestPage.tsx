import { Button, Text } from '@fluentui/react-components';
import type { PrintDocument } from '../../../../shared/document/types';
import { useFormats, useText } from '../../i18n';
import { testJobState, useHomeStore } from '../../stores/home-store';
import { useStatusStore } from '../../stores/status-store';
import { isVirtualTarget } from './route-text';

interface TestPageTexts {
  title: string;
  charsetLabel: string;
  printer: string;
  time: string;
  footer: string;
  address: string;
}

/** The test page: the shop's name, every accented letter a Spanish till needs (code page), a QR and a cut. */
export function testPageDocument(texts: TestPageTexts): PrintDocument {
  return {
    version: '1.0',
    commands: [
      { type: 'text', data: { text: 'Ticketera', align: 'center', bold: true, size: { width: 2, height: 2 } } },
      { type: 'text', data: { text: texts.title, align: 'center' } },
      { type: 'line', data: { char: '-' } },
      { type: 'text', data: { text: texts.charsetLabel } },
      { type: 'text', data: { text: 'ñ Ñ € á é í ó ú ü ¿ ¡', align: 'center', bold: true } },
      { type: 'line', data: { char: '-' } },
      { type: 'text', data: { text: `${texts.printer}\n${texts.time}` } },
      { type: 'qr', data: { data: texts.address, size: 5, align: 'center' } },
      { type: 'text', data: { text: texts.address, align: 'center', font: 'b' } },
      { type: 'feed', data: { lines: 1 } },
      { type: 'text', data: { text: texts.footer, align: 'center' } },
      { type: 'cut' },
    ],
  };
}

/** Prints the test page on the printer tickets go to now, and says how it went. */
export function TestPageButton({ appearance = 'primary' }: { appearance?: 'primary' | 'secondary' }) {
  const t = useText();
  const formats = useFormats();
  const status = useStatusStore((state) => state.status);
  const { jobs, testJobId, testError, printTestPage } = useHomeStore();
  const state = testJobState(jobs, testJobId);
  const route = status?.overview?.route;
  const print = (): void => {
    const printer = route ? (isVirtualTarget(route) ? t('homeVirtualPrinter') : route.target) : '';
    void printTestPage(
      testPageDocument({
        title: t('homeTestTitle'),
        charsetLabel: t('homeTestCharset'),
        printer: t('homeTestPrinter', { printer }),
        time: formats.dateTime(Date.now()),
        footer: t('homeTestFooter'),
        address: status?.wsUrl ?? '',
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
