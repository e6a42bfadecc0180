import path from 'node:path';
import type { FixedSettings, Language, SettingsView } from '../../../shared/contract/settings';
import type { ServiceStatus } from '../../../shared/contract/types';
import { DashboardSessions } from '../server/dashboard-sessions';
import { OriginApproval, type OriginLists } from '../site-consent/origin-approval';
import { startPrintService, type RunningService } from '../../service-host';
import type { PrinterDiscovery } from '../printers/printer-discovery';
import type { ServiceConfig } from '../service-config';
import { configsDiffer, serviceConfigFrom } from '../settings/settings-to-config';
import type { SettingsStore } from '../settings/settings-store';
import { AppEventHub } from './event-hub';
import { eventStreamRoute } from './event-stream-route';
import { createHandlers, type Handlers } from './handlers';
import { httpApiRoute } from './http-api-route';
import { OriginNotices } from './origin-notices';
import type { PreviewRasterizer } from './preview';
import { PrinterWatch } from './printer-watch';
import { serviceStatusOf } from './service-status';
import { withOutsideServicesInForce } from './outside-services-in-force';
import { refuseFixedChanges, settingsViewOf } from './settings-view';
import { staticRendererRoute } from './static-renderer-route';
import { CampusHost, type CampusHostOptions } from './campus-host';
import { TemplateStore } from './template-store';
import { TranslationHost, type TranslationHostOptions } from './translation-host';
import { watchService } from './watch-service';
import type { MonitorTiming } from '../printer-status/printer-monitor';

export interface AppHostOptions {
  settings: SettingsStore;
  dataDir: string;
  /** The built React window; served at `/` as the dashboard when present. */
  rendererDir?: string;
  log?: (line: string) => void;
  rasterize?: PreviewRasterizer;
  printerPollMs?: number;
  /** Replaces the system's printer sources (tests pass `[]`, see HostOptions.printerDiscovery). */
  printerDiscovery?: PrinterDiscovery[];
  /** Applied over the config the settings produce (`serve` flags; tests bind 127.0.0.1:0). */
  configOverrides?: Partial<ServiceConfig>;
  /** Which settings the overrides fix, and by which flag: the window shows them as not changeable there. */
  fixedBy?: FixedSettings;
  /** Where `TICKETERA_TRANSLATION_KEY` / `_URL` are read (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
  /** Tests: the translation service's waits. */
  translation?: Pick<TranslationHostOptions, 'policies' | 'pollDelayMs'>;
  /** Tests: the campus service's waits. */
  campus?: Pick<CampusHostOptions, 'policy'>;
  /** Tests: how often printers that read back are asked about themselves. */
  monitorTiming?: Partial<MonitorTiming>;
  /** Tests: the interval new web sites' questions are coalesced over (ORIGIN_NOTICE_INTERVAL_MS). */
  originNoticeMs?: number;
}

export interface AppHost {
  readonly handlers: Handlers;
  readonly hub: AppEventHub;
  running(): RunningService;
  config(): ServiceConfig;
  status(): ServiceStatus;
  /** The window's language, for what the desktop shell says itself (tray, menus, dialogs). */
  language(): Language;
  /** Resolves once a restart asked for by a settings change has finished (tests and the tray wait on it). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** A settings change answers first and restarts just after, so the HTTP reply is not cut off by the restart itself. */
const RESTART_DELAY_MS = 100;

/**
 * The desktop app's composition: the print service (same `startPrintService` as `npm run service`) started from
 * the saved settings, with the contract served over HTTP and `/api/events`, plus the handler table for IPC.
 */
export async function startAppHost(options: AppHostOptions): Promise<AppHost> {
  const hub = new AppEventHub();
  const printers = new PrinterWatch(hub);
  const events = eventStreamRoute(hub);
  const templates = new TemplateStore(path.join(options.dataDir, 'templates.json'));
  const translation = new TranslationHost({ dataDir: options.dataDir, settings: options.settings, env: options.env ?? process.env, log: options.log, ...options.translation });
  // Never throws (its file is optional): the campus Wi-Fi status must not stop the print service from starting.
  const campus = new CampusHost({ dataDir: options.dataDir, settings: options.settings, env: options.env ?? process.env, log: options.log, ...options.campus });
  let handlers: Handlers | undefined;
  const extraRoutes = [httpApiRoute(() => handlers), ...(options.rendererDir ? [staticRendererRoute(options.rendererDir, () => options.settings.settings.language)] : [])];
  // In the data folder, so a window left open is still signed in when the service comes back (issue 32).
  const sessions = new DashboardSessions(path.join(options.dataDir, 'sessions.json'));
  // The sites that may print, read from the settings at every connection: answering one never restarts the service.
  const fixedOrigins = options.configOverrides?.allowedOrigins;
  const originsFixedBy = fixedOrigins === undefined ? undefined : (options.fixedBy?.allowedOrigins ?? '--allowed-origins');
  const originLists = (): OriginLists => {
    if (fixedOrigins !== undefined) return { allowed: fixedOrigins, denied: [], deniedDomains: [] };
    const { allowedOrigins, deniedOrigins, deniedDomains } = options.settings.settings;
    return { allowed: allowedOrigins, denied: deniedOrigins, deniedDomains };
  };
  // New questions are already few (OriginApproval's budget); the window and the tray hear of them coalesced too.
  const notices = new OriginNotices((event) => hub.publish(event), options.originNoticeMs);
  const origins = new OriginApproval({
    lists: originLists,
    ...(originsFixedBy !== undefined ? { fixedBy: originsFixedBy } : {}),
    onRequest: (request) => {
      options.log?.(`Refused a web page from ${request.origin}: not allowed yet (answer in the window) / sitio sin permiso todavía`);
      notices.add(request);
    },
  });
  const hostOptions = {
    extraRoutes,
    sessions,
    origins,
    language: () => options.settings.settings.language,
    extraUpgrades: [events.route],
    ...(options.log ? { log: options.log } : {}),
    ...(options.printerDiscovery ? { printerDiscovery: options.printerDiscovery } : {}),
    ...(options.monitorTiming ? { monitorTiming: options.monitorTiming } : {}),
  };
  const configFor = (): ServiceConfig => {
    const built: ServiceConfig = {
      ...serviceConfigFrom(options.settings.settings, options.settings.tokenCheck(), options.dataDir, options.settings.secret('fleetPassword'), (id) => options.settings.onlineOrderPassword(id)),
      ...options.configOverrides,
    };
    // A token given on the command line protects the service whatever happened to the saved one.
    return { ...built, tokenLost: built.token === undefined && options.settings.tokenLost };
  };

  let config = configFor();
  let running = await startPrintService(config, hostOptions);
  /** What runs now: the config of the last start, with the origin lists as they are in force this moment. */
  const liveConfig = (): ServiceConfig => ({ ...config, port: running.address.port, allowedOrigins: [...originLists().allowed] });
  const status = (): ServiceStatus => serviceStatusOf(running, liveConfig());
  const watch = (): (() => void) => watchService(running, hub, { status, printers, printerPollMs: options.printerPollMs });
  let unwatch = watch();
  let restarting: Promise<void> = Promise.resolve();

  const restart = async (): Promise<void> => {
    const next = configFor();
    // Port 0 (tests) means "any": keep the one already bound so open windows keep working.
    if (next.port === 0) next.port = running.address.port;
    if (!configsDiffer({ ...config, port: running.address.port }, next)) {
      config = next;
      applyError = null;
      // Nothing to restart, but the tray follows settings such as the language: tell it they changed.
      hub.publish({ type: 'service.status', status: status() });
      return;
    }
    unwatch();
    await running.stop();
    try {
      running = await startPrintService(next, hostOptions);
      config = next;
      applyError = null;
    } catch (error) {
      applyError = (error as Error).message;
      options.log?.(`Could not restart with the new settings (${(error as Error).message}); keeping the previous ones`);
      running = await startPrintService({ ...config, port: running.address.port }, hostOptions);
    }
    unwatch = watch();
    hub.publish({ type: 'service.status', status: status() });
  };
  let applyError: string | null = null;
  /** Changes saved and not yet applied (the restart runs just after the reply). */
  let applying = 0;
  const settingsView = (): SettingsView =>
    withOutsideServicesInForce(
      settingsViewOf(options.settings.view(), liveConfig(), {
        fixed: options.fixedBy ?? {},
        applyError,
        applying: applying > 0,
      }),
      options.env ?? process.env,
    );

  const table = createHandlers({
    running: () => running,
    status,
    settingsView,
    updateSettings: (patch) => {
      refuseFixedChanges(patch, settingsView());
      options.settings.update(patch);
      // Whoever signed in with the old token signs in again (the HTTP route re-signs the browser that changed it).
      if (patch.secrets?.token !== undefined) sessions.endAll();
      // Another translation key or address takes effect now (no restart: translation is not the print service's).
      translation.current();
      // Another campus key or address: its Wi-Fi status is asked for at once.
      campus.settingsChanged();
    },
    templates,
    translation,
    campus,
    printers,
    origins: { approval: origins, settings: options.settings, fixedBy: originsFixedBy },
    onlineOrders: { settings: options.settings, fixedBy: options.configOverrides?.onlineOrders === undefined ? undefined : (options.fixedBy?.onlineOrders ?? '--cloudprnt') },
    // The same environment the settings view reads, so what the window shows fixed is what the admin calls use.
    adminAccess: () => ({ env: options.env ?? process.env, savedKey: options.settings.secret('adminApiKey'), savedServerUrl: options.settings.settings.adminBaseUrl }),
    encode: (datos) => running.encodeWithBlocks(datos),
    // On the encoder threads, bounded by the running service's paper limit: a 5 m preview never stalls the API.
    rasterize: options.rasterize ?? ((bytes, document, blockStarts) => running.rasterize(bytes, document, blockStarts)),
    applySettings: async () => {
      applying += 1;
      restarting = restarting
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, RESTART_DELAY_MS)))
        .then(restart)
        .catch((error: unknown) => options.log?.(`Restart failed: ${(error as Error).message}`))
        .finally(() => {
          applying -= 1;
        });
    },
  });
  // The HTTP route was created before the service existed; from here on it answers.
  handlers = table;

  return {
    handlers: table,
    hub,
    running: () => running,
    config: liveConfig,
    status,
    language: () => options.settings.settings.language,
    settled: () => restarting,
    async stop() {
      await restarting.catch(() => undefined);
      unwatch();
      notices.close();
      events.close();
      translation.close();
      campus.close();
      await running.stop();
    },
  };
}
