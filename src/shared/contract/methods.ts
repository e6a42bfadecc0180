import { bool, int, jsonValue, nothing, object, optional, str, type Check } from './checks';
import { secretsPatch, settingsPatch, type SettingsView } from './settings';
import type { JobDetail, JobSummary, Preview, PrinterList, ReprintResult, ServiceStatus, SubmitResult, Template } from './types';

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
/** Names are shown in lists and menus: letters, digits and a little punctuation, never a path. */
const templateName = str({ min: 1, max: 100, pattern: /^[\p{L}\p{N} ._()#&+,'-]+$/u });

/**
 * THE contract between the window and the service: every method, its input schema and its output type. The IPC
 * handlers, the preload, the HTTP transport and the renderer's client are all derived from this object.
 */
export const CONTRACT = {
  getStatus: method(nothing(), 'Queue, worker and printer summary').returns<ServiceStatus>(),
  setPaused: method(object({ paused: bool() }), 'Pause or resume printing').returns<ServiceStatus>(),
  listPrinters: method(optional(object({ refresh: optional(bool()) })), 'Printers with type and status').returns<PrinterList>(),
  listJobs: method(optional(object({ limit: optional(int(1, 500)) })), 'Recent jobs, newest first').returns<JobSummary[]>(),
  getJob: method(object({ id: jobId }), 'One job with its document').returns<JobDetail | null>(),
  reprintJob: method(object({ id: jobId }), 'Print a finished job again').returns<ReprintResult>(),
  submitJob: method(object({ document, printer: optional(str({ min: 1, max: 500 })) }), 'Queue a print document').returns<SubmitResult>(),
  listTemplates: method(nothing(), 'Saved ticket designs').returns<Template[]>(),
  saveTemplate: method(object({ name: templateName, document }), 'Save a ticket design').returns<Template>(),
  deleteTemplate: method(object({ name: templateName }), 'Delete a ticket design').returns<{ deleted: boolean }>(),
  renderPreview: method(object({ document }), 'Encode a document and render its preview').returns<Preview>(),
  getSettings: method(nothing(), 'Settings with secrets masked').returns<SettingsView>(),
  updateSettings: method(
    object({ settings: optional(settingsPatch), secrets: optional(secretsPatch) }),
    'Change settings; the service restarts when its network settings change',
    'admin',
  ).returns<SettingsView>(),
} as const;

export type Contract = typeof CONTRACT;
export type MethodName = keyof Contract;
export type InputOf<M extends MethodName> = Contract[M] extends MethodSpec<infer I, unknown> ? I : never;
export type OutputOf<M extends MethodName> = Contract[M] extends MethodSpec<unknown, infer O> ? O : never;

export const METHOD_NAMES = Object.keys(CONTRACT) as MethodName[];

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.hasOwn(CONTRACT, value);
}
