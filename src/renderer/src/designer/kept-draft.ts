import { create } from 'zustand';
import { newBlockId, partsOf } from './blocks';
import { parseDocument } from './document-text';
import { isDirty, useDesignerStore } from '../stores/designer-store';

/**
 * The receipt being designed, kept for the one trip to the sign-in page ("Sign in again" reloads the window): an edit
 * not saved yet would otherwise be lost with the page. Kept in this tab only (sessionStorage), taken back once.
 */
const DRAFT_KEY = 'ticketera.designer.keptDraft';

type DesignerState = ReturnType<typeof useDesignerStore.getState>;
type KeptDraft = Pick<DesignerState, 'text' | 'samples' | 'templateName' | 'variant' | 'suggestedName' | 'saved'>;

const isKeptDraft = (value: unknown): value is KeptDraft =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string' && typeof (value as { templateName?: unknown }).templateName === 'string';

/** Whether the Designer shows "your changes are still here" (until the owner closes it). */
export const useKeptDraftNote = create<{ shown: boolean; dismiss(): void }>()((set) => ({
  shown: false,
  dismiss: () => set({ shown: false }),
}));

/** Keeps the unsaved receipt before the window leaves to sign in; true when there was one. */
export function keepDesignerDraft(): boolean {
  const state = useDesignerStore.getState();
  if (!isDirty(state)) return false;
  const { text, samples, templateName, variant, suggestedName, saved } = state;
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ text, samples, templateName, variant, suggestedName, saved } satisfies KeptDraft));
    return true;
  } catch {
    return false;
  }
}

/** Puts a kept receipt back in the editor, still unsaved (so "Save" and the leave question work as before it left). */
export function restoreKeptDraft(): boolean {
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    return false;
  }
  if (!isKeptDraft(draft)) return false;
  const parsed = parseDocument(draft.text);
  const count = parsed.ok ? partsOf(parsed.value).commands.length : 0;
  useDesignerStore.setState({
    ...draft,
    parseError: parsed.ok ? undefined : parsed.message,
    ids: Array.from({ length: count }, newBlockId),
    selected: undefined,
    undoStack: [],
    deleted: undefined,
  });
  void useDesignerStore.getState().refreshPreview();
  useKeptDraftNote.setState({ shown: true });
  return true;
}
