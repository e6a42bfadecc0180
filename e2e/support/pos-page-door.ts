import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../../test/support/printer-simulator';
import { FAST_MONITOR_TIMING } from '../../test/support/printer-status-harness';
import { makeTestCertificates } from '../../test/support/test-certificates';
import { startApp, test, type RunningApp } from './app-fixture';
import { freePort } from './free-port';

/**
 * What the vendor doors' window tests (ePOS-Print, WebPRNT) share: a POS page of our own served from another origin
 * on 127.0.0.1 (http or https), a simulated TM-T88VI, and the service with the window, the page's site allowed or not.
 * Everything a test starts is closed after it.
 */
export interface PosPage {
  origin: string;
  close(): Promise<void>;
}

/** The certificate a POS page and the service's TLS port share in an https test. */
export interface SecurePages {
  key: Buffer;
  cert: Buffer;
  tls: { certFile: string; keyFile: string; port: number };
}

export async function securePages(): Promise<SecurePages> {
  const certs = makeTestCertificates();
  const port = await freePort();
  return { key: fs.readFileSync(certs.keyFile), cert: fs.readFileSync(certs.certFile), tls: { certFile: certs.certFile, keyFile: certs.keyFile, port } };
}

async function servePosPage(script: string, secure?: { key: Buffer; cert: Buffer }): Promise<PosPage> {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>TPV</title></head><body><script>${script}</script></body></html>`;
  const handler = (_request: http.IncomingMessage, response: http.ServerResponse): void => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  };
  const server = secure ? https.createServer(secure, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface DoorSetUp {
  /** The sites the service lets print, given the POS page. */
  allowed: (pos: PosPage) => string[];
  /** The printer to print on (a device-model one); a new TM-T88VI when left out. */
  printer?: TcpPrinterSimulator;
  secure?: SecurePages;
}

export interface DoorPages {
  setUp(options: DoorSetUp): Promise<{ printer: TcpPrinterSimulator; pos: PosPage; app: RunningApp }>;
  /** A new TM-T88VI, closed after the test. */
  printer(): Promise<TcpPrinterSimulator>;
}

/** The fixture for a spec whose POS page runs `script`. */
export function doorPages(script: string): DoorPages {
  const printers: TcpPrinterSimulator[] = [];
  const apps: RunningApp[] = [];
  const pages: PosPage[] = [];
  test.afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.host.stop()));
    await Promise.all(printers.splice(0).map((printer) => printer.close()));
    await Promise.all(pages.splice(0).map((page) => page.close()));
  });
  const printer = async (): Promise<TcpPrinterSimulator> => {
    const started = await startTcpPrinterSimulator({ answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' });
    printers.push(started);
    return started;
  };
  return {
    printer,
    async setUp({ allowed, printer: given, secure }) {
      const target = given ?? (await printer());
      if (given) printers.push(given);
      const pos = await servePosPage(script, secure);
      pages.push(pos);
      const app = await startApp({
        monitorTiming: FAST_MONITOR_TIMING,
        settings: {
          defaultPrinter: target.uri,
          printerProfiles: [{ printer: target.uri, model: 'epson-tm-t88vi' }],
          allowedOrigins: allowed(pos),
          ...(secure ? { tlsCertFile: secure.tls.certFile, tlsKeyFile: secure.tls.keyFile, tlsPort: secure.tls.port } : {}),
        },
      });
      apps.push(app);
      return { printer: target, pos, app };
    },
  };
}

/** The POS page in a browser tab of its own (its own context: its own site, as a till's browser). */
export async function posTab(browser: Browser, origin: string, ignoreHTTPSErrors = false): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  return page;
}
