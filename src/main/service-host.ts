import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTransportFactory } from './platform/transport-factory';
import { createSystemPrinterCatalog } from './platform/system-printers';
import { EncoderThread } from './services/encoding/offthread/encoder-thread';
import { PrintService } from './services/print-service';
import type { PrinterDiscovery } from './services/printers/printer-discovery';
import { PrintServer, type HttpRoute, type UpgradeRoute } from './services/server/print-server';
import type { ServiceConfig } from './services/service-config';

export interface RunningService {
  service: PrintService;
  server: PrintServer;
  address: AddressInfo;
  /** Encodes a document exactly as a job would be, on the encoder thread (the designer's preview uses it). */
  encode(datos: unknown): Promise<Uint8Array>;
  stop(): Promise<void>;
}

export interface HostOptions {
  /** Replaces the system's printer sources; tests pass `[]` so no real queue on the machine receives their jobs. */
  printerDiscovery?: PrinterDiscovery[];
  extraRoutes?: HttpRoute[];
  extraUpgrades?: UpgradeRoute[];
  log?: (line: string) => void;
}

/**
 * The composition root shared by `npm run service` and the desktop app: platform adapters, the print service and
 * its server, started from one config.
 */
export async function startPrintService(config: ServiceConfig, host: HostOptions = {}): Promise<RunningService> {
  const encoder = new EncoderThread();
  const encode = (datos: unknown): Promise<Uint8Array> => encoder.encode(datos, { safeMode: config.safeMode });
  const service = new PrintService({
    dataDir: config.dataDir,
    capacity: config.queueCapacity,
    catalog: createSystemPrinterCatalog({
      defaultPrinter: config.printer,
      ...(host.log ? { log: host.log } : {}),
      ...(host.printerDiscovery ? { discovery: host.printerDiscovery } : {}),
    }),
    transports: createTransportFactory({ virtualDir: path.join(config.dataDir, 'virtual-printer'), renderPng: encoder.renderPng }),
    encode,
  });
  const server = new PrintServer(service, {
    host: config.host,
    port: config.port,
    env: config.env,
    token: config.token,
    ratePerMinute: config.rateLimit,
    allowedOrigins: config.allowedOrigins,
    maxFrameBytes: config.maxFrameBytes,
    ...(host.extraRoutes ? { extraRoutes: host.extraRoutes } : {}),
    ...(host.extraUpgrades ? { extraUpgrades: host.extraUpgrades } : {}),
    ...(host.log ? { log: host.log } : {}),
  });
  let address: AddressInfo;
  try {
    address = await server.listen();
  } catch (error) {
    await service.close();
    await encoder.close();
    throw error;
  }
  return {
    service,
    server,
    address,
    encode,
    async stop() {
      await server.close();
      await service.close();
      await encoder.close();
    },
  };
}
