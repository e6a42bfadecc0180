/** Texts of the Settings page's own layout: the language that applies at once, "Avanzado", unsaved changes. */
export const settingsPageEs = {
  languageHint: 'Se aplica y se guarda en cuanto lo elige.',
  settingsAdvanced: 'Avanzado',
  settingsAdvancedIntro:
    'Para quien instala o mantiene el equipo: quién puede conectarse y por qué puerto, los límites de la cola, la conexión segura, la impresión remota y las direcciones de los servicios.',
  settingsServiceAddresses: 'Direcciones de los servicios',
  settingsUnsavedText: 'Hay ajustes cambiados que aún no se han guardado.',
};

export const settingsPageEn: Record<keyof typeof settingsPageEs, string> = {
  languageHint: 'It applies and is saved as soon as you pick it.',
  settingsAdvanced: 'Advanced',
  settingsAdvancedIntro:
    'For whoever installs or looks after this computer: who may connect and on which port, the queue’s limits, the secure connection, remote printing and the services’ addresses.',
  settingsServiceAddresses: 'Service addresses',
  settingsUnsavedText: 'Some settings were changed and are not saved yet.',
};
