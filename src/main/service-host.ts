import type { DashboardSessions } from './services/server/dashboard-sessions';
import type { Language } from '../shared/contract/settings';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PreviewImage } from '../shared/contract/types';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../shared/document/job-limits';
import { previewImageOf } from './services/app-api/preview-image';
import { MARK_TEXTS } from '../shared/escpos/mark-texts';
import type { EncodedDocument } from './services/app-api/preview';
import { createTransportFactory, type PlatformContext } from './platform/transport-factory';
import type { MonitorTiming } from './services/printer-status/printer-monitor';
import { createSystemPrinterCatalog } from './platform/system-printers';
import { EncoderPool } from './services/encoding/offthread/encoder-pool';
import type { FleetConnection } from './services/fleet/fleet-connection';
import { PrintService } from './services/print-service';
import type { PrinterDiscovery } from './services/printers/printer-discovery';
import { fixedOriginList, type OriginGate } from './services/site-consent/origin-approval';
import type { HttpRoute } from './services/http/http-route';
import { PrintServer, type UpgradeRoute } from './services/server/print-server';
import type { ServiceConfig } from './services/service-config';
import { vendorDoorRoutes } from './vendor-door-routes';
import { startOnlineOrderClients, type OnlineOrderClients, type OnlineOrderTiming } from './online-orders/online-order-clients';

export interface RunningService {
  service: PrintService;
  server: PrintServer;
  /** The connection to the chain's MQTT broker, when remote printing is on. */
  fleet: FleetConnection | undefined;
  /** The CloudPRNT and Epson SDP servers polled for orders (issue 34), one client each. */
  onlineOrders: OnlineOrderClients;
  address: AddressInfo;
  /** What one job may cost here (the configured paper limit over the defaults); previews are bounded by it too. */
  limits: JobLimits;
  /** Encodes a document exactly as a job would be, on an encoder thread (the designer's preview uses it). */
  encode(datos: unknown): Promise<Uint8Array>;
  /** The same, with where each command's bytes begin (a DocumentEncoder for the designer's preview). */
  encodeWithBlocks(datos: unknown): Promise<EncodedDocument>;
  /** The designer's picture of those bytes, rendered on an encoder thread and bounded by `limits` (a PreviewRasterizer). */
  rasterize(bytes: Uint8Array, document: unknown, blockStarts?: number[]): Promise<PreviewImage>;
  stop(): Promise<void>;
}

export interface HostOptions {
  /** Replaces the system's printer sources; tests pass `[]` so no real queue on the machine receives their jobs. */
  printerDiscovery?: PrinterDiscovery[];
  extraRoutes?: HttpRoute[];
  extraUpgrades?: UpgradeRoute[];
  /** Which web pages may print, answered live by the window (default: the config's list, nothing asked). */
  origins?: OriginGate;
  /** Signed-in browsers kept across restarts, and the window's language for the sign-in page (see PrintServerOptions). */
  sessions?: DashboardSessions;
  language?: () => Language;
  log?: (line: string) => void;
  /** Over the defaults and the config's paper limit (tests shrink the time budget). */
  jobLimits?: Partial<JobLimits>;
  /** Encoder threads at most (default 2). */
  encoderThreads?: number;
  /** How printers that read back are asked about themselves (tests shorten it). */
  monitorTiming?: Partial<MonitorTiming>;
  /** Tests: the fleet connection's timings (state publishing, reconnection). */
  fleetTiming?: { stateEveryMs?: number; stateAtMostEveryMs?: number; reconnectMs?: number };
  /** Tests: the online-order clients' timings (poll floor, fair share between jobs). */
  onlineOrderTiming?: OnlineOrderTiming;
  /** Transport overrides (tests: a fake USB backend, short TCP timeouts). */
  platform?: Omit<PlatformContext, 'virtualDir' | 'renderPng'>;
}

/**
 * The composition root shared by `npm run service` and the desktop app: platform adapters, the print service and
 * its server, started from one config.
 */
export async function startPrintService(config: ServiceConfig, host: HostOptions = {}): Promise<RunningService> {
  const limits: JobLimits = { ...DEFAULT_JOB_LIMITS, maxPaperMm: config.maxPaperMm, ...host.jobLimits };
  // The knife's band in preview images speaks the window's language (the bare service keeps its English marks).
  const language = host.language;
  const marks = language ? { marks: () => MARK_TEXTS[language()] } : {};
  const encoder = new EncoderPool({ limits, ...marks, ...(host.encoderThreads !== undefined ? { threads: host.encoderThreads } : {}) });
  const encode = (datos: unknown, printerModel?: string): Promise<Uint8Array> =>
    encoder.encode(datos, { safeMode: config.safeMode, limits, ...(printerModel !== undefined ? { printerModel } : {}) });
  const service = new PrintService({
    dataDir: config.dataDir,
    capacity: config.queueCapacity,
    catalog: createSystemPrinterCatalog({
      defaultPrinter: config.printer,
      ...(host.log ? { log: host.log } : {}),
      ...(host.printerDiscovery ? { discovery: host.printerDiscovery } : {}),
    }),
    transports: createTransportFactory({ ...host.platform, virtualDir: path.join(config.dataDir, 'virtual-printer'), renderPng: encoder.renderPng }),
    encode,
    printerProfiles: config.printerProfiles,
    defaultPrinter: config.printer,
    heldExpiryMs: config.heldJobExpiryMinutes * 60_000,
    ...(host.monitorTiming ? { monitorTiming: host.monitorTiming } : {}),
    ...(host.log ? { log: host.log } : {}),
  });
  const origins = host.origins ?? fixedOriginList(config.allowedOrigins);
  // The vendor-protocol doors, each loaded on its first request (or at start once configured).
  const doors = vendorDoorRoutes({
    service,
    origins,
    token: config.token,
    posIds: () => config.eposDevices,
    ratePerMinute: config.rateLimit,
    ...(host.log ? { log: host.log } : {}),
  });
  const server = new PrintServer(service, {
    host: config.host,
    port: config.port,
    env: config.env,
    token: config.token,
    ...(config.tokenLost ? { tokenLost: true } : {}),
    ratePerMinute: config.rateLimit,
    origins,
    maxFrameBytes: config.maxFrameBytes,
    ...(config.tls ? { tls: config.tls } : {}),
    extraRoutes: [...doors, ...(host.extraRoutes ?? [])],
    ...(host.extraUpgrades ? { extraUpgrades: host.extraUpgrades } : {}),
    ...(host.sessions ? { sessions: host.sessions } : {}),
    ...(host.language ? { language: host.language } : {}),
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
  // After the server is up, so a broker that is away never delays or fails the local service. Loaded only when the
  // fleet is on (a chunk of its own in the build): the MQTT client costs ~12 MB a café that never uses it.
  const fleet = config.fleet
    ? new (await import('./services/fleet/fleet-connection')).FleetConnection(service, {
        config: config.fleet,
        env: config.env,
        token: config.token,
        ratePerMinute: config.rateLimit,
        maxFrameBytes: config.maxFrameBytes,
        ...(host.log ? { log: host.log } : {}),
        ...host.fleetTiming,
      })
    : undefined;
  fleet?.start();
  // After the server is up too: an ordering platform that is away never delays the till's own service. Loaded only
  // when a server is configured, as the fleet.
  const onlineOrders = await startOnlineOrderClients(service, config.onlineOrders ?? [], {
    ...(host.log ? { log: host.log } : {}),
    ...(host.onlineOrderTiming ? { timing: host.onlineOrderTiming } : {}),
  });
  return {
    service,
    server,
    fleet,
    onlineOrders,
    address,
    limits,
    encode,
    encodeWithBlocks: (datos) => encoder.encodeWithBlocks(datos, { safeMode: config.safeMode, limits }),
    rasterize: async (bytes, document, blockStarts) => previewImageOf(await encoder.previewPicture(bytes, document, blockStarts)),
    async stop() {
      await onlineOrders.stop();
      await fleet?.stop();
      await server.close();
      await service.close();
      await encoder.close();
    },
  };
}
