import { create } from 'zustand';
import type { CommandType, PrintCommand } from '../../../shared/document/types';
import type { Preview, Template } from '../../../shared/contract/types';
import { api } from '../api/api';
import { documentOf, newBlockId, newCommand, partsOf, type DocumentParts } from '../designer/blocks';
import { SAMPLE_DOCUMENT } from '../designer/command-defaults';
import { formatDocument, parseDocument } from '../designer/document-text';
import { messageOf } from './message-of';

/** What the last action did, told in the window's language by the page. */
export type DesignerNotice = { kind: 'queued'; id: string } | { kind: 'saved'; name: string };

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
  templateName: string;
  notice: DesignerNotice | undefined;
  error: string | undefined;
  setText(text: string): void;
  setTemplateName(name: string): void;
  select(index: number | undefined): void;
  addCommand(type: CommandType, at?: number): void;
  updateCommand(index: number, command: PrintCommand): void;
  moveCommand(from: number, to: number): void;
  duplicateCommand(index: number): void;
  removeCommand(index: number): void;
  undo(): void;
  setPaper(width: 58 | 80): void;
  refreshPreview(): Promise<void>;
  loadTemplates(): Promise<void>;
  saveTemplate(): Promise<void>;
  openTemplate(template: Template): void;
  deleteTemplate(name: string): Promise<void>;
  print(): Promise<void>;
}

/** Typing pauses this long before the preview is rendered again. */
const PREVIEW_DEBOUNCE_MS = 250;
let previewTimer: ReturnType<typeof setTimeout> | undefined;
let previewSequence = 0;
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

const initialText = formatDocument(SAMPLE_DOCUMENT);

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
  /** Text from outside the blocks (the JSON view, a template): ids kept while the number of blocks is the same. */
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
      undoStack: undoKey !== null && before.text !== text ? pushUndo(before.undoStack, before.text, undoKey === '' ? undefined : undoKey) : before.undoStack,
    });
    if (parsed.ok) schedulePreview();
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
    notice: undefined,
    error: undefined,
    setText: (text) => replaceText(text, 'json'),
    setTemplateName: (templateName) => set({ templateName }),
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
    async refreshPreview() {
      const parsed = parseDocument(get().text);
      if (!parsed.ok) return;
      const sequence = ++previewSequence;
      try {
        const preview = await api.renderPreview({ document: parsed.value });
        // An older, slower answer must not replace the preview of what is in the editor now.
        if (sequence === previewSequence) set({ preview, error: undefined });
      } catch (error) {
        if (sequence === previewSequence) set({ error: messageOf(error) });
      }
    },
    async loadTemplates() {
      try {
        set({ templates: await api.listTemplates() });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async saveTemplate() {
      const parsed = parseDocument(get().text);
      const name = get().templateName.trim();
      if (!parsed.ok || name === '') return;
      try {
        await api.saveTemplate({ name, document: parsed.value });
        set({ notice: { kind: 'saved', name }, error: undefined });
        await get().loadTemplates();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    openTemplate(template) {
      set({ templateName: template.name });
      replaceText(formatDocument(template.document), '');
    },
    async deleteTemplate(name) {
      try {
        await api.deleteTemplate({ name });
        await get().loadTemplates();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async print() {
      const parsed = parseDocument(get().text);
      if (!parsed.ok) return;
      try {
        const result = await api.submitJob({ document: parsed.value });
        set({ notice: { kind: 'queued', id: result.id }, error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
  };
});
