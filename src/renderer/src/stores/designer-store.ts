import { create } from 'zustand';
import type { CommandType } from '../../../shared/document/types';
import type { Preview, Template } from '../../../shared/contract/types';
import { api } from '../api/api';
import { SAMPLE_DOCUMENT } from '../designer/command-defaults';
import { formatDocument, parseDocument, withCommandAdded, withCommandRemoved } from '../designer/document-text';
import { messageOf } from './message-of';

interface DesignerState {
  text: string;
  parseError: string | undefined;
  preview: Preview | undefined;
  templates: Template[];
  templateName: string;
  notice: string | undefined;
  error: string | undefined;
  setText(text: string): void;
  setTemplateName(name: string): void;
  addCommand(type: CommandType): void;
  removeCommand(index: number): void;
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

export const useDesignerStore = create<DesignerState>()((set, get) => {
  const schedulePreview = (): void => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => void get().refreshPreview(), PREVIEW_DEBOUNCE_MS);
  };
  const editParsed = (edit: (document: unknown) => unknown): void => {
    const parsed = parseDocument(get().text);
    if (parsed.ok) get().setText(formatDocument(edit(parsed.value)));
  };
  return {
    text: formatDocument(SAMPLE_DOCUMENT),
    parseError: undefined,
    preview: undefined,
    templates: [],
    templateName: '',
    notice: undefined,
    error: undefined,
    setText(text) {
      const parsed = parseDocument(text);
      set({ text, parseError: parsed.ok ? undefined : parsed.message });
      if (parsed.ok) schedulePreview();
    },
    setTemplateName: (templateName) => set({ templateName }),
    addCommand: (type) => editParsed((document) => withCommandAdded(document, type)),
    removeCommand: (index) => editParsed((document) => withCommandRemoved(document, index)),
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
        set({ notice: `${name} ✓`, error: undefined });
        await get().loadTemplates();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    openTemplate(template) {
      set({ templateName: template.name });
      get().setText(formatDocument(template.document));
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
        set({ notice: `${result.id} · ${result.mensaje}`, error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
  };
});
