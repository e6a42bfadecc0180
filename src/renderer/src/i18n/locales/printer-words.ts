/**
 * Printers in plain words (issue 32, round 4): how Ticketera reaches one it talks to itself, instead of a driver
 * name, and the model list's two headings. Spanish and English with the same keys.
 */
export const printerWordsEs = {
  printerReach_network: 'Impresora de red',
  printerReach_usb: 'Conectada por USB',
  modelGroupCommon: 'Los más habituales',
  modelGroupOthers: 'Todos los demás modelos',
};

export const printerWordsEn: Record<keyof typeof printerWordsEs, string> = {
  printerReach_network: 'Network printer',
  printerReach_usb: 'Connected by USB',
  modelGroupCommon: 'Most common',
  modelGroupOthers: 'All other models',
};
