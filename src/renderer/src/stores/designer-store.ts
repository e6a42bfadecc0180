import i18next from 'i18next';
import { create } from 'zustand';
import type { CommandType, PrintCommand } from '../../../shared/document/types';
import type { Preview, Template, TemplateSample } from '../../../shared/contract/types';
import { api } from '../api/api';
import { documentOf, newBlockId, newCommand, partsOf, type DocumentParts } from '../designer/blocks';
import { SAMPLE_DOCUMENT } from '../designer/command-defaults';
import { formatDocument, parseDocument } from '../designer/document-text';
import { fillCommands, placeholdersIn, samplesOf, samplesToSave, type Samples } from '../designer/placeholders';
import type { TemplateFile } from '../designer/template-file';
import { messageOf } from './message-of';

/** What the last action did, told in the window's language by the page. */
export type DesignerNotice =
  | { kind: 'queued'; id: string }
  | { kind: 'saved' | 'renamed' | 'duplicated' | 'deleted' | 'imported'; name: string };

/** The receipt as last saved or opened: what "unsaved changes" are measured against. */
interface Snapshot {
  text: string;
  samples: TemplateSample[];
}

/** What the unsaved-changes question answers to. */
export type LeaveAnswer = 'save' | 'discard' | 'cancel';

/** How many earlier versions of the document "undo" can go back to. */
const UNDO_LIMIT = 50;

interface DesignerState {
  /** The document as JSON text: the one source of truth, shared by the blocks and the advanced view. */
  text: string;
  parseError: string | undefined;
  /** One stable id per command, for the list's keys and drag and drop. */
  ids: string[];
  selected: number | undefined;
  undoStack: string[];
  /** The block just deleted (its type), while its "undo" is offered. */
  deleted: string | undefined;
  preview: Preview | undefined;
  templates: Template[];
  /** The saved template being edited; '' for a receipt not saved under a name yet. */
  templateName: string;
  /** The template's language version open in the editor (`ZH`), undefined for the original: "Save" saves that version. */
  variant: string | undefined;
  /** A name to offer when saving a receipt that has none (the imported file's). */
  suggestedName: string;
  samples: Samples;
  /** null: this receipt was never saved (an imported one), so it always counts as changed. */
  saved: Snapshot | null;
  /** Waits for the answer to "Save changes?" before it runs (open, import, new, leave the page). */
  pendingAction: (() => void) | undefined;
  notice: DesignerNotice | undefined;
  error: string | undefined;
  /** The model set for the printer tickets go to: the preview lays out a document naming no model for it. */
  printerModel: string | undefined;
  setText(text: string): void;
  select(index: number | undefined): void;
  addCommand(type: CommandType, at?: number): void;
  updateCommand(index: number, command: PrintCommand): void;
  moveCommand(from: number, to: number): void;
  duplicateCommand(index: number): void;
  removeCommand(index: number): void;
  undo(): void;
  setPaper(width: 58 | 80): void;
  /** Names a model in the document (it then prints that way on any printer), or none: the printer's own. */
  setModel(model: string | undefined): void;
  setPrinterModel(model: string | undefined): void;
  setSample(name: string, value: string): void;
  /** First values for placeholders that have none; they are not changes of the owner's. */
  addDefaultSamples(defaults: Samples): void;
  refreshPreview(): Promise<void>;
  loadTemplates(): Promise<void>;
  /** After a reload: the template last edited back in the editor, unless something else is in it already. */
  reopenLast(): void;
  /** Saves under `name` (save as) or the current name; false when it failed (the error is shown). */
  saveTemplate(name?: string): Promise<boolean>;
  renameTemplate(to: string): Promise<'renamed' | 'exists' | 'failed'>;
  duplicateTemplate(copyName: string): Promise<void>;
  deleteTemplate(name: string): Promise<void>;
  openTemplate(template: Template): void;
  /** The original (undefined) or one of its language versions into the editor, asking first about unsaved changes. */
  openVariant(language: string | undefined): void;
  importFile(file: TemplateFile): void;
  newReceipt(): void;
  /** Runs `action` at once when nothing is unsaved; otherwise asks first (see answerLeave). */
  requestLeave(action: () => void): void;
  answerLeave(answer: LeaveAnswer, name?: string): Promise<void>;
  print(): Promise<void>;
}

/** Typing pauses this long before the preview is rendered again. */
const PREVIEW_DEBOUNCE_MS = 250;
let previewTimer: ReturnType<typeof setTimeout> | undefined;
let previewSequence = 0;
/** The error the last failed preview showed, so that a later preview clears that one and no other. */
let previewError: string | undefined;
/** Typing in one field (or in the JSON) is one step to undo, not one step per key. */
let lastUndoKey: string | undefined;

const pushUndo = (stack: string[], text: string, key: string | undefined): string[] => {
  const coalesce = key !== undefined && key === lastUndoKey;
  lastUndoKey = key;
  return coalesce ? stack : [...stack, text].slice(-UNDO_LIMIT);
};

const countOf = (text: string): number => {
  const parsed = parseDocument(text);
  return parsed.ok ? partsOf(parsed.value).commands.length : 0;
};

const placeholdersOfText = (text: string): string[] => {
  const parsed = parseDocument(text);
  return parsed.ok ? placeholdersIn(partsOf(parsed.value).commands) : [];
};

/** The samples worth keeping with this text: those of its placeholders. */
const samplesFor = (text: string, samples: Samples): TemplateSample[] => samplesToSave(placeholdersOfText(text), samples);

export function isDirty(state: Pick<DesignerState, 'text' | 'samples' | 'saved'>): boolean {
  if (state.saved === null) return true;
  return state.saved.text !== state.text || JSON.stringify(state.saved.samples) !== JSON.stringify(samplesFor(state.text, state.samples));
}

/** The document as a sale would print it: the sample values in place of the placeholders. */
export function sampleDocumentOf(text: string, samples: Samples): { ok: true; value: unknown } | { ok: false } {
  const parsed = parseDocument(text);
  if (!parsed.ok) return { ok: false };
  const { base, commands } = partsOf(parsed.value);
  return { ok: true, value: documentOf({ base, commands: fillCommands(commands, samples) }) };
}

const initialText = formatDocument(SAMPLE_DOCUMENT);

/** The template last opened or saved, so a reload (or the next start) brings it back instead of the sample. */
const LAST_TEMPLATE_KEY = 'ticketera.designer.lastTemplate';
const rememberTemplate = (name: string): void => {
  if (name === '') globalThis.localStorage?.removeItem(LAST_TEMPLATE_KEY);
  else globalThis.localStorage?.setItem(LAST_TEMPLATE_KEY, name);
};

/**
 * What the preview is asked to draw: the receipt with its samples, and a picture block still without its picture
 * drawn as a marked line in its place ("Bloque 2: falta la imagen"), so the rest of the receipt still shows.
 */
export function previewDocumentOf(text: string, samples: Samples): { ok: true; value: unknown } | { ok: false } {
  const parsed = parseDocument(text);
  if (!parsed.ok) return { ok: false };
  const { base, commands } = partsOf(parsed.value);
  const drawn = fillCommands(commands, samples).map((command, index) =>
    isEmptyImage(command) ? { type: 'text', data: { text: i18next.t('previewImageMissing', { n: index + 1 }), align: 'center', invert: true } } : command,
  );
  return { ok: true, value: documentOf({ base, commands: drawn }) };
}

/** A picture block whose picture was not chosen yet. */
export function isEmptyImage(command: unknown): boolean {
  if (typeof command !== 'object' || command === null || (command as { type?: unknown }).type !== 'image') return false;
  const image = (command as { data?: { image?: unknown } }).data?.image;
  return typeof image !== 'string' || image === '';
}

export const useDesignerStore = create<DesignerState>()((set, get) => {
  const schedulePreview = (): void => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => void get().refreshPreview(), PREVIEW_DEBOUNCE_MS);
  };
  /** A visual edit: the commands and their ids change together; the version before is kept for "undo". */
  const edit = (change: (parts: DocumentParts, ids: string[]) => { ids: string[]; selected?: number | undefined }, undoKey?: string): void => {
    const { text, ids } = get();
    const parsed = parseDocument(text);
    if (!parsed.ok) return;
    const parts = partsOf(parsed.value);
    const result = change(parts, [...ids]);
    const nextText = formatDocument(documentOf(parts));
    set((state) => ({
      text: nextText,
      parseError: undefined,
      ids: result.ids,
      ...('selected' in result ? { selected: result.selected } : {}),
      undoStack: pushUndo(state.undoStack, text, undoKey),
      deleted: undefined,
    }));
    schedulePreview();
  };
  /** Text from the JSON view or "undo": ids kept while the number of blocks is the same. */
  const replaceText = (text: string, undoKey: string | null): void => {
    const parsed = parseDocument(text);
    const before = get();
    const count = parsed.ok ? partsOf(parsed.value).commands.length : before.ids.length;
    const ids = count === before.ids.length ? before.ids : Array.from({ length: count }, newBlockId);
    const selected = before.selected !== undefined && before.selected < count ? before.selected : undefined;
    set({
      text,
      parseError: parsed.ok ? undefined : parsed.message,
      ids,
      selected,
      undoStack: undoKey !== null && before.text !== text ? pushUndo(before.undoStack, before.text, undoKey) : before.undoStack,
    });
    if (parsed.ok) schedulePreview();
  };
  /** Another receipt in the editor: its own blocks, samples and name; nothing to undo into the one before. */
  const load = (document: unknown, name: string, samples: TemplateSample[], saved: boolean, suggestedName = ''): void => {
    const text = formatDocument(document);
    lastUndoKey = undefined;
    set({
      text,
      parseError: undefined,
      ids: Array.from({ length: countOf(text) }, newBlockId),
      selected: undefined,
      undoStack: [],
      deleted: undefined,
      templateName: name,
      variant: undefined,
      suggestedName,
      samples: samplesOf(samples),
      saved: saved ? { text, samples: samplesFor(text, samplesOf(samples)) } : null,
    });
    schedulePreview();
  };
  /** "Save" while a language version is open saves that version, never the original. */
  const saveVariant = async (name: string, language: string, text: string, document: unknown): Promise<boolean> => {
    const billedCharacters = get().templates.find((template) => template.name === name)?.variants?.[language]?.billedCharacters ?? 0;
    try {
      const result = await api.saveTemplateVariant({ name, language, document, billedCharacters });
      if (!result.saved) {
        // Deleted meanwhile (another window): what is in the editor is now a receipt without a name.
        set({ templateName: '', variant: undefined, saved: null });
        return false;
      }
      set({ saved: { text, samples: samplesFor(text, get().samples) }, notice: { kind: 'saved', name }, error: undefined });
      await get().loadTemplates();
      return true;
    } catch (error) {
      set({ error: messageOf(error) });
      return false;
    }
  };
  const emptyReceipt = (): unknown => {
    const parsed = parseDocument(get().text);
    const profile = parsed.ok ? partsOf(parsed.value).base['profile'] : undefined;
    return { version: '1.0', profile: profile ?? SAMPLE_DOCUMENT.profile, commands: [] };
  };
  return {
    text: initialText,
    parseError: undefined,
    ids: Array.from({ length: countOf(initialText) }, newBlockId),
    selected: undefined,
    undoStack: [],
    deleted: undefined,
    preview: undefined,
    templates: [],
    templateName: '',
    variant: undefined,
    suggestedName: '',
    samples: {},
    saved: { text: initialText, samples: [] },
    pendingAction: undefined,
    notice: undefined,
    error: undefined,
    printerModel: undefined,
    setText: (text) => replaceText(text, 'json'),
    select: (selected) => set({ selected }),
    addCommand(type, at) {
      edit(({ commands }, ids) => {
        const index = Math.min(at ?? commands.length, commands.length);
        commands.splice(index, 0, newCommand(type));
        ids.splice(index, 0, newBlockId());
        return { ids, selected: index };
      });
    },
    updateCommand(index, command) {
      edit(({ commands }, ids) => {
        commands[index] = command;
        return { ids };
      }, `block:${get().ids[index] ?? index}`);
    },
    moveCommand(from, to) {
      edit(({ commands }, ids) => {
        if (to < 0 || to >= commands.length || from === to) return { ids };
        const [command] = commands.splice(from, 1);
        const [id] = ids.splice(from, 1);
        commands.splice(to, 0, command);
        ids.splice(to, 0, id ?? newBlockId());
        return { ids, selected: to };
      });
    },
    duplicateCommand(index) {
      edit(({ commands }, ids) => {
        commands.splice(index + 1, 0, structuredClone(commands[index]));
        ids.splice(index + 1, 0, newBlockId());
        return { ids, selected: index + 1 };
      });
    },
    removeCommand(index) {
      const parsed = parseDocument(get().text);
      const removed = parsed.ok ? partsOf(parsed.value).commands[index] : undefined;
      edit(({ commands }, ids) => {
        commands.splice(index, 1);
        ids.splice(index, 1);
        return { ids, selected: undefined };
      });
      const type = typeof removed === 'object' && removed !== null ? (removed as { type?: unknown }).type : undefined;
      set({ deleted: typeof type === 'string' ? type : '?' });
    },
    undo() {
      const stack = get().undoStack;
      const previous = stack[stack.length - 1];
      if (previous === undefined) return;
      replaceText(previous, null);
      lastUndoKey = undefined;
      set({ undoStack: stack.slice(0, -1), deleted: undefined });
    },
    setPaper(width) {
      edit(({ base }, ids) => {
        const profile = typeof base['profile'] === 'object' && base['profile'] !== null ? (base['profile'] as Record<string, unknown>) : {};
        base['profile'] = { ...profile, paper_width: width };
        return { ids };
      });
    },
    setModel(model) {
      edit(({ base }, ids) => {
        const profile = typeof base['profile'] === 'object' && base['profile'] !== null ? (base['profile'] as Record<string, unknown>) : {};
        // 'epson' is what documents have always said for "any ESC/POS printer" (the sample says it too).
        base['profile'] = { ...profile, model: model ?? 'epson' };
        return { ids };
      });
    },
    setPrinterModel(model) {
      if (model === get().printerModel) return;
      set({ printerModel: model });
      schedulePreview();
    },
    setSample(name, value) {
      set((state) => ({ samples: { ...state.samples, [name]: value } }));
      schedulePreview();
    },
    addDefaultSamples(defaults) {
      const state = get();
      const missing = Object.entries(defaults).filter(([name]) => state.samples[name] === undefined);
      if (missing.length === 0) return;
      const clean = !isDirty(state);
      const samples = { ...state.samples, ...Object.fromEntries(missing) };
      set({ samples, ...(clean && state.saved ? { saved: { ...state.saved, samples: samplesFor(state.text, samples) } } : {}) });
      schedulePreview();
    },
    async refreshPreview() {
      const document = previewDocumentOf(get().text, get().samples);
      if (!document.ok) return;
      const sequence = ++previewSequence;
      try {
        const printerModel = get().printerModel;
        const preview = await api.renderPreview({ document: document.value, ...(printerModel === undefined ? {} : { printerModel }) });
        // An older, slower answer must not replace the preview of what is in the editor now.
        // Only the preview's own failure goes: a refused save shown meanwhile stays until the owner acts again.
        if (sequence === previewSequence) set({ preview, ...(get().error === previewError ? { error: undefined } : {}) });
      } catch (error) {
        if (sequence === previewSequence) {
          previewError = messageOf(error);
          set({ error: previewError });
        }
      }
    },
    async loadTemplates() {
      try {
        set({ templates: await api.listTemplates() });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async saveTemplate(asName) {
      const { text, samples, templateName, variant } = get();
      const parsed = parseDocument(text);
      const name = (asName ?? templateName).trim();
      if (!parsed.ok || name === '') return false;
      if (variant !== undefined && name === templateName) return saveVariant(name, variant, text, parsed.value);
      try {
        const kept = samplesFor(text, samples);
        await api.saveTemplate({ name, document: parsed.value, samples: kept });
        set({ templateName: name, variant: undefined, suggestedName: '', saved: { text, samples: kept }, notice: { kind: 'saved', name }, error: undefined });
        rememberTemplate(name);
        await get().loadTemplates();
        return true;
      } catch (error) {
        set({ error: messageOf(error) });
        return false;
      }
    },
    async renameTemplate(to) {
      const from = get().templateName;
      try {
        const result = await api.renameTemplate({ from, to });
        if (!result.renamed) {
          if (result.reason === 'exists') return 'exists';
          // Deleted meanwhile (another window): what is in the editor is now a receipt without a name.
          set({ templateName: '', saved: null });
          return 'failed';
        }
        set({ templateName: to, notice: { kind: 'renamed', name: to }, error: undefined });
        rememberTemplate(to);
        await get().loadTemplates();
        return 'renamed';
      } catch (error) {
        set({ error: messageOf(error) });
        return 'failed';
      }
    },
    async duplicateTemplate(copyName) {
      const original = get().templates.find((template) => template.name === get().templateName);
      if (!original) return;
      try {
        const copy = await api.saveTemplate({ name: copyName, document: original.document, samples: original.samples ?? [] });
        // The copy is what the owner wants to change next: it opens (asked first when the editor has changes).
        get().requestLeave(() => {
          get().openTemplate(copy);
          set({ notice: { kind: 'duplicated', name: copyName } });
        });
        set({ notice: { kind: 'duplicated', name: copyName }, error: undefined });
        await get().loadTemplates();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async deleteTemplate(name) {
      try {
        await api.deleteTemplate({ name });
        // The receipt stays in the editor, now saved nowhere: closing it would lose it.
        if (name === get().templateName) {
          set({ templateName: '', suggestedName: name, saved: null });
          rememberTemplate('');
        }
        set({ notice: { kind: 'deleted', name }, error: undefined });
        await get().loadTemplates();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    openTemplate(template) {
      load(template.document, template.name, template.samples ?? [], true);
      rememberTemplate(template.name);
    },
    reopenLast() {
      const state = get();
      if (state.templateName !== '' || state.text !== initialText || isDirty(state)) return;
      const name = globalThis.localStorage?.getItem(LAST_TEMPLATE_KEY);
      const template = state.templates.find((candidate) => candidate.name === name);
      if (template) get().openTemplate(template);
    },
    openVariant(language) {
      get().requestLeave(() => {
        const template = get().templates.find((candidate) => candidate.name === get().templateName);
        const document = language === undefined ? template?.document : template?.variants?.[language]?.document;
        if (!template || document === undefined) return;
        load(document, template.name, template.samples ?? [], true);
        set({ variant: language });
      });
    },
    importFile(file) {
      load(file.document, '', file.samples, false, file.name ?? '');
      set({ notice: { kind: 'imported', name: file.name ?? '' } });
    },
    newReceipt() {
      load(emptyReceipt(), '', [], true);
    },
    requestLeave(action) {
      if (isDirty(get())) set({ pendingAction: action });
      else action();
    },
    async answerLeave(answer, name) {
      const action = get().pendingAction;
      if (answer === 'cancel' || !action) return set({ pendingAction: undefined });
      if (answer === 'save' && !(await get().saveTemplate(name))) return;
      if (answer === 'discard') {
        const { saved, templateName, variant } = get();
        if (saved) load(JSON.parse(saved.text) as unknown, templateName, saved.samples, true);
        else load(emptyReceipt(), '', [], true);
        // What was discarded is the language version's changes: that version stays open.
        if (saved) set({ variant });
      }
      set({ pendingAction: undefined });
      action();
    },
    async print() {
      const document = sampleDocumentOf(get().text, get().samples);
      if (!document.ok) return;
      try {
        const result = await api.submitJob({ document: document.value });
        set({ notice: { kind: 'queued', id: result.id }, error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
  };
});
