import { TAG_AGGREGATIONS, USAGE_GROUPINGS, type AdminAnswer, type AdminKey, type CustomTagReport, type UsageReport } from './admin-types';
import type { CampusAnswer, CampusChangelog, CampusStatus } from './campus-types';
import type { FleetStatus } from './fleet-types';
import { arrayOf, bool, int, jsonValue, nothing, nullable, object, oneOf, optional, str, type Check } from './checks';
import type { OriginsView } from './origin-types';
import { onlineOrderInput } from './online-orders';
import type { OnlineOrdersView, OnlineOrderTestResult } from './online-order-state';
import { domainText, originText, secretsPatch, settingsPatch, type SettingsView } from './settings';
import { JOB_OUTCOMES, JOB_STATES } from './types';
import type { PrinterLiveStatus } from '../printer-status/live-status';
import type { PrinterProbe, UsbDevicesSeen } from './printer-probe-types';
import { DOCUMENT_OUTPUT_FORMATS, DOCUMENT_UPLOAD_BODY_LIMIT, TRANSLATION_FORMALITIES } from './translation-types';
import type { DocumentJobView, DownloadedDocument, TextsTranslation, TranslationAnswer, TranslationLanguages, TranslationUsage, VariantSaveResult } from './translation-types';
import type { CancelResult, DrawerOpeningsDay, JobCounts, JobDetail, JobPage, Preview, PrinterList, RenameResult, ReprintResult, ServiceStatus, SubmitResult, Template } from './types';

/**
 * Who may call a method over HTTP: `any` caller the transport lets in, or `admin` calls that change how the
 * service runs, which without a token are only taken from this computer.
 */
export type MethodAccess = 'any' | 'admin';

/** A method's input check and, as a phantom type, what it answers. */
export interface MethodSpec<I, O> {
  readonly input: Check<I>;
  readonly summary: string;
  readonly access: MethodAccess;
  /** Never set at runtime: carries the output type. */
  readonly output?: O;
}

const method = <I>(input: Check<I>, summary: string, access: MethodAccess = 'any') => ({
  returns: <O>(): MethodSpec<I, O> => ({ input, summary, access }),
});

/** A print document as the protocol's `datos` (checked against the document schema when it is encoded). */
const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;
const document = jsonValue(MAX_DOCUMENT_CHARS);
const jobId = str({ min: 1, max: 200 });
/** A time in ms since 1970 (dates from the window's date filters). */
const time = int(0, Number.MAX_SAFE_INTEGER);
/** Which jobs one page of the history shows (see journal/job-query). `to` is exclusive. */
const jobFilter = object({
  query: optional(str({ max: 200 })),
  state: optional(oneOf(JOB_STATES)),
  outcome: optional(oneOf(JOB_OUTCOMES)),
  printer: optional(str({ min: 1, max: 500 })),
  from: optional(time),
  to: optional(time),
  offset: optional(int(0, 1_000_000)),
  limit: optional(int(1, 100)),
});
/** Names are shown in lists and menus: letters, digits and a little punctuation, never a path. */
export const TEMPLATE_NAME_PATTERN = /^[\p{L}\p{N} ._()#&+,'-]+$/u;
const templateName = str({ min: 1, max: 100, pattern: TEMPLATE_NAME_PATTERN });
/** A template's sample value for each `{{placeholder}}` its document holds. */
const samples = arrayOf(object({ name: str({ min: 1, max: 100 }), value: str({ max: 1000 }) }), 200);
/** Organization admin: a key id is two GUIDs and a colon; a day is `yyyy-mm-dd` (the range rule is the client's). */
const adminKeyId = str({ min: 1, max: 200 });
const adminLabel = str({ min: 1, max: 256 });
const adminLimit = optional(nullable(int(0, Number.MAX_SAFE_INTEGER)));
const adminDay = str({ min: 10, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/ });

/** Translation inputs: `EN-GB`, `zh-Hans`… as the service lists them (any case). */
const languageCode = str({ min: 2, max: 20, pattern: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/ });
const translationTarget = {
  targetLang: languageCode,
  sourceLang: optional(languageCode),
  formality: optional(oneOf(TRANSLATION_FORMALITIES)),
  glossaryId: optional(str({ min: 1, max: 200 })),
};
const protectedTerms = arrayOf(str({ min: 1, max: 200 }), 200);
const translateTextsInput = object({
  ...translationTarget,
  texts: arrayOf(str({ max: 5_000 }), 2_000),
  context: optional(str({ max: 5_000 })),
  protectedTerms: optional(protectedTerms),
  /** Counts the characters under this template's name. */
  template: optional(str({ max: 100 })),
});
const documentUpload = object({
  ...translationTarget,
  fileName: str({ min: 1, max: 255 }),
  contentBase64: str({ min: 1, max: DOCUMENT_UPLOAD_BODY_LIMIT }),
  outputFormat: optional(oneOf(DOCUMENT_OUTPUT_FORMATS)),
});
const templateVariantInput = object({
  name: templateName,
  language: languageCode,
  document,
  billedCharacters: int(0, Number.MAX_SAFE_INTEGER),
  protectedTerms: optional(protectedTerms),
});

/**
 * THE contract between the window and the service: every method, its input schema and its output type. The IPC
 * handlers, the preload, the HTTP transport and the renderer's client are all derived from this object.
 */
export const CONTRACT = {
  getStatus: method(nothing(), 'Queue, worker and printer summary').returns<ServiceStatus>(),
  setPaused: method(object({ paused: bool() }), 'Pause or resume printing').returns<ServiceStatus>(),
  listPrinters: method(optional(object({ refresh: optional(bool()) })), 'Printers with type and status').returns<PrinterList>(),
  listJobs: method(optional(jobFilter), 'Jobs matching a filter, newest first, a page at a time').returns<JobPage>(),
  jobCounts: method(object({ since: time }), 'Tickets since a time, by state: printed and failed by when each print ended (reprints too), waiting and printing by when asked for').returns<JobCounts>(),
  jobPrinters: method(nothing(), 'Printers the job history names').returns<string[]>(),
  cancelJob: method(object({ id: jobId }), 'Cancel a job still waiting in the queue').returns<CancelResult>(),
  getJob: method(object({ id: jobId }), 'One job with its document').returns<JobDetail | null>(),
  reprintJob: method(object({ id: jobId }), 'Print a finished or held job again').returns<ReprintResult>(),
  discardHeldJob: method(object({ id: jobId }), 'Drop a held job for good: it will never print').returns<{ discarded: boolean }>(),
  printerStatuses: method(nothing(), 'What each printer that reads back (TCP, USB) last said about itself').returns<PrinterLiveStatus[]>(),
  drawerOpenings: method(object({ from: time, to: time }), 'Cash drawer openings per day and printer').returns<DrawerOpeningsDay[]>(),
  submitJob: method(object({ document, printer: optional(str({ min: 1, max: 500 })) }), 'Queue a print document').returns<SubmitResult>(),
  listTemplates: method(nothing(), 'Saved ticket designs').returns<Template[]>(),
  saveTemplate: method(object({ name: templateName, document, samples: optional(samples) }), 'Save a ticket design').returns<Template>(),
  renameTemplate: method(object({ from: templateName, to: templateName }), 'Rename a ticket design, never over another one').returns<RenameResult>(),
  deleteTemplate: method(object({ name: templateName }), 'Delete a ticket design').returns<{ deleted: boolean }>(),
  renderPreview: method(
    // `printerModel`: the model set for the printer the ticket will go to, which lays out a document naming none.
    object({ document, printerModel: optional(str({ min: 1, max: 200 })) }),
    'Encode a document and render its preview',
  ).returns<Preview>(),
  // Translation (issue 10): the designer's texts and language versions, documents, usage. A failure of the service
  // comes back inside the answer (TranslationAnswer) with its kind and trace id, on both transports.
  translationLanguages: method(nothing(), 'Source and target languages the translation service offers').returns<TranslationAnswer<TranslationLanguages>>(),
  translateTexts: method(translateTextsInput, 'Translate a batch of texts (placeholders and protected names kept)').returns<TranslationAnswer<TextsTranslation>>(),
  translationUsage: method(nothing(), "Translation cache totals per template and the account's characters").returns<TranslationUsage>(),
  uploadTranslationDocument: method(documentUpload, 'Send a document to be translated').returns<TranslationAnswer<DocumentJobView>>(),
  listTranslationDocuments: method(nothing(), 'Document translations, newest first').returns<DocumentJobView[]>(),
  translationDocumentStatus: method(object({ id: jobId }), 'One document translation').returns<DocumentJobView | null>(),
  resumeTranslationDocument: method(object({ id: jobId }), 'Go on with a document translation an earlier run left').returns<TranslationAnswer<DocumentJobView>>(),
  downloadTranslationDocument: method(object({ id: jobId }), 'The translated document').returns<DownloadedDocument | null>(),
  forgetTranslationDocument: method(object({ id: jobId }), 'Remove a document translation and its files').returns<{ forgotten: boolean }>(),
  saveTemplateVariant: method(templateVariantInput, 'Save a translated version of a ticket design').returns<VariantSaveResult>(),
  deleteTemplateVariant: method(object({ name: templateName, language: languageCode }), 'Delete a language version of a ticket design').returns<{ deleted: boolean }>(),
  getSettings: method(nothing(), 'Settings with secrets masked').returns<SettingsView>(),
  updateSettings: method(
    object({ settings: optional(settingsPatch), secrets: optional(secretsPatch) }),
    'Change settings; the service restarts when its network settings change',
    'admin',
  ).returns<SettingsView>(),

  // Which web sites may print (issue 15): an unknown site is refused and asked about once; the answer is saved and
  // applies at once, without restarting the service. Answers are `admin`: they decide who may print.
  originRequests: method(nothing(), 'Sites waiting for an answer, with the allowed and refused ones').returns<OriginsView>(),
  // `subdomains` (with allow: false) refuses the site's parent domain and every name under it (issue 20): only when the
  // site's `domain` offers one, so no answer can refuse a public suffix such as co.uk.
  answerOrigin: method(
    object({ origin: originText, allow: bool(), subdomains: optional(bool()) }),
    'Allow or refuse a site (or, refusing, its whole domain), remembered',
    'admin',
  ).returns<OriginsView>(),
  forgetOrigin: method(object({ origin: originText }), 'Remove a site from the allowed or refused list (it is asked about again)', 'admin').returns<OriginsView>(),
  forgetDomain: method(object({ domain: domainText }), 'Remove a domain refused with its subdomains (its sites are asked about again)', 'admin').returns<OriginsView>(),

  // Online orders (issue 34): the CloudPRNT and Epson SDP servers polled for a printer each, with how each runs. Changes
  // are `admin` (they decide who prints in the shop); a password goes in and never comes back out.
  onlineOrders: method(nothing(), 'Online-order servers with their printer id, last poll, orders printed and last problem').returns<OnlineOrdersView>(),
  saveOnlineOrder: method(onlineOrderInput, 'Add or change an online-order server (its password is kept encrypted)', 'admin').returns<OnlineOrdersView>(),
  removeOnlineOrder: method(object({ id: str({ min: 1, max: 64 }) }), 'Remove an online-order server and its password', 'admin').returns<OnlineOrdersView>(),
  testOnlineOrder: method(object({ id: str({ min: 1, max: 64 }) }), 'Poll an online-order server once now: what it answered', 'admin').returns<OnlineOrderTestResult | null>(),

  // The organization admin of the translation account (developer keys and usage), with the saved admin key. `admin`
  // access: these spend and change the organization's keys. Failures come back as data (AdminAnswer), kind and trace id
  // included, because an error thrown across Electron's context bridge keeps only its message.
  adminListKeys: method(nothing(), 'Developer keys of the organization', 'admin').returns<AdminAnswer<AdminKey[]>>(),
  adminCreateKey: method(object({ label: optional(adminLabel) }), 'Create a developer key', 'admin').returns<AdminAnswer<AdminKey>>(),
  adminRenameKey: method(object({ keyId: adminKeyId, label: adminLabel }), 'Rename a developer key', 'admin').returns<AdminAnswer<AdminKey>>(),
  adminSetKeyLimits: method(
    object({ keyId: adminKeyId, characters: adminLimit, speechToTextMilliseconds: adminLimit }),
    'Set or remove (null) the monthly limits of a developer key',
    'admin',
  ).returns<AdminAnswer<AdminKey>>(),
  adminDeactivateKey: method(object({ keyId: adminKeyId }), 'Deactivate a developer key, for good', 'admin').returns<AdminAnswer<AdminKey>>(),
  adminUsage: method(
    object({ from: adminDay, to: adminDay, groupBy: optional(oneOf(USAGE_GROUPINGS)) }),
    'Usage of the organization over a range of days',
    'admin',
  ).returns<AdminAnswer<UsageReport>>(),
  adminCustomTags: method(
    object({ from: adminDay, to: adminDay, aggregateBy: optional(oneOf(TAG_AGGREGATIONS)) }),
    'Usage by custom tag over a range of days, every page',
    'admin',
  ).returns<AdminAnswer<CustomTagReport>>(),

  // Campus open data (issue 12): the campus Wi-Fi's authentication issues, kept and refreshed daily by the app, and the
  // data API's changelog (no key needed). A failure of the service comes back as data (CampusStatus.lastFailure,
  // CampusAnswer) with its own kind, so the window says what to do in its language.
  campusStatus: method(nothing(), 'The last campus Wi-Fi reading kept and how the last refresh went').returns<CampusStatus>(),
  campusRefresh: method(nothing(), 'Ask the campus service for the Wi-Fi authentication issues now').returns<CampusStatus>(),
  campusChangelog: method(nothing(), "The campus data API's published changes, newest first, by date").returns<CampusAnswer<CampusChangelog>>(),

  // "Añadir impresora" (issue 24): `admin`, like updateSettings, and one probe at a time on an address of this computer
  // or the local network as typed (never a name resolved, never a range), so no page can make the service scan a network.
  probePrinter: method(
    object({ host: str({ min: 1, max: 255 }), port: int(1, 65_535), model: optional(str({ min: 1, max: 100 })) }),
    'Ask a network address whether a receipt printer is there (a status request only: nothing is printed)',
    'admin',
  ).returns<PrinterProbe>(),
  usbDevices: method(nothing(), 'USB devices this computer sees, printers first', 'admin').returns<UsbDevicesSeen>(),

  // Remote printing through the chain's MQTT broker (issue 26): broker, site, connected or why not, last ticket.
  fleetStatus: method(nothing(), "The connection to the chain's MQTT broker, when remote printing is on").returns<FleetStatus>(),
} as const;

export type Contract = typeof CONTRACT;
export type MethodName = keyof Contract;
export type InputOf<M extends MethodName> = Contract[M] extends MethodSpec<infer I, unknown> ? I : never;
export type OutputOf<M extends MethodName> = Contract[M] extends MethodSpec<unknown, infer O> ? O : never;

export const METHOD_NAMES = Object.keys(CONTRACT) as MethodName[];

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.hasOwn(CONTRACT, value);
}
