import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTransportFactory } from './platform/transport-factory';
import { VIRTUAL_PRINTER_NAME } from './platform/virtual/virtual-transport';
import { encodeDocument } from './services/encoding/encode-document';
import { PrintService } from './services/print-service';
import type { PrinterCatalog } from './services/printers/printer-catalog';
import { PrintServer, type HttpRoute, type UpgradeRoute } from './services/server/print-server';
import type { ServiceConfig } from './services/service-config';

export interface RunningService {
  service: PrintService;
  server: PrintServer;
  address: AddressInfo;
  stop(): Promise<void>;
}

/**
 * The composition root shared by `npm run service` and the desktop app: platform adapters, the print service and
 * its server, started from one config.
 */
export interface HostOptions {
  extraRoutes?: HttpRoute[];
  extraUpgrades?: UpgradeRoute[];
  log?: (line: string) => void;
}

export async function startPrintService(config: ServiceConfig, host: HostOptions = {}): Promise<RunningService> {
  const service = new PrintService({
    dataDir: config.dataDir,
    capacity: config.queueCapacity,
    catalog: basicCatalog(config.printer),
    transports: createTransportFactory({ virtualDir: path.join(config.dataDir, 'virtual-printer') }),
    encode: (datos) => encodeDocument(datos, { safeMode: config.safeMode }),
  });
  const server = new PrintServer(service, {
    host: config.host,
    port: config.port,
    env: config.env,
    token: config.token,
    ratePerMinute: config.rateLimit,
    allowedOrigins: config.allowedOrigins,
    maxFrameBytes: config.maxFrameBytes,
    ...host,
  });
  let address: AddressInfo;
  try {
    address = await server.listen();
  } catch (error) {
    await service.close();
    throw error;
  }
  return {
    service,
    server,
    address,
    async stop() {
      await server.close();
      await service.close();
    },
  };
}

function basicCatalog(defaultPrinter: string | undefined): PrinterCatalog {
  const summary = { status: 'error' as const, detected_count: 1, thermal_count: 0, default_name: VIRTUAL_PRINTER_NAME };
  return {
    list: async () => ({
      printers: [
        { name: VIRTUAL_PRINTER_NAME, port: 'virtual', driver: 'Ticketera', status: 'ready', is_default: true, is_virtual: true, printer_type: 'virtual' },
      ],
      summary,
    }),
    lastSummary: () => summary,
    resolve: async (requested) => requested ?? defaultPrinter ?? 'virtual',
  };
}
