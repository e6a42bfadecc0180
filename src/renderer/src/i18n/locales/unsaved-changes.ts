/** The answers to "Save changes?", the same wherever it is asked (designer, settings); the title and Save are the designer's. */
export const unsavedChangesEs = {
  unsavedDiscardChanges: 'Descartar cambios',
  unsavedKeepEditing: 'Seguir editando',
};

export const unsavedChangesEn: Record<keyof typeof unsavedChangesEs, string> = {
  unsavedDiscardChanges: 'Discard changes',
  unsavedKeepEditing: 'Keep editing',
};
