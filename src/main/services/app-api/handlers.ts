import { randomUUID } from 'node:crypto';
import type { InputOf, MethodName, OutputOf } from '../../../shared/contract/methods';
import type { ServiceStatus } from '../../../shared/contract/types';
import { FLEET_OFF } from '../../../shared/contract/fleet-types';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { ERROR_TEXT, queueText } from '../../../shared/protocol';
import type { RunningService } from '../../service-host';
import { staleStatusCaveat } from '../printers/printer-status-caveat';
import { QueueFullError } from '../queue/print-queue';
import type { SecretsPatch, SettingsPatch, SettingsView } from '../../../shared/contract/settings';
import { createAdminHandlers, type AdminAccessReader } from './admin-handlers';
import { createCampusHandlers } from './campus-handlers';
import type { CampusHost } from './campus-host';
import { drawerOpeningsOf, jobCountsOf, jobDetailWithReprintFor, jobPageOf, jobPrintersOf, reprintOf } from './job-queries';
import { createProbeHandlers, type ProbeDeps } from './printer-probe-handlers';
import { createOriginHandlers, type OriginAnswersDeps } from './origin-handlers';
import { createOnlineOrderHandlers, type OnlineOrderDeps } from './online-order-handlers';
import { renderPreview, type DocumentEncoder, type PreviewRasterizer } from './preview';
import type { PrinterWatch } from './printer-watch';
import type { TemplateStore } from './template-store';
import { createTranslationHandlers } from './translation-handlers';
import type { TranslationHost } from './translation-host';

export type Handlers = { [M in MethodName]: (input: InputOf<M>) => Promise<OutputOf<M>> };

export interface HandlerDeps {
  /** The service running right now (a settings change may have restarted it). */
  running(): RunningService;
  status(): ServiceStatus;
  /** The settings as they run (see settings-view). */
  settingsView(): SettingsView;
  /** Saves a change; throws when it touches a value the command line fixed. */
  updateSettings(patch: { settings?: SettingsPatch; secrets?: SecretsPatch }): void;
  /** Restarts the embedded service when the saved settings changed its config. */
  applySettings(): Promise<void>;
  templates: TemplateStore;
  encode: DocumentEncoder;
  rasterize?: PreviewRasterizer;
  printers: PrinterWatch;
  /** The organization admin's key and address as saved, with the environment that may override them. */
  adminAccess: AdminAccessReader;
  /** The translation service with the key in force (see translation-host). */
  translation: TranslationHost;
  /** The campus Wi-Fi status and changelog (see campus-host). */
  campus: CampusHost;
  /** Which web sites may print, and where the owner's answers are kept. */
  origins: OriginAnswersDeps;
  /** The online-order servers as saved, with their passwords (see online-order-handlers). */
  onlineOrders: Omit<OnlineOrderDeps, 'running' | 'apply'>;
  /** Tests: the network prober and USB listing behind "Añadir impresora" (default: the real ones). */
  probe?: ProbeDeps;
}

/** The service side of every contract method; both transports call these through `dispatch`. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const service = () => deps.running().service;
  return {
    getStatus: async () => deps.status(),
    setPaused: async ({ paused }) => {
      if (paused) service().queue.pause();
      else service().queue.resume();
      return deps.status();
    },
    listPrinters: async () => {
      const list = await service().printers();
      deps.printers.saw(list);
      return { ...list, caveat: staleStatusCaveat(list.printers) };
    },
    listJobs: async (filter) => jobPageOf(service(), filter ?? {}),
    jobCounts: async ({ since }) => jobCountsOf(service(), since),
    jobPrinters: async () => jobPrintersOf(service()),
    cancelJob: async ({ id }) => service().queue.cancel(id),
    getJob: ({ id }) => jobDetailWithReprintFor(service(), id),
    reprintJob: async ({ id }) => reprintOf(service(), id),
    discardHeldJob: async ({ id }) => ({ discarded: service().discardHeld(id) }),
    printerStatuses: async () => service().printerStatuses(),
    drawerOpenings: async ({ from, to }) => drawerOpeningsOf(service(), from, to),
    submitJob: async ({ document, printer }) => {
      const id = randomUUID();
      const requested = printer ?? requestedPrinterOf(document);
      try {
        const current = await service().submit({ id, datos: document, requestedPrinter: requested });
        const capacity = service().queue.capacity;
        return { id, current, capacity, mensaje: queueText(current, capacity) };
      } catch (error) {
        throw error instanceof QueueFullError ? new Error(ERROR_TEXT.queueFull) : error;
      }
    },
    listTemplates: async () => deps.templates.list(),
    saveTemplate: async ({ name, document, samples }) => deps.templates.save(name, document, samples),
    renameTemplate: async ({ from, to }) => deps.templates.rename(from, to),
    deleteTemplate: async ({ name }) => ({ deleted: await deps.templates.delete(name) }),
    renderPreview: async ({ document, printerModel }) => renderPreview(document, deps.encode, deps.rasterize, printerModel),
    getSettings: async () => deps.settingsView(),
    updateSettings: async (patch) => {
      deps.updateSettings(patch);
      await deps.applySettings();
      return deps.settingsView();
    },
    ...createTranslationHandlers(deps.translation, deps.templates),
    ...createCampusHandlers(deps.campus),
    ...createOriginHandlers(deps.origins),
    ...createOnlineOrderHandlers({ ...deps.onlineOrders, running: deps.running, apply: deps.applySettings }),
    ...createAdminHandlers(deps.adminAccess),
    ...createProbeHandlers(deps.probe),
    fleetStatus: async () => deps.running().fleet?.view() ?? FLEET_OFF,
  };
}
